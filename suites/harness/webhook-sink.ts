// The webhook-sink simulator's admin API (simulators/webhook-sink/README.md): configure a hook, wait for
// its deliveries (long-poll), read them. Every call is bounded; no answer is a TargetError.
import { request } from "undici";
import { DeliveryList, type DeliveryList as DeliveryListT, WaitResult } from "../../simulators/webhook-sink/schemas.ts";
import { TargetError } from "./errors.ts";
import { track, uniqueName } from "./resources.ts";
import { runConfig } from "./run-config.ts";

export type { Delivery } from "../../simulators/webhook-sink/schemas.ts";
export type { DeliveryListT as DeliveryList };

export interface HookBehaviour {
  /** whsec_ secret: the sink verifies each delivery's signature with it. */
  secret?: string;
  status?: number;
  /** Real milliseconds before answering. */
  delay_ms?: number;
  /** Answer a 3xx (status if 3xx, else 307) with this Location. */
  redirect_to?: string;
}

export function sinkOrigin(): string {
  const url = runConfig().target.simulators.webhook_sink;
  if (url === undefined) throw new TargetError("the target names no webhook sink");
  return url.replace(/\/$/, "");
}

/** The delivery URL of a hook: give this to the platform. */
export const hookUrl = (name: string) => `${sinkOrigin()}/hooks/${encodeURIComponent(name)}`;

async function admin(method: "GET" | "PUT" | "DELETE", path: string, body?: unknown, timeoutMs?: number) {
  const limit = timeoutMs ?? runConfig().timeoutMs;
  const url = `${sinkOrigin()}/_admin${path}`;
  try {
    const response = await request(url, {
      method,
      headers: body === undefined ? {} : { "content-type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
      headersTimeout: limit,
      bodyTimeout: limit,
      signal: AbortSignal.timeout(limit),
    });
    const text = await response.body.text();
    // Only the status is reported: a configure body may hold a webhook secret.
    if (response.statusCode !== 200)
      throw new TargetError(`webhook sink answered ${response.statusCode} to ${method} ${path}`);
    return JSON.parse(text) as unknown;
  } catch (error) {
    if (error instanceof TargetError) throw error;
    throw new TargetError(`webhook sink did not answer ${method} ${path} within ${limit} ms`);
  }
}

/** Sets how a hook answers (forgotten at the end of the suite file). */
export async function configureHook(name: string, behaviour: HookBehaviour = {}): Promise<void> {
  await admin("PUT", `/hooks/${encodeURIComponent(name)}`, behaviour);
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
