// Webhook deliveries per second from the reference platform to the webhook sink, against a baseline of
// the same number of POSTs sent straight to the sink from this process, in the same run. Both sides
// run at CONCURRENCY, the platform's in-flight limit per webhook: events are published that many at
// a time, the platform delivers at most that many at a time, and the baseline POSTs that many at a time.
import { randomBytes } from "node:crypto";
import { Agent, request } from "undici";
import { IN_FLIGHT_PER_WEBHOOK } from "../simulators/platform/webhooks/pipeline.ts";
import type { Target } from "../spec/target.ts";

export interface WebhookRateResult {
  events: number;
  platformPerSecond: number;
  baselinePerSecond: number;
}

const dispatcher = new Agent({ connections: 16 });
/** Publishers, and baseline senders: the platform's in-flight limit per webhook. */
export const CONCURRENCY = IN_FLIGHT_PER_WEBHOOK;

async function json(url: string, method: string, body?: unknown, token?: string): Promise<unknown> {
  const response = await request(url, {
    method: method as "GET",
    dispatcher,
    headers: { "content-type": "application/json", ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
    headersTimeout: 35_000,
    bodyTimeout: 35_000,
  });
  const text = await response.body.text();
  if (response.statusCode >= 300)
    throw new Error(`${method} ${url} answered ${response.statusCode}: ${text.slice(0, 200)}`);
  return text ? JSON.parse(text) : undefined;
}

/** Waits (long-poll, bounded) until the sink hook has `count` deliveries; answers when that happened. */
async function sinkReached(sink: string, hook: string, count: number, deadlineMs: number): Promise<number> {
  const deadline = Date.now() + deadlineMs;
  for (;;) {
    const view = (await json(`${sink}/_admin/hooks/${hook}`, "GET")) as { deliveries: number };
    if (view.deliveries >= count) return performance.now();
    if (Date.now() > deadline)
      throw new Error(`sink hook ${hook} got ${view.deliveries} of ${count} deliveries in time`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

async function inParallel(total: number, concurrency: number, send: (i: number) => Promise<unknown>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < total) await send(next++);
    }),
  );
}

export async function measureWebhooks(target: Target, events: number): Promise<WebhookRateResult> {
  const base = target.regions[0]!.base_url;
  const sink = target.simulators.webhook_sink!;
  const token = target.credentials.admin;
  const platformHook = `bench-${randomBytes(3).toString("hex")}`;
  const baselineHook = `${platformHook}-direct`;
  await json(`${sink}/_admin/hooks/${platformHook}`, "PUT", {});
  await json(`${sink}/_admin/hooks/${baselineHook}`, "PUT", {});
  const webhook = (await json(
    `${base}/v1/webhooks`,
    "POST",
    { url: `${sink}/hooks/${platformHook}`, subscribed_events: ["batch.completed"] },
    token,
  )) as { id: string };
  try {
    const started = performance.now();
    await inParallel(events, CONCURRENCY, (i) =>
      json(`${base}/_test/webhooks/publish`, "POST", { type: "batch.completed", data: { n: i } }, token),
    );
    const platformDone = await sinkReached(sink, platformHook, events, 120_000);
    const platformPerSecond = events / ((platformDone - started) / 1000);

    const payload = JSON.stringify({ type: "batch.completed", data: { n: 0 } });
    const directStarted = performance.now();
    await inParallel(events, CONCURRENCY, () =>
      request(`${sink}/hooks/${baselineHook}`, {
        method: "POST",
        dispatcher,
        headers: { "content-type": "application/json" },
        body: payload,
      }).then((r) => r.body.dump()),
    );
    const baselinePerSecond = events / ((performance.now() - directStarted) / 1000);
    return { events, platformPerSecond, baselinePerSecond };
  } finally {
    await json(`${base}/v1/webhooks/${webhook.id}`, "DELETE", undefined, token).catch(() => undefined);
  }
}
