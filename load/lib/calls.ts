// Phone calls under load (4, 2.12): one-at-a-time outbound calls and batches against the
// carrier simulator, timed to the session's completion read back by polling (there is no
// stream for calls, 1). Profile assumptions where 4.1 leaves bodies open: the outbound answer
// carries session_id; a call record has `status`, "completed" once session.completed would
// fire; the batch answer carries its id (id or batch_id).
import { check, sleep } from "k6";
import { Rate, Trend } from "k6/metrics";
import { call, expectStatus, json, stringField } from "./api.ts";
import { path } from "./operations.ts";
import { suffix } from "./run.ts";

export const callMetrics = {
  completedMs: new Trend("session_completed_ms", true),
  completed: new Rate("session_completed"),
  batchCompletedMs: new Trend("batch_completed_ms", true),
  batchCompleted: new Rate("batch_completed"),
};

const POLL_MS = 250;

/** The outbound number to call from: CAP_FROM_NUMBER_ID, else the first number able to dial out. */
export function outboundNumberId(): string {
  if (__ENV.CAP_FROM_NUMBER_ID) return __ENV.CAP_FROM_NUMBER_ID;
  const res = call("GET", path("phone.list"), "phone.list", undefined, { query: { limit: 200, offset: 0 } });
  expectStatus(res, "phone.list", 200);
  const items = json<{ items?: Array<{ id?: string; can_outbound?: boolean }> }>(res)?.items ?? [];
  const number = items.find((n) => n.id && n.can_outbound !== false);
  if (!number?.id) {
    throw new Error("the target has no phone number that can dial out: import one, or set CAP_FROM_NUMBER_ID");
  }
  return number.id;
}

/** A callee in the reserved-for-fiction 555-01xx range, unless CAP_CALL_TO lists numbers. */
export function callee(): string {
  const listed = (__ENV.CAP_CALL_TO ?? "").split(",").filter(Boolean);
  if (listed.length > 0) return listed[Math.floor(Math.random() * listed.length)]!;
  return `+1202555${String(100 + Math.floor(Math.random() * 100)).padStart(4, "0")}`;
}

/** Places one outbound call and waits (bounded) for its record to say completed. */
export function outboundCall(fromNumberId: string, agentId: string, timeoutMs: number): void {
  const started = Date.now();
  const res = call("POST", path("call.outbound"), "call.outbound", {
    from_phone_number_id: fromNumberId,
    to: callee(),
    agent_id: agentId,
  });
  expectStatus(res, "call.outbound", 200, 201, 202);
  const sessionId = stringField(json(res), "session_id", "id");
  if (!check(sessionId, { "call.outbound: answers a session_id": (id) => id !== undefined })) return;
  const done = pollUntil(timeoutMs - (Date.now() - started), () => {
    const record = call("GET", path("call.get", { session_id: sessionId! }), "call.get");
    return json(record)?.status === "completed";
  });
  callMetrics.completed.add(done);
  if (done) callMetrics.completedMs.add(Date.now() - started);
}

/** Creates a batch of `size` recipients and waits (bounded) until every call in it completed. */
export function batch(fromNumberId: string, agentId: string, prefix: string, size: number, timeoutMs: number): void {
  const started = Date.now();
  const recipients = Array.from({ length: size }, (_, i) => ({ to: callee(), userdata: { n: i } }));
  const res = call("POST", path("call.batch"), "call.batch", {
    from_phone_number_id: fromNumberId,
    name: `${prefix}batch-${suffix()}`,
    recipients,
    agent_id: agentId,
    max_attempts: 1,
    max_concurrency: Math.max(1, Math.ceil(size / 2)),
    retry_after_minutes: 1,
  });
  expectStatus(res, "call.batch", 200, 201, 202);
  const batchId = stringField(json(res), "id", "batch_id");
  if (!check(batchId, { "call.batch: answers an id": (id) => id !== undefined })) return;
  const done = pollUntil(timeoutMs - (Date.now() - started), () => {
    const page = call("GET", path("call.list"), "call.list", undefined, {
      query: { batch_id: batchId!, limit: 200, offset: 0 },
    });
    const items = json<{ items?: Array<{ status?: string }> }>(page)?.items ?? [];
    return items.length >= size && items.every((c) => c.status === "completed");
  });
  callMetrics.batchCompleted.add(done);
  if (done) callMetrics.batchCompletedMs.add(Date.now() - started);
}

/** Polls until the condition holds or the budget runs out, with a growing interval. */
function pollUntil(budgetMs: number, condition: () => boolean): boolean {
  const deadline = Date.now() + budgetMs;
  let interval = POLL_MS;
  while (Date.now() < deadline) {
    if (condition()) return true;
    sleep(Math.min(interval, Math.max(0, deadline - Date.now())) / 1000);
    interval = Math.min(interval * 2, 2_000);
  }
  return false;
}
