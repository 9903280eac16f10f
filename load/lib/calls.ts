// Phone calls under load (4, 2.12): one-at-a-time outbound calls and batches against the
// carrier simulator. A call is timed from its POST to the webhook sink's receipt of its
// session.completed, which the platform sends once analysis and billing are stored (6.1); a
// batch from its POST to the receipt of its batch.completed (webhook-events.ts). Profile
// assumptions where 2.13 and 4.1 leave shapes open (spec/calls.ts): the outbound answer carries
// session_id, the batch answer `id`.
import { check } from "k6";
import { Counter, Rate, Trend } from "k6/metrics";
import { call, expectStatus, json, stringField } from "./api.ts";
import { callee } from "./from-number.ts";
import { path } from "./operations.ts";
import { elapsedToReceipt } from "./receipt-time.ts";
import { suffix } from "./run.ts";
import { type Subscription, waitForEvent } from "./webhook-events.ts";

export const callMetrics = {
  /** POST /v1/calls/outbound to the sink's receipt of the session's session.completed. */
  completedMs: new Trend("session_completed_ms", true),
  completed: new Rate("session_completed"),
  batchCompletedMs: new Trend("batch_completed_ms", true),
  batchCompleted: new Rate("batch_completed"),
  /** Calls the platform accepted: single calls, and every recipient of an accepted batch. */
  placed: new Counter("calls_placed"),
};

/** The events a calls run subscribes its webhook to. */
export const CALL_EVENTS = ["session.completed", "batch.completed"];

/** Places one outbound call and waits (bounded) for the sink to receive its session.completed. */
export function outboundCall(events: Subscription, fromNumberId: string, agentId: string, timeoutMs: number): void {
  const started = Date.now();
  const res = call("POST", path("call.outbound"), "call.outbound", {
    from_phone_number_id: fromNumberId,
    to: callee(),
    agent_id: agentId,
  });
  expectStatus(res, "call.outbound", 200, 201, 202);
  const sessionId = stringField(json(res), "session_id");
  if (!check(sessionId, { "call.outbound: answers a session_id": (id) => id !== undefined })) return;
  callMetrics.placed.add(1);
  const left = timeoutMs - (Date.now() - started);
  const received = waitForEvent(events, "session.completed", "session_id", sessionId!, left);
  callMetrics.completed.add(received !== undefined);
  if (received !== undefined) callMetrics.completedMs.add(elapsedToReceipt(started, received, Date.now()));
}

/** Creates a batch of `size` recipients and waits (bounded) for the sink to receive its batch.completed. */
export function batch(
  events: Subscription,
  fromNumberId: string,
  agentId: string,
  prefix: string,
  size: number,
  timeoutMs: number,
): void {
  const started = Date.now();
  const recipients = Array.from({ length: size }, (_, i) => ({ to: callee(), userdata: { n: i } }));
  const res = call("POST", path("batch.create"), "call.batch", {
    from_phone_number_id: fromNumberId,
    name: `${prefix}batch-${suffix()}`,
    recipients,
    agent_id: agentId,
    max_attempts: 1,
    max_concurrency: batchConcurrency(size),
    retry_after_minutes: 1,
  });
  expectStatus(res, "call.batch", 200, 201, 202);
  const batchId = stringField(json(res), "id");
  if (!check(batchId, { "call.batch: answers an id": (id) => id !== undefined })) return;
  callMetrics.placed.add(size);
  const left = timeoutMs - (Date.now() - started);
  const received = waitForEvent(events, "batch.completed", "batch_id", batchId!, left);
  callMetrics.batchCompleted.add(received !== undefined);
  if (received !== undefined) callMetrics.batchCompletedMs.add(elapsedToReceipt(started, received, Date.now()));
}

/** A batch's max_concurrency: half its recipients, so the limit is exercised. */
export function batchConcurrency(size: number): number {
  return Math.max(1, Math.ceil(size / 2));
}
