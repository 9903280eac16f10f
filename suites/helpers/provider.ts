// The provider simulator's admin API: fresh keys to store with PUT /v1/byok, revocation, and the offline
// switch that makes the provider unreachable (a 502 on key verification and on the galleries, 7).

import { registerSecret } from "../../runner/client/redact.ts";
import { runConfig } from "../../runner/client/run-config.ts";
import { helperJson, simulatorOrigin } from "../../runner/client/simulator-client.ts";
import { modelIdsOf } from "../../spec/wired-provider.ts";

const admin = (method: "GET" | "POST", path: string, body?: unknown): Promise<unknown> =>
  helperJson("provider simulator", `${simulatorOrigin("provider", "provider simulator")}/_admin${path}`, method, body);

let served: Promise<string[]> | undefined;

/**
 * The model ids the provider simulator serves (its `GET /v1/models`, read with the target's provider_key or a
 * fresh key), once per suite file: a wired server's catalog lists these (spec/wired-provider.ts).
 */
export function servedModels(): Promise<string[]> {
  served ??= (async () => {
    const key = runConfig().target.provider_key ?? (await newProviderKey());
    const headers = { authorization: `Bearer ${key}` };
    return modelIdsOf(
      await helperJson(
        "provider simulator",
        `${simulatorOrigin("provider", "provider simulator")}/v1/models`,
        "GET",
        undefined,
        { headers },
      ),
    );
  })();
  return served;
}

/** A fresh key the provider accepts, registered for redaction. */
export async function newProviderKey(): Promise<string> {
  const { key } = (await admin("POST", "/keys")) as { key: string };
  registerSecret(key);
  return key;
}

export const revokeProviderKey = (key: string) => admin("POST", "/keys/revoke", { key });

/** Why a check that takes the provider offline runs alone (runner/framework/exclusive.ts): every reply and key write fails meanwhile. */
export const TAKES_PROVIDER_OFFLINE =
  "takes the model provider offline: every other check's replies and key writes fail meanwhile";

/** Why a check that judges by the provider's log runs alone: every other check's replies and analyses write to it. */
export const READS_PROVIDER_LOG =
  "judges by the provider's log of requests, which every other check's replies and analyses write to";

/** Runs `body` with the provider unreachable, and always brings it back. */
export async function whileProviderOffline<T>(body: () => Promise<T>): Promise<T> {
  await admin("POST", "/offline", { offline: true });
  try {
    return await body();
  } finally {
    await admin("POST", "/offline", { offline: false });
  }
}

export interface ProviderRequest {
  method: string;
  path: string;
  model: string | null;
  /** Arrival on the shared simulated clock, ISO 8601. */
  time: string;
  /** The last four characters of the key the request carried. */
  key_hint: string | null;
  stream: boolean;
  /** The session the request named (`metadata.session_id`, README's wiring contract), or null. */
  session: string | null;
  /** The text conversation a reply named (`metadata.conversation_id`), or null. */
  conversation: string | null;
}

/** The run a provider request was made for: a call's or a text window's session, or a text conversation. */
export type Run = { session: string } | { conversation: string };

export const describeRun = (run: Run) =>
  "session" in run ? `session ${run.session}` : `conversation ${run.conversation}`;

/** Whether `row` names `run` (a reply names its conversation, and its text window's session too). */
export const madeFor = (row: ProviderRequest, run: Run) =>
  "session" in run ? row.session === run.session : row.conversation === run.conversation;

/** Whether the server names runs of `run`'s kind (sessions, or conversations) on its provider requests at all. */
export const namesRuns = (rows: ProviderRequest[], run: Run) =>
  rows.some((row) => ("session" in run ? (row.session ?? null) : (row.conversation ?? null)) !== null);

/** Why a check cannot tie what the provider received to its run: the server names none. */
export const UNTIED =
  "the server names no session or conversation on its provider requests (README, wiring contract: `metadata`), so which run asked the provider cannot be told";

/** Provider-API requests the simulator recorded, oldest first. */
export async function providerRequests(): Promise<ProviderRequest[]> {
  return ((await admin("GET", "/requests")) as { requests: ProviderRequest[] }).requests;
}

/**
 * The chat completions recorded after the first `skip` rows that were made for `run`. A server that names no
 * run on any request (README, wiring contract) gets every chat completion since `skip`, as before the
 * contract asked for it: `tied` says which.
 */
export async function chatRequestsFor(run: Run, skip: number): Promise<{ rows: ProviderRequest[]; tied: boolean }> {
  const all = await providerRequests();
  const since = all.slice(skip).filter((row) => row.path.endsWith("/chat/completions"));
  if (!namesRuns(all, run)) return { rows: since, tied: false };
  return { rows: since.filter((row) => madeFor(row, run)), tied: true };
}
