// A circuit breaker for a server that answers every request but never does what a check waits for: a call
// session that never leaves queued, a batch that never completes, a reply or a webhook delivery that never
// comes. Each such wait runs out a budget sized for a slow but conforming server (minutes of the target's
// simulated time), and a run makes dozens of them, most in files whose checks run one after another, so such a
// server would hold a run for an hour. Waits are counted by what they wait for: their kind (a call, a batch, a
// webhook delivery, a reply) and what of it (`about`: "ended", "session.completed of call <id>", ids left out), so
// a session.queued that does arrive does not reset the count of session.completed that never does. A wait for
// several things (session.started, session.in_progress and session.completed of one call) names each: it counts
// against each thing it did not see, and it is cut when any of them is, so waits worded differently that all need
// a session.completed share one count. After STALLED_LIMIT waits for one thing in a row ran out their budget
// (across checks and suite files: the count lives in a file of the run's work directory, as liveness.ts keeps its
// own), every later wait for it gets CUT_WAIT_MS: it still fails when the server has not done it, and says it
// waited less and why. A wait that sees the server do what it waited for resets its things' counts, so one slow
// wait never cuts others.
import { createHash } from "node:crypto";
import { readNoAnswerCount, settingsIfAny, writeNoAnswerCount } from "../contract.ts";
import { ClockTooSlow, SCALED_CLOCK_ADVICE } from "./clock-too-slow.ts";
import { checkSpan, checkTimeLeft } from "./recorder.ts";

export const STALLED_LIMIT = 3;
/** What a wait gets once the breaker has tripped: long enough for an answer already on its way. */
export const CUT_WAIT_MS = 2_000;
/** A wait ends this long before its check's deadline, so it fails (and is counted) rather than the check erroring. */
export const BEFORE_CHECK_DEADLINE_MS = 1_000;

/** What a wait waits for: the breaker counts each kind apart. */
export type WaitKind = "call" | "batch" | "delivery" | "reply";
const KINDS: readonly WaitKind[] = ["call", "batch", "delivery", "reply"];

const WAITED_FOR: Record<WaitKind, string> = {
  call: "a call session",
  batch: "a batch",
  delivery: "a webhook delivery",
  reply: "a reply",
};

/** What a wait is about, without the ids that make each wait's text its own (any word holding a digit). */
export function waitTopic(about: string): string {
  return about.replace(/\S*\d\S*/g, "<id>").trim();
}

/** The run's base for the breaker's files; absent outside `cap-conformance run` (unit tests), which disables it. */
const breakerBase = () => settingsIfAny()?.stalledWaitsFile;

/** What a wait is about: one thing, or each of several it needs. */
export type WaitAbout = string | readonly string[];
const thingsOf = (about: WaitAbout): readonly string[] => (typeof about === "string" ? [about] : about);

/** One topic's count of waits in a row that ran out. */
const counterFile = (base: string, kind: WaitKind, about: string) =>
  `${base}-${kind}-${createHash("sha256").update(waitTopic(about)).digest("hex").slice(0, 16)}`;

/** Where a kind's breaker notes that it tripped, for the run's closing note (the count itself may reset later). */
const trippedFile = (base: string, kind: WaitKind) => `${base}-${kind}-tripped`;

const stalledMessage = (kind: WaitKind, count: number, thing = "") =>
  `${count} waits for ${WAITED_FOR[kind]}${thing === "" ? "" : ` (${waitTopic(thing)})`} in a row ran out their budget without the server doing what they waited for, so every later one was cut to ${CUT_WAIT_MS} ms`;

const README = `(README, "A verdict in bounded time")`;

export interface WaitBudget {
  ms: number;
  /** Said in the wait's failure when the breaker cut it. */
  cut?: string;
  /**
   * Set when the wait allows the server longer than its whole check may take (the target's clock is too slow
   * for the check): running out then is a skip with this reason, not a failure, and is not counted.
   */
  beyond?: string;
}

const beyondMessage = (own: number, ms: number, span: number) =>
  `the server had ${own} ms of the ${ms} ms this wait allows it, and the whole check may take only ${span} ms: at the target's minute_ms the wait cannot end within its check, so running out says nothing against the server: ${SCALED_CLOCK_ADVICE}`;

/**
 * The budget a wait gets: its own, within what is left of its check's deadline, or CUT_WAIT_MS once
 * STALLED_LIMIT waits in a row for one thing it is about (its kind and topic) ran out.
 */
export function waitBudget(kind: WaitKind, ms: number, about: WaitAbout = ""): WaitBudget {
  const left = checkTimeLeft();
  const own = left === undefined ? ms : Math.max(0, Math.min(ms, left - BEFORE_CHECK_DEADLINE_MS));
  const span = checkSpan();
  const beyond = span !== undefined && ms > span ? { beyond: beyondMessage(own, ms, span) } : {};
  const base = breakerBase();
  // The thing of the wait that ran out most often in a row decides.
  let count = 0;
  let thing = "";
  if (base !== undefined)
    for (const one of thingsOf(about)) {
      const its = readNoAnswerCount(counterFile(base, kind, one));
      if (its > count) [count, thing] = [its, one];
    }
  if (count < STALLED_LIMIT || own <= CUT_WAIT_MS) return { ms: own, ...beyond };
  const named = typeof about === "string" ? "" : thing;
  // A wait that would outlast its check still ends in a skip, only sooner: the server let this thing run out
  // STALLED_LIMIT full waits in a row, so its check's whole span is not worth waiting either.
  return { ms: CUT_WAIT_MS, cut: `cut from ${own} ms: ${stalledMessage(kind, count, named)} ${README}`, ...beyond };
}

/**
 * Records how a wait ended: reached resets the count of each thing it was about; run out adds one to each thing
 * it did not see (`unseen`; when that is not given or empty, every thing it was about). Only a change is written.
 */
export function noteWaitEnded(
  kind: WaitKind,
  reached: boolean,
  about: WaitAbout = "",
  unseen?: readonly string[],
): void {
  const base = breakerBase();
  if (base === undefined) return;
  const missed = reached ? [] : unseen !== undefined && unseen.length > 0 ? unseen : thingsOf(about);
  for (const thing of thingsOf(about)) {
    const file = counterFile(base, kind, thing);
    const count = readNoAnswerCount(file);
    const next = reached ? 0 : missed.includes(thing) ? count + 1 : count;
    if (next === count) continue;
    writeNoAnswerCount(file, next);
    const tripped = trippedFile(base, kind);
    if (next >= STALLED_LIMIT && readNoAnswerCount(tripped) < next) writeNoAnswerCount(tripped, next);
  }
}

/** After a run, what the breaker did (the most waits in a row of each kind that tripped it), for the console. */
export function stalledNote(base: string): string | undefined {
  const tripped = KINDS.map((kind) => [kind, readNoAnswerCount(trippedFile(base, kind))] as const).filter(
    ([, count]) => count >= STALLED_LIMIT,
  );
  if (tripped.length === 0) return undefined;
  return `Waits cut short ${README}: ${tripped.map(([kind, count]) => stalledMessage(kind, count)).join("; ")}.`;
}

/** How a wait on the server polls: one look, the pause before the next, and the failure once it ran out. */
export interface ServerWait<T> {
  /** What the server has done so far: the value waited for, or undefined. */
  look(): Promise<T | undefined>;
  /** Waits before the next look (a pause, or a long poll of at most `leftMs`). */
  pace(leftMs: number): Promise<unknown>;
  /** The wait's failure, given its budget and, when the breaker cut it, why. */
  late(budget: WaitBudget): Error;
  /** For a wait about several things: those it had not seen when it ran out (only they are counted). */
  unseen?(): readonly string[];
}

/**
 * Looks until the server did what is waited for, or the wait's budget (waitBudget) runs out: then throws. `about`
 * says what of its kind the wait is for, or each thing it needs (their ids are left out of the count's keys).
 */
export async function waitOnServer<T>(
  kind: WaitKind,
  timeoutMs: number,
  wait: ServerWait<T>,
  about: WaitAbout = "",
): Promise<T> {
  const budget = waitBudget(kind, timeoutMs, about);
  const deadline = Date.now() + budget.ms;
  for (;;) {
    const found = await wait.look();
    if (found !== undefined) {
      noteWaitEnded(kind, true, about);
      return found;
    }
    const left = deadline - Date.now();
    if (left <= 0) {
      if (budget.beyond !== undefined)
        throw new ClockTooSlow(
          budget.cut === undefined ? budget.beyond : `${budget.beyond}; skipped early (${budget.cut})`,
        );
      noteWaitEnded(kind, false, about, wait.unseen?.());
      throw wait.late(budget);
    }
    await wait.pace(left);
  }
}

/** How long a failed wait waited, as its message says it. */
export const waited = (budget: WaitBudget): string =>
  budget.cut === undefined ? `${budget.ms} ms` : `${budget.ms} ms (${budget.cut})`;
