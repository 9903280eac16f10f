// The exchanges, the request count and the universal-rule observations of the check that is running now.
// Each check runs inside its own record (AsyncLocalStorage), so checks that run concurrently in one worker
// never write into each other's record, and work a check started keeps writing into that check's record.
// Bounded by design: the last few exchanges (what a failure shows, bodies already clipped) and, per rule, a
// count and the first violations.
import { AsyncLocalStorage } from "node:async_hooks";
import { clipText, type Exchange } from "../spec/report.ts";
import { LIMITS } from "./limits.ts";

export interface RuleObservation {
  seen: number;
  violations: string[];
}

export interface CheckRecord {
  exchanges: Exchange[];
  universal: Record<string, RuleObservation>;
  /** Requests sent to the target's regions (API calls and stream opens), answered or not. */
  requests: number;
}

/** A violation as a line: the server's own text in it (a huge errors value) is cut. */
const VIOLATION_CHARS = 500;
const storage = new AsyncLocalStorage<CheckRecord>();

/** Runs `work` with a fresh record of its own; answers the record (filled in as `work` goes). */
export function recording(work: () => Promise<void>): { record: CheckRecord; done: Promise<void> } {
  const record: CheckRecord = { exchanges: [], universal: {}, requests: 0 };
  return { record, done: storage.run(record, work) };
}

/** Counts one request to the target, sent by the running check (nothing outside a check is counted). */
export function noteRequest(): void {
  const current = storage.getStore();
  if (current !== undefined) current.requests += 1;
}

export function recordExchange(exchange: Exchange): void {
  const current = storage.getStore();
  if (current === undefined) return;
  current.exchanges.push(exchange);
  if (current.exchanges.length > LIMITS.exchangesKept) current.exchanges.shift();
}

export function observeRule(rule: string, violation?: string): void {
  const current = storage.getStore();
  if (current === undefined) return;
  current.universal[rule] ??= { seen: 0, violations: [] };
  const observation = current.universal[rule];
  observation.seen += 1;
  if (violation !== undefined && observation.violations.length < 5)
    observation.violations.push(clipText(violation, VIOLATION_CHARS));
}
