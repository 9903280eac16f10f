// One failure, one clause. A step a check takes to set up what its clauses are about (a shared helper: a
// test-fire, a create) is the statement of one clause, its owner: when it breaks, the check naming the owner
// fails, for the owner alone, and every other check that took it is errored "could not be prepared", naming
// the owner. An assertion about one clause of several a check names fails that clause alone; the check's
// other clauses are errored the same way (runner/orchestration/build-report.ts reads the failure's clauses).
import { runningClauses } from "../client/recorder.ts";
import { isTargetError, TargetError } from "../client/target-error.ts";
import { CheckSkipped } from "./check.ts";
import { ClauseFailure } from "./clause-failure.ts";

export { ClauseFailure };

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));
/** Errors that already say what they are: the target's, a skip, or one already attributed. */
const settled = (error: unknown) =>
  isTargetError(error) || error instanceof CheckSkipped || error instanceof ClauseFailure;

/** Runs `body`, whose assertions are about `clause` alone: a failure there fails that clause, not its siblings. */
export async function about<T>(clause: string, body: () => Promise<T> | T): Promise<T> {
  try {
    return await body();
  } catch (error) {
    throw settled(error) ? error : new ClauseFailure(clause, error);
  }
}

/**
 * Runs `step`, a set-up step whose statement is `owner`'s: inside a check naming `owner`, a failure fails it
 * (for `owner` alone); inside any other, the check could not be prepared, so it is errored and names `owner`.
 */
export async function preparing<T>(owner: string, step: string, body: () => Promise<T>): Promise<T> {
  try {
    return await body();
  } catch (error) {
    if (settled(error)) throw error;
    if (runningClauses().includes(owner)) throw new ClauseFailure(owner, error);
    throw new TargetError(`could not be prepared: ${step} broke, which is ${owner}'s statement: ${messageOf(error)}`);
  }
}
