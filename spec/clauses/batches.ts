import type { Clause } from "../clause.ts";

// 2.12 call batches. Credit pauses are in credits, batch.completed in events, calls by batch_id in calls.
export const batchesClauses: Clause[] = [
  {
    id: "batches.create-accepted",
    section: "2.12",
    kind: "needs-wiring",
    statement:
      "POST /v1/calls/batches accepts the 2.12 body (from_phone_number_id, recipients[] {to, userdata}, an agent source and the scheduling fields).",
  },
  {
    id: "batches.schema-422",
    section: "2.12",
    kind: "testable",
    statement:
      "POST /v1/calls/batches with a field of the wrong type (recipients not an array, calling_window.days outside 1..7, max_attempts not an integer) is a 422.",
  },
  {
    id: "batches.max-attempts",
    section: "2.12",
    kind: "needs-wiring",
    statement: "A recipient that is not reached is dialled at most max_attempts times.",
  },
  {
    id: "batches.retry-after",
    section: "2.12",
    kind: "needs-wiring",
    statement: "A batch re-dials an unreached recipient no sooner than retry_after_minutes after the previous attempt.",
  },
  {
    id: "batches.no-redial-reached",
    section: "2.12",
    kind: "needs-wiring",
    statement: "A batch does not re-dial a recipient it already reached.",
  },
  {
    id: "batches.max-concurrency",
    section: "2.12",
    kind: "needs-wiring",
    statement: "A batch never has more than max_concurrency calls in progress at once.",
  },
  {
    id: "batches.calling-window",
    section: "2.12",
    kind: "needs-test-control",
    assumption: "readings.weekday_numbering; readings.calling_window_clock",
    statement:
      "A batch dials inside its calling_window, and only there (start..end on the listed days 1..7, in the batch timezone): due recipients are dialled while it is open.",
  },
  {
    id: "batches.start-at",
    section: "2.12",
    kind: "needs-test-control",
    statement: "A batch places no call before start_at.",
  },
  {
    id: "batches.create-response",
    section: "2.13",
    kind: "not-shown",
    statement: "Response body of the batch create call (POST /v1/calls/batches): not shown (also 4.1).",
  },
  {
    id: "batches.states",
    section: "3.3",
    kind: "not-shown",
    statement: "States and transitions of batches: not shown.",
  },
  {
    id: "batches.recipient-count",
    section: "8",
    kind: "not-shown",
    statement: "The maximum number of recipients per batch: not shown.",
  },
  {
    id: "batches.parameter-limits",
    section: "8",
    kind: "not-shown",
    statement: "Limits of max_attempts, max_concurrency, retry_after_minutes and calling_window: not shown.",
  },
];
