// Webhook events as the webhook sink received them (6.1): a webhook the run creates at the sink
// in setup, and waits for one event (a session's session.completed, a batch's batch.completed)
// that long-poll the sink. The sink is a simulator: its admin API is GET
// {webhook_sink}/_admin/hooks/{name}/wait?count&timeout_ms&after_seq (simulators/webhook-sink).
// Profile assumptions: the webhook create path and body (`webhook.create`), and an envelope
// {type, data} whose data names the session (session_id) or batch (batch_id).
import { sleep } from "k6";
import { call, control, expectStatus, json, stringField } from "./api.ts";
import { path } from "./operations.ts";
import { target } from "./target.ts";

export interface Subscription {
  hook: string;
  webhookId: string;
}

/** Longest single long-poll; a wait is a series of them until its budget is spent. */
const LONG_POLL_MS = 5_000;
/** Only when the sink ignores after_seq (an older one): a fixed, short pause between reads. */
const FALLBACK_POLL_MS = 250;

function sinkOrigin(): string {
  const sink = target.simulators.webhook_sink;
  if (!sink)
    throw new Error("the target has no webhook_sink simulator: calls are timed to their session.completed webhook");
  return sink.replace(/\/+$/, "");
}

/** Creates a sink hook and an active webhook at it subscribed to `types`. Runs in setup. */
export function subscribe(name: string, types: string[]): Subscription {
  const hook = name.replace(/[^A-Za-z0-9._~-]/g, "-").slice(0, 100);
  const sink = sinkOrigin();
  const configured = control("PUT", `${sink}/_admin/hooks/${hook}`, "sink.hook", {});
  if (configured.status !== 200) throw new Error(`the webhook sink refused hook ${hook}: ${configured.status}`);
  const res = call("POST", path("webhook.create"), "webhook.create", {
    url: `${sink}/hooks/${hook}`,
    subscribed_events: types,
    status: "active",
  });
  expectStatus(res, "webhook.create", 200, 201);
  const webhookId = stringField(json(res), "id");
  if (!webhookId)
    throw new Error(`POST /v1/webhooks answered ${res.status} without an id: cannot watch ${types.join(", ")}`);
  return { hook, webhookId };
}

export function unsubscribe(subscription: Subscription): void {
  const res = call("DELETE", path("webhook.delete", { webhook_id: subscription.webhookId }), "webhook.delete");
  expectStatus(res, "webhook.delete", 200);
  control("DELETE", `${sinkOrigin()}/_admin/hooks/${subscription.hook}`, "sink.hook");
}

interface SinkDelivery {
  seq: number;
  body_text: string;
  received_wall_ms: number;
}

/** Per VU and hook, the last delivery this VU has read: every delivery is read once. */
const cursors: Record<string, number> = {};

/**
 * Waits (bounded by `budgetMs`) for the `type` event whose data[field] is `value`; answers when
 * the sink received it (its wall clock, ms), or undefined if it did not come in time.
 * Deliveries of other sessions are passed over: each VU waits for one thing at a time, and what
 * it waits for was started after everything it passed over.
 */
export function waitForEvent(
  subscription: Subscription,
  type: string,
  field: string,
  value: string,
  budgetMs: number,
): number | undefined {
  const sink = sinkOrigin();
  const deadline = Date.now() + budgetMs;
  for (let left = budgetMs; left > 0; left = deadline - Date.now()) {
    const after = cursors[subscription.hook] ?? 0;
    const timeout = Math.max(1, Math.min(LONG_POLL_MS, left));
    const res = control(
      "GET",
      // contains: the sink answers only this VU's event, so an arrival wakes one VU, not all of them
      // (a sink that ignores it answers every delivery, and the filter below still picks ours).
      `${sink}/_admin/hooks/${subscription.hook}/wait?count=1&after_seq=${after}&timeout_ms=${timeout}&contains=${encodeURIComponent(value)}`,
      "sink.wait",
    );
    const deliveries = json<{ deliveries?: SinkDelivery[] }>(res)?.deliveries ?? [];
    const fresh = deliveries.filter((d) => d.seq > after);
    for (const delivery of fresh) {
      cursors[subscription.hook] = Math.max(cursors[subscription.hook] ?? 0, delivery.seq);
      const event = parse(delivery.body_text);
      if (event?.type === type && event.data?.[field] === value) return delivery.received_wall_ms;
    }
    // A sink that answered at once with nothing new ignores after_seq: read again after a short pause.
    if (fresh.length === 0 && deliveries.length > 0) sleep(FALLBACK_POLL_MS / 1000);
    if (res.status !== 200) sleep(FALLBACK_POLL_MS / 1000);
  }
  return undefined;
}

function parse(text: string): { type?: string; data?: Record<string, unknown> } | undefined {
  try {
    return JSON.parse(text) as { type?: string; data?: Record<string, unknown> };
  } catch {
    return undefined;
  }
}
