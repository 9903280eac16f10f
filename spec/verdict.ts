// The one-word outcome of a run, shared by every reporter so they never disagree.
import type { Report } from "./report.ts";

export type Verdict = "PASS" | "FAIL" | "ERROR";

type Judged = Pick<Report, "summary" | "harness_errors" | "optional" | "incomplete" | "setup"> & {
  run?: Pick<Report["run"], "repeat">;
  expectations?: Report["expectations"];
};

/**
 * ERROR when the run did not finish (an incomplete report, written as checks finished or when the run was cut
 * short) or did not start (a setup mistake found before its first check): what it holds is true, but the run did
 * not do its job, whatever clauses it reached. Otherwise FAIL
 * when any clause failed (a failure found is a fact even if other clauses errored); ERROR when none failed
 * but some errored or the harness reported errors outside any check; else FAIL when a clause changed verdict
 * across `--repeat` runs or an expectation is stale under `--strict-expectations`; PASS otherwise. An optional
 * behaviour the profile declared counts as a clause. A run in which nothing passed (every selected check
 * skipped) is ERROR too: a gate that checked nothing must not read green. The only place the outcome is decided:
 * `run`'s exit code is exitCodeOf(report), and every reporter prints verdictOf(report).
 */
export function verdictOf(report: Judged): Verdict {
  if (report.incomplete !== undefined || (report.setup?.faults?.length ?? 0) > 0) return "ERROR";
  const optional = report.optional ?? [];
  if (report.summary.failed > 0 || optional.some((o) => o.status === "failed")) return "FAIL";
  const errored = report.summary.errored > 0 || optional.some((o) => o.status === "errored");
  if (errored || (report.harness_errors?.length ?? 0) > 0) return "ERROR";
  if (nothingChecked(report)) return "ERROR";
  if ((report.run?.repeat?.flaky.length ?? 0) > 0) return "FAIL";
  if (report.expectations?.strict && report.expectations.stale > 0) return "FAIL";
  return "PASS";
}

/**
 * The exit code of every command that judges (ARCHITECTURE.md, "Exit codes"), of a report or of a verdict reached
 * without one: 0 PASS, 1 FAIL, 2 ERROR (the harness could not do its job: a usage or setup mistake, an
 * unreachable target, an interrupt, a crash). The only place an outcome becomes an exit code.
 */
export function exitCodeOf(outcome: Judged | Verdict): 0 | 1 | 2 {
  return EXIT_CODE[typeof outcome === "string" ? outcome : verdictOf(outcome)];
}

const EXIT_CODE = { PASS: 0, FAIL: 1, ERROR: 2 } as const;

/** No clause and no optional behaviour passed: every selected check was skipped (or none was selected). */
export function nothingChecked(report: Pick<Report, "summary" | "optional">): boolean {
  return report.summary.passed === 0 && !(report.optional ?? []).some((o) => o.status === "passed");
}
