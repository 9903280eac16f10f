// Planted faults that break batches clauses (spec/clauses/batches.ts), checked by suites/batches.suite.ts.
import type { FaultSpec } from "./fault.ts";

export const batchesFaults = {
  "batch-exceeds-concurrency": {
    description: "the batch scheduler lets twice max_concurrency calls run at once",
    clauses: ["batches.max-concurrency"],
  },
  "batch-redials-reached": {
    description: "a reached recipient stays in the retry queue and is dialled again while attempts remain",
    clauses: ["batches.no-redial-reached"],
  },
  "retry-ignores-spacing": {
    description: "an unreached recipient is re-dialled at once instead of after retry_after_minutes",
    clauses: ["batches.retry-after"],
  },
  "batch-attempts-off-by-one": {
    description: "an unreached recipient is retried while attempts <= max_attempts, so it is dialled once too often",
    clauses: ["batches.max-attempts"],
  },
  "calling-window-utc": {
    description: "the calling window is read on the UTC clock instead of in the batch timezone",
    clauses: ["batches.calling-window"],
  },
  "calling-window-sunday-first": {
    description: "weekdays are numbered from Sunday (Sunday 1 .. Saturday 7), so every listed day is off by one",
    clauses: ["batches.calling-window"],
  },
  "start-at-in-seconds": {
    description: "start_at is stored as epoch seconds and compared with the millisecond clock, so it is always past",
    clauses: ["batches.start-at"],
  },
  "batch-days-unranged": {
    description:
      "calling_window.days is checked as an array of integers without the 1..7 range, so days [8] or [0] are stored",
    clauses: ["batches.schema-422"],
  },
  "batch-start-at-no-fraction": {
    description:
      "start_at is checked by a strict RFC 3339 pattern with no fractional seconds, so a timestamp like `2026-01-01T12:00:00.000Z` is a 422",
    clauses: ["batches.create-accepted"],
  },
} as const satisfies Record<string, FaultSpec>;
