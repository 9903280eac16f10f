// What a run created and could not delete, as the reports say it: each resource with its suite and reason,
// and the cleanup command that sweeps them by the run prefix.
import type { Leftover, Report } from "../spec/report.ts";

/** Resources listed one by one; report.json keeps them all. */
export const LEFTOVERS_SHOWN = 50;

export function leftoversOf(report: Pick<Report, "leftovers">): Leftover[] {
  return report.leftovers ?? [];
}

/** "agent 1234 (agents): delete answered 500". */
export function leftoverText(leftover: Leftover): string {
  const suite = leftover.suite ? ` (${leftover.suite})` : "";
  return `${leftover.resource}${suite}${leftover.reason ? `: ${leftover.reason}` : ""}`;
}

/** The sweep command; the target file is the reader's (a report does not know its path). */
export function cleanupCommand(report: Pick<Report, "run">): string {
  return `npx cap-conformance cleanup --target target.json --prefix ${report.run.prefix ?? "capct-XXXXXX-"}`;
}
