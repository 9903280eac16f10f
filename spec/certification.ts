// When a run is a certification run: it checked every clause the way the harness checks it by default, and hid no
// failure. Anything less is partial, and every format says so ("partial: not a certification run"); `verify`
// recomputes it from the selection a report records rather than trusting the report's own word.
import type { Selection } from "./report.ts";

/** What every format writes of a partial run, before its reasons. */
export const PARTIAL = "partial: not a certification run";

/** Why a run with this selection and number of property runs is partial; none for a certification run. */
export function partialReasons(selection: Selection, numRuns: number): string[] {
  const reasons: string[] = [];
  if (selection.suites !== null) reasons.push(`only the suites ${selection.suites.join(", ")} (--suite)`);
  if (selection.clauses !== null) reasons.push(`only the checks naming ${selection.clauses.join(", ")} (--clause)`);
  if (numRuns < selection.num_runs_default) {
    reasons.push(`${numRuns} runs per property, fewer than the default ${selection.num_runs_default} (--num-runs)`);
  }
  const expected = selection.expectations?.entries.length ?? 0;
  if (expected > 0) reasons.push(`${expected} clause${expected === 1 ? "" : "s"} declared expected to fail (--expect)`);
  if (selection.bail) reasons.push("stopped at the first failed check (--bail)");
  return reasons;
}
