// The exchanges and universal-rule observations of the check that is running now. Checks in one
// suite file run one after another, so one slot per worker is enough. Bounded by design: the last few
// exchanges (what a failure shows, bodies already clipped) and, per rule, a count and the first violations.
import { clipText, type Exchange } from "../spec/report.ts";
import { LIMITS } from "./limits.ts";

export interface RuleObservation {
  seen: number;
  violations: string[];
  /** Readings of a sentence the spec contradicts that the rule accepted (see noteRuleAmbiguity). */
  ambiguities?: string[];
}

export interface CheckRecord {
  exchanges: Exchange[];
  universal: Record<string, RuleObservation>;
  /** Clauses this check judged under one reading of a sentence the spec contradicts (see noteAmbiguity). */
  ambiguities: Ambiguity[];
  /** The clause ids the running check names. */
  clauses: string[];
}

export interface Ambiguity {
  clause: string;
  note: string;
}

/** A violation as a line: the server's own text in it (a huge errors value) is cut. */
const VIOLATION_CHARS = 500;
let current: CheckRecord | undefined;

export function beginRecording(clauses: string[] = []): CheckRecord {
  current = { exchanges: [], universal: {}, ambiguities: [], clauses };
  return current;
}

export function endRecording(): void {
  current = undefined;
}

export function recordExchange(exchange: Exchange): void {
  if (current === undefined) return;
  current.exchanges.push(exchange);
  if (current.exchanges.length > LIMITS.exchangesKept) current.exchanges.shift();
}

export function observeRule(rule: string, violation?: string): void {
  if (current === undefined) return;
  current.universal[rule] ??= { seen: 0, violations: [] };
  const observation = current.universal[rule];
  observation.seen += 1;
  if (violation !== undefined && observation.violations.length < 5)
    observation.violations.push(clipText(violation, VIOLATION_CHARS));
}

/** A universal rule accepted a response under one reading of two contradicting sentences of the spec. */
export function noteRuleAmbiguity(rule: string, note: string): void {
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
  if (current === undefined) return;
  for (const clause of clauses ?? current.clauses) {
    if (!current.ambiguities.some((a) => a.clause === clause && a.note === note))
      current.ambiguities.push({ clause, note });
  }
}
