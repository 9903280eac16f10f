// The provider simulator's admin API: fresh keys to store with PUT /v1/byok, revocation, and the offline
// switch that makes the provider unreachable (a 502 on key verification and on the galleries, 7).

import { registerSecret } from "../../runner/client/redact.ts";
import { helperJson, simulatorOrigin } from "../../runner/client/simulator-client.ts";

const admin = (method: "GET" | "POST", path: string, body?: unknown): Promise<unknown> =>
  helperJson("provider simulator", `${simulatorOrigin("provider", "provider simulator")}/_admin${path}`, method, body);

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
}

/** Provider-API requests the simulator recorded, oldest first. */
export async function providerRequests(): Promise<ProviderRequest[]> {
  return ((await admin("GET", "/requests")) as { requests: ProviderRequest[] }).requests;
}

/** The chat-completion requests recorded after the first `skip` rows (take the count before acting). */
export async function chatRequestsSince(skip: number): Promise<ProviderRequest[]> {
  return (await providerRequests()).slice(skip).filter((row) => row.path.endsWith("/chat/completions"));
}
