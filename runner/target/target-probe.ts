// What `cap-conformance doctor` and `run` (runner/target/setup-check.ts) ask a target before any check: whether each region answers, which role each credential
// resolves to, whether the wiring and test hooks answer. Every request is bounded in time, and none can change
// anything on the server, whatever its role checks do:
// - reads are a list any member may read (5 item 6: the provider-key list) and GET /health;
// - a role is found at two gates the spec names (5 item 6): PUT /v1/byok/{provider} (ADMIN) and POST
//   /v1/calls/token (EDITOR), each sent a body that is not even a JSON object (`[]`) and, for the key, a provider
//   no catalog has, so neither a key nor a room can come of it. A 403 is the gate refusing the role (5 item 9);
//   any other refusal means the role got past it. The spec does not say whether a server checks the role before
//   the body: one that validates first answers 422 to every role, and the report says it cannot tell them apart.
// - with a wired target, the control-plane simulator's own resolve endpoint names the role it gives each
//   credential (a lookup, nothing stored).
import { request } from "undici";
import { OPERATIONS } from "../../spec/operations.ts";
import { fillPath, loadProfile } from "../../spec/profile.ts";
import type { Role, Target } from "../../spec/target.ts";
import { modelIdsOf, type WiredPairs, wiredPairsOf } from "../../spec/wired-provider.ts";
import { readCapped } from "../client/capped-body.ts";
import { decodingGlobal } from "../client/content-coding.ts";
import { LIMITS } from "../client/limits.ts";
import { redact, registerSecret } from "../client/redact.ts";

export interface Answer {
  url: string;
  /** null: no answer within the time limit (`error` says why). */
  status: number | null;
  /** The error envelope's message (section 7), else the start of the body; redacted. */
  message: string;
  ms: number;
  error?: string;
  json?: unknown;
}

export type Slot = "admin" | "editor" | "viewer" | "session_cookie";
/** What each slot of the target file is meant to be (the session cookie's member may have any role). */
export const SLOT_ROLE: Record<Slot, Role | undefined> = {
  admin: "ADMIN",
  editor: "EDITOR",
  viewer: "VIEWER",
  session_cookie: undefined,
};

/** A gate's verdict on one credential: let through, refused for its role (403), or not authenticated (401). */
export type Gate = "passed" | "refused" | "unauthenticated" | "unclear";

export interface CredentialProbe {
  slot: Slot;
  read: Answer;
  admin: { answer: Answer; gate: Gate };
  editor: { answer: Answer; gate: Gate };
  /** The role the two gates say, when they agree with one. */
  role?: Role;
  /** With a wired target: the control-plane simulator's role for this credential, or its refusal. */
  controlPlane?: Answer & { role?: string };
}

/** A body no operation takes: a JSON array where every body of the API is an object. */
const NOT_A_BODY = "[]";
/** No provider of any catalog: even a server that read no body would have nothing to store a key for. */
const NO_PROVIDER = "capct-doctor-no-such-provider";

export async function ask(
  url: string,
  timeoutMs: number,
  init: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<Answer> {
  const started = performance.now();
  const ms = () => Math.round(performance.now() - started);
  try {
    const response = await request(url, {
      method: (init.method ?? "GET") as "GET",
      headers: { accept: "application/json", ...init.headers },
      body: init.body,
      dispatcher: decodingGlobal(),
      headersTimeout: timeoutMs,
      bodyTimeout: timeoutMs,
      signal: AbortSignal.timeout(timeoutMs),
    });
    // Bounded like every read of a target: a probe needs a status and an error message, never megabytes.
    const text = new TextDecoder().decode(
      await readCapped(response.body, LIMITS.probeBodyBytes, contentLength(response.headers)),
    );
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      json = undefined;
    }
    const envelope = (json as { detail?: { message?: unknown } } | undefined)?.detail?.message;
    const message = redact(typeof envelope === "string" ? envelope : text.slice(0, 160)).replace(/\s+/g, " ");
    return { url: redact(url), status: response.statusCode, message, ms: ms(), json };
  } catch (error) {
    return { url: redact(url), status: null, message: "", ms: ms(), error: redact((error as Error).message) };
  }
}

function contentLength(headers: Record<string, string | string[] | undefined>): string | undefined {
  const value = headers["content-length"];
  return Array.isArray(value) ? value[0] : value;
}

function credentialHeaders(target: Target, slot: Slot): Record<string, string> {
  const value = target.credentials[slot];
  if (value === undefined) return {};
  // Section 5: tokens are bearer credentials; item 3, the session is the `service_session` cookie.
  return slot === "session_cookie" ? { cookie: `service_session=${value}` } : { authorization: `Bearer ${value}` };
}

export function gateOf(answer: Answer): Gate {
  if (answer.status === 401) return "unauthenticated";
  if (answer.status === 403) return "refused";
  if (answer.status !== null && answer.status < 500) return "passed";
  return "unclear";
}

function roleOf(admin: Gate, editor: Gate): Role | undefined {
  if (admin === "passed" && editor === "passed") return "ADMIN";
  if (admin === "refused" && editor === "passed") return "EDITOR";
  if (admin === "refused" && editor === "refused") return "VIEWER";
  return undefined;
}

const base = (target: Target, region = 0) => target.regions[region]!.base_url.replace(/\/$/, "");

/** The paths doctor uses: the provider-key list where the target's profile places it (4.1: not shown), and the
 * two gates the spec gives (4). */
export function probePaths(target: Target): { read: string; adminGate: string; editorGate: string } {
  const list = loadProfile(target.profile).operations["byok.list"] ?? OPERATIONS["byok.list"];
  return {
    read: list.path,
    adminGate: fillPath(OPERATIONS["byok.put"].path, { provider: NO_PROVIDER }),
    editorGate: OPERATIONS["call.token"].path,
  };
}

export async function probeCredential(target: Target, slot: Slot, timeoutMs: number): Promise<CredentialProbe> {
  const headers = credentialHeaders(target, slot);
  const paths = probePaths(target);
  const write = { headers: { ...headers, "content-type": "application/json" }, body: NOT_A_BODY };
  const [read, admin, editor, controlPlane] = await Promise.all([
    ask(base(target) + paths.read, timeoutMs, { headers }),
    ask(base(target) + paths.adminGate, timeoutMs, { method: "PUT", ...write }),
    ask(base(target) + paths.editorGate, timeoutMs, { method: "POST", ...write }),
    resolveAtControlPlane(target, slot, timeoutMs),
  ]);
  const adminGate = gateOf(admin);
  const editorGate = gateOf(editor);
  const role = roleOf(adminGate, editorGate);
  return {
    slot,
    read,
    admin: { answer: admin, gate: adminGate },
    editor: { answer: editor, gate: editorGate },
    ...(role === undefined ? {} : { role }),
    ...(controlPlane === undefined ? {} : { controlPlane }),
  };
}

/** The control-plane simulator's verdict on a credential (README, "Wiring your server"): a lookup only. */
async function resolveAtControlPlane(
  target: Target,
  slot: Slot,
  timeoutMs: number,
): Promise<(Answer & { role?: string }) | undefined> {
  const controlPlane = target.simulators.control_plane;
  const value = target.credentials[slot];
  if (!target.wired || controlPlane === undefined || value === undefined) return undefined;
  const body = JSON.stringify(slot === "session_cookie" ? { session: value } : { token: value });
  const answer = await ask(`${controlPlane.replace(/\/$/, "")}/v1/auth/resolve`, timeoutMs, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body,
  });
  const role = (answer.json as { role?: unknown } | undefined)?.role;
  return typeof role === "string" && answer.status === 200 ? { ...answer, role } : answer;
}

/** GET /health of every region (the only unauthenticated endpoint, section 4). */
export function probeRegions(target: Target, timeoutMs: number): Promise<Answer[]> {
  return Promise.all(target.regions.map((_, i) => ask(`${base(target, i)}/health`, timeoutMs)));
}

/** The admin token on the provider-key list of every region after the first: one token works in every region (1). */
export function probeOtherRegions(target: Target, timeoutMs: number): Promise<Answer[]> {
  const path = probePaths(target).read;
  const headers = credentialHeaders(target, "admin");
  return Promise.all(target.regions.slice(1).map((_, i) => ask(base(target, i + 1) + path, timeoutMs, { headers })));
}

/** Each simulator the target names: any HTTP answer at its origin counts as answering. */
export async function probeSimulators(target: Target, timeoutMs: number): Promise<Array<[string, Answer]>> {
  const entries = Object.entries(target.simulators).filter((e): e is [string, string] => e[1] !== undefined);
  return Promise.all(entries.map(async ([name, url]) => [name, await ask(url, timeoutMs)] as [string, Answer]));
}

/** GET {test_control}/clock, a read of the server's simulated time (README, "The target file"). */
export async function probeTestControl(target: Target, timeoutMs: number): Promise<Answer | undefined> {
  if (target.test_control === undefined) return undefined;
  return ask(`${target.test_control.replace(/\/$/, "")}/clock`, timeoutMs, {
    headers: credentialHeaders(target, "admin"),
  });
}

/** Where a wired target lists the provider simulator (spec/wired-provider.ts): the catalog read, and the models. */
export interface ProviderProbe {
  catalog: Answer;
  models: Answer;
  /** Per kind, the catalog's pairs whose model the simulator serves; empty lists when either read failed. */
  wired: WiredPairs;
}

/**
 * GET /v1/catalog of the first region (the admin credential) and the provider simulator's GET /v1/models (the
 * target's provider_key, else the simulator's default key from its admin API): the pairs the checks will build
 * agents on, and the provider ids they will store keys for. Nothing changes on either side.
 */
export async function probeProvider(target: Target, timeoutMs: number): Promise<ProviderProbe | undefined> {
  const provider = target.simulators.provider?.replace(/\/$/, "");
  if (!target.wired || provider === undefined) return undefined;
  const headers = credentialHeaders(target, "admin");
  const [catalog, key] = await Promise.all([
    ask(`${base(target)}${OPERATIONS["catalog.get"].path}`, timeoutMs, { headers }),
    target.provider_key ?? defaultProviderKey(provider, timeoutMs),
  ]);
  const models = await ask(`${provider}/v1/models`, timeoutMs, {
    headers: key === undefined ? {} : { authorization: `Bearer ${key}` },
  });
  const served = models.status === 200 ? modelIdsOf(models.json) : [];
  return { catalog, models, wired: wiredPairsOf(catalog.status === 200 ? catalog.json : undefined, served) };
}

/** The key the provider simulator accepts for its whole life, from its admin API (a read). */
async function defaultProviderKey(provider: string, timeoutMs: number): Promise<string | undefined> {
  const answer = await ask(`${provider}/_admin/keys`, timeoutMs);
  const key = (answer.json as { default_key?: unknown } | undefined)?.default_key;
  if (typeof key !== "string") return undefined;
  registerSecret(key);
  return key;
}

/** Everything the probes found, for doctor's page and run's setup check (runner/target/setup-check.ts). */
export interface Findings {
  target: Target;
  /** GET /health of each region. */
  regions: Answer[];
  /** The admin token's read in each region after the first. */
  otherRegions: Answer[];
  credentials: CredentialProbe[];
  simulators: Array<[string, Answer]>;
  testControl?: Answer;
  provider?: ProviderProbe;
  /** GET {origin}/health of each region whose base URL has a path (undefined for one without). */
  originHealth: Array<Answer | undefined>;
}

/** The credential slots the target fills, in the order they are reported. */
export function filledSlots(target: Target): Slot[] {
  return (["admin", "editor", "viewer", "session_cookie"] as Slot[]).filter(
    (slot) => target.credentials[slot] !== undefined,
  );
}

/** A region's base URL path beyond its origin ("" for none): the API's paths must hang off the URL itself. */
export function basePath(baseUrl: string): string {
  return new URL(baseUrl).pathname.replace(/\/+$/, "");
}

/** Asks everything at once, given that `regions` (GET /health of each) already came back. */
export async function probeTarget(target: Target, timeoutMs: number, regions: Answer[]): Promise<Findings> {
  const [otherRegions, credentials, simulators, testControl, provider, originHealth] = await Promise.all([
    probeOtherRegions(target, timeoutMs),
    Promise.all(filledSlots(target).map((slot) => probeCredential(target, slot, timeoutMs))),
    probeSimulators(target, timeoutMs),
    probeTestControl(target, timeoutMs),
    probeProvider(target, timeoutMs),
    Promise.all(
      target.regions.map((region) =>
        basePath(region.base_url) === "" ? undefined : ask(`${new URL(region.base_url).origin}/health`, timeoutMs),
      ),
    ),
  ]);
  return {
    target,
    regions,
    otherRegions,
    credentials,
    simulators,
    ...(testControl === undefined ? {} : { testControl }),
    ...(provider === undefined ? {} : { provider }),
    originHealth,
  };
}
