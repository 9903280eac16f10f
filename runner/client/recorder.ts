// The exchanges, the request count and the universal-rule observations of the check that is running now.
// Each check runs inside its own record (AsyncLocalStorage), so checks that run concurrently in one worker
// never write into each other's record, and work a check started keeps writing into that check's record.
// Bounded by design: the last few exchanges (what a failure shows, bodies already clipped) and, per rule, a
// count and the first violations.
import { AsyncLocalStorage } from "node:async_hooks";
import { clipText, type Exchange } from "../../spec/report.ts";
import type { Ambiguity, RuleObservation } from "../contract.ts";
import { LIMITS } from "./limits.ts";

export type { Ambiguity, RuleObservation };

export interface CheckRecord {
  exchanges: Exchange[];
  universal: Record<string, RuleObservation>;
  /** Requests sent to the target's regions (API calls and stream opens), answered or not. */
  requests: number;
  /** Clauses this check judged under one reading of a sentence the spec contradicts (see noteAmbiguity). */
  ambiguities: Ambiguity[];
  /** The clause ids the running check names. */
  clauses: string[];
}

/** A violation as a line: the server's own text in it (a huge errors value) is cut. */
const VIOLATION_CHARS = 500;
const storage = new AsyncLocalStorage<CheckRecord>();

/** Runs `work` with a fresh record of its own for a check naming `clauses`; answers the record (filled in as `work` goes). */
export function recording(clauses: string[], work: () => Promise<void>): { record: CheckRecord; done: Promise<void> } {
  const record: CheckRecord = { exchanges: [], universal: {}, requests: 0, ambiguities: [], clauses };
  return { record, done: storage.run(record, work) };
}

/** The clause ids the running check names (none outside a check). */
export function runningClauses(): string[] {
  return storage.getStore()?.clauses ?? [];
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

/** A universal rule accepted a response under one reading of two contradicting sentences of the spec. */
export function noteRuleAmbiguity(rule: string, note: string): void {
  const current = storage.getStore();
  if (current === undefined) return;
  current.universal[rule] ??= { seen: 0, violations: [] };
  const observation = current.universal[rule];
  observation.ambiguities ??= [];
  if (!observation.ambiguities.includes(note)) observation.ambiguities.push(note);
}

/**
 * The server followed one of two sentences of the spec that contradict each other, and the check accepted it:
 * the clause passes, and every report says it passed under that reading.
 */
export function noteAmbiguity(note: string, clauses?: string[]): void {
  const current = storage.getStore();
  if (current === undefined) return;
  for (const clause of clauses ?? current.clauses) {
    if (!current.ambiguities.some((a) => a.clause === clause && a.note === note))
      current.ambiguities.push({ clause, note });
  }
}
