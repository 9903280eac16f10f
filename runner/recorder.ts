// The exchanges and universal-rule observations of the check that is running now. Checks in one
// suite file run one after another, so one slot per worker is enough. Bounded by design: the last few
// exchanges (what a failure shows, bodies already clipped) and, per rule, a count and the first violations.
import { clipText, type Exchange } from "../spec/report.ts";
import { LIMITS } from "./limits.ts";

export interface RuleObservation {
  seen: number;
  violations: string[];
}

export interface CheckRecord {
  exchanges: Exchange[];
  universal: Record<string, RuleObservation>;
}

/** A violation as a line: the server's own text in it (a huge errors value) is cut. */
const VIOLATION_CHARS = 500;
let current: CheckRecord | undefined;

export function beginRecording(): CheckRecord {
  current = { exchanges: [], universal: {} };
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
