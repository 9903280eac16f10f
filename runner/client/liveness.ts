// A circuit breaker for a target that stopped answering. Each unanswered request costs a full request
// timeout, and a run makes hundreds of them, so a hung server would hold the run for many minutes.
// After NO_ANSWER_LIMIT unanswered requests in a row (across checks and suite files: the count lives
// in a file of the run's work directory, because each suite file runs with fresh modules), every
// further request fails at once with a TargetError, so the run ends `errored` (exit 2) in bounded time.
import { readNoAnswerCount, settingsIfAny, writeNoAnswerCount } from "../contract.ts";
import { TargetError } from "./target-error.ts";

export const NO_ANSWER_LIMIT = 5;

/** The counter file; absent outside `cap-conformance run` (unit tests), which disables the breaker. */
function counterFile(): string | undefined {
  return settingsIfAny()?.livenessFile;
}

const stoppedMessage = (count: number) =>
  `the target stopped answering: ${count} requests in a row got no answer, so the remaining checks were not run`;

/** Throws when the target is considered gone: called before every request. */
export function assertTargetAlive(): void {
  const file = counterFile();
  if (file === undefined) return;
  const count = readNoAnswerCount(file);
  if (count >= NO_ANSWER_LIMIT) throw new TargetError(stoppedMessage(count));
}

/**
 * After a run, what the breaker did, for the console: the checks it stopped say so one by one, but with
 * requests in flight side by side the first clauses listed may be those whose own requests timed out.
 */
export function stoppedNote(file: string): string | undefined {
  const count = readNoAnswerCount(file);
  return count >= NO_ANSWER_LIMIT ? `Errored: ${stoppedMessage(count)}.` : undefined;
}

/** Records whether the target answered; only a change is written (most requests are answered). */
export function noteAnswered(answered: boolean): void {
  const file = counterFile();
  if (file === undefined) return;
  const count = readNoAnswerCount(file);
  if (answered && count === 0) return;
  writeNoAnswerCount(file, answered ? 0 : count + 1);
}
