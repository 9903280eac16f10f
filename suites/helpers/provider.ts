// The provider simulator's admin API: fresh keys to store with PUT /v1/byok, revocation, and the offline
// switch that makes the provider unreachable (a 502 on key verification and on the galleries, 7).

import { registerSecret } from "../../runner/redact.ts";
import { runConfig } from "../../runner/run-config.ts";
import { TargetError } from "../../runner/target-error.ts";

function providerUrl(): string {
  const url = runConfig().target.simulators.provider;
  if (url === undefined) throw new TargetError("the target names no provider simulator");
  return url.replace(/\/$/, "");
}

async function admin(method: "GET" | "POST", path: string, body?: unknown): Promise<unknown> {
  const response = await fetch(`${providerUrl()}/_admin${path}`, {
    method,
    headers: body === undefined ? {} : { "content-type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
    signal: AbortSignal.timeout(runConfig().timeoutMs),
  }).catch((error: Error) => {
    throw new TargetError(`provider simulator did not answer ${method} ${path}: ${error.message}`);
  });
  if (!response.ok) throw new TargetError(`provider simulator answered ${response.status} to ${method} ${path}`);
  return response.json();
}

/** A fresh key the provider accepts, registered for redaction. */
export async function newProviderKey(): Promise<string> {
  const { key } = (await admin("POST", "/keys")) as { key: string };
  registerSecret(key);
  return key;
}

export const revokeProviderKey = (key: string) => admin("POST", "/keys/revoke", { key });

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
