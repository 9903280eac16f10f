// Phone calls under load (4, 2.12): one-at-a-time outbound calls and batches against the
// carrier simulator, timed to the session's end read back by polling (there is no stream for
// calls, 1). Profile assumptions where 2.13 and 4.1 leave shapes open (spec/calls.ts): the
// outbound answer and GET /v1/calls/{session_id} carry session_id and a `status` that ends at
// "ended" (session.completed follows once analysis and billing are stored); the batch answer
// carries `id`, and GET /v1/calls/batches/{batch_id} a `status` that ends at "completed".
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
const SESSION_ENDED = "ended";
const BATCH_DONE = "completed";

export interface FromNumber {
  id: string;
  /** This run imported it, so teardown deletes it. */
  imported: boolean;
}

/**
 * The number to call from: CAP_FROM_NUMBER_ID, else the first number able to dial out, else one
 * this run imports from the first carrier account's remote numbers (profile `phone.import`).
 */
export function outboundNumber(): FromNumber {
  if (__ENV.CAP_FROM_NUMBER_ID) return { id: __ENV.CAP_FROM_NUMBER_ID, imported: false };
  const page = { limit: 200, offset: 0 };
  const res = call("GET", path("phone.list"), "phone.list", undefined, { query: page });
  expectStatus(res, "phone.list", 200);
  const items = json<{ items?: Array<{ id?: string; can_outbound?: boolean }> }>(res)?.items ?? [];
  const number = items.find((n) => n.id && n.can_outbound !== false);
  if (number?.id) return { id: number.id, imported: false };

  const accounts = json<{ items?: Array<{ id?: string }> }>(
    call("GET", path("telephony.account.list"), "telephony.account.list", undefined, { query: page }),
  )?.items;
  for (const account of accounts ?? []) {
    if (!account.id) continue;
    const remote = json<{ items?: Array<{ provider_number_id?: string; already_imported?: boolean }> }>(
      call("GET", path("telephony.remote-numbers", { account_id: account.id }), "telephony.remote-numbers", undefined, {
        query: page,
      }),
    )?.items;
    const free = remote?.find((n) => n.provider_number_id && !n.already_imported);
    if (!free) continue;
    const imported = call("POST", path("phone.import", { account_id: account.id }), "phone.import", {
      provider_number_ids: [free.provider_number_id],
    });
    expectStatus(imported, "phone.import", 200, 201);
    const id = json<{ items?: Array<{ id?: string }> }>(imported)?.items?.[0]?.id;
    if (id) return { id, imported: true };
  }
  throw new Error("the target has no phone number that can dial out and none to import: set CAP_FROM_NUMBER_ID");
}

export function releaseNumber(number: FromNumber): void {
  if (!number.imported) return;
  const res = call("DELETE", path("phone.delete", { phone_number_id: number.id }), "phone.delete");
  expectStatus(res, "phone.delete", 200);
}

/** A callee in the reserved-for-fiction 555-01xx range, unless CAP_CALL_TO lists numbers. */
export function callee(): string {
  const listed = (__ENV.CAP_CALL_TO ?? "").split(",").filter(Boolean);
  if (listed.length > 0) return listed[Math.floor(Math.random() * listed.length)]!;
  return `+1202555${String(100 + Math.floor(Math.random() * 100)).padStart(4, "0")}`;
}

/** Places one outbound call and waits (bounded) for its record to say it ended. */
export function outboundCall(fromNumberId: string, agentId: string, timeoutMs: number): void {
  const started = Date.now();
  const res = call("POST", path("call.outbound"), "call.outbound", {
    from_phone_number_id: fromNumberId,
    to: callee(),
    agent_id: agentId,
  });
  expectStatus(res, "call.outbound", 200, 201, 202);
  const sessionId = stringField(json(res), "session_id");
  if (!check(sessionId, { "call.outbound: answers a session_id": (id) => id !== undefined })) return;
  const done = pollUntil(timeoutMs - (Date.now() - started), () => {
    const record = call("GET", path("call.get", { session_id: sessionId! }), "call.get");
    return json(record)?.status === SESSION_ENDED;
  });
  callMetrics.completed.add(done);
  if (done) callMetrics.completedMs.add(Date.now() - started);
}

/** Creates a batch of `size` recipients and waits (bounded) until the batch ran to its end. */
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
  const batchId = stringField(json(res), "id");
  if (!check(batchId, { "call.batch: answers an id": (id) => id !== undefined })) return;
  const done = pollUntil(timeoutMs - (Date.now() - started), () => {
    const record = call("GET", path("batch.get", { batch_id: batchId! }), "batch.get");
    return json(record)?.status === BATCH_DONE;
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
