import { track, uniqueName } from "../../runner/client/resources.ts";
import { runConfig } from "../../runner/client/run-config.ts";
import { helperJson, simulatorOrigin } from "../../runner/client/simulator-client.ts";
import { DeliveryList, type DeliveryList as DeliveryListT, WaitResult } from "../../simulators/webhook-sink/schemas.ts";
import { profile } from "./profile.ts";

export type { Delivery } from "../../simulators/webhook-sink/schemas.ts";
export type { DeliveryListT as DeliveryList };

export interface HookBehaviour {
  /** whsec_ secret: the sink verifies each delivery's signature with its 32 bytes. */
  secret?: string;
  status?: number;
  /** Real milliseconds before answering. */
  delay_ms?: number;
  /** Answer a 3xx (status if 3xx, else 307) with this Location. */
  redirect_to?: string;
}

export function sinkOrigin(): string {
  return simulatorOrigin("webhook_sink", "webhook sink");
}

/** The delivery URL of a hook: give this to the platform. */
export const hookUrl = (name: string) => `${sinkOrigin()}/hooks/${encodeURIComponent(name)}`;

function admin(method: "GET" | "PUT" | "DELETE", path: string, body?: unknown, timeoutMs?: number) {
  return helperJson("webhook sink", `${sinkOrigin()}/_admin${path}`, method, body, { timeoutMs });
}

/**
 * Sets how a hook answers (forgotten at the end of the suite file). A hook that verifies signatures reads the
 * three headers under the profile's names (6.1: not shown), and its key as the profile reads a secret (2.6).
 */
export async function configureHook(name: string, behaviour: HookBehaviour = {}): Promise<void> {
  const names = profile().webhook_signature;
  const headers = { id: names.id_header, timestamp: names.timestamp_header, signature: names.signature_header };
  const body =
    behaviour.secret === undefined
      ? behaviour
      : { ...behaviour, signature_headers: headers, secret_encoding: names.secret_encoding };
  await admin("PUT", `/hooks/${encodeURIComponent(name)}`, body);
  track(`sink hook ${name}`, async () => {
    await admin("DELETE", `/hooks/${encodeURIComponent(name)}`);
  });
}

/** A fresh hook name, configured; answers its name and URL. */
export async function newHook(label: string, behaviour: HookBehaviour = {}): Promise<{ name: string; url: string }> {
  const name = uniqueName(label);
  await configureHook(name, behaviour);
  return { name, url: hookUrl(name) };
}

export async function hookDeliveries(name: string): Promise<DeliveryListT> {
  return DeliveryList.parse(await admin("GET", `/hooks/${encodeURIComponent(name)}/deliveries`));
}

/** Long-polls until `count` deliveries arrived (settled ones, if asked) or `timeoutMs` passed. */
export async function waitForDeliveries(
  name: string,
  options: { count: number; timeoutMs: number; settled?: boolean },
): Promise<WaitResult> {
  const query = `count=${options.count}&timeout_ms=${options.timeoutMs}&settled=${options.settled ?? false}`;
  const answer = await admin(
    "GET",
    `/hooks/${encodeURIComponent(name)}/wait?${query}`,
    undefined,
    options.timeoutMs + runConfig().timeoutMs,
  );
  return WaitResult.parse(answer);
}

/** How long a check watches for a delivery that must not come (a retry, a replay, a followed redirect). */
const QUIET_MS = 1_000;

/** Waits QUIET_MS for one delivery more than `count` on `hook`; answers how many there were. */
export async function countAfterQuiet(hook: string, count: number): Promise<number> {
  return (await waitForDeliveries(hook, { count: count + 1, timeoutMs: QUIET_MS })).count;
}
