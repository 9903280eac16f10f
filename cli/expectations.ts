// `--expect FILE`: known failures of an implementation. An expected failure does not fail the run;
// an expectation whose clause now passes is stale (and fails the run with --strict-expectations).
import { readFileSync } from "node:fs";
import { CLAUSE_BY_ID } from "../spec/clauses/index.ts";
import { type Expectation, ExpectationsFile, type Report } from "../spec/report.ts";
import { UsageError } from "./usage-error.ts";

export function readExpectations(file: string): Expectation[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(file, "utf8"));
  } catch (error) {
    throw new UsageError(`cannot read the expectations file ${file}: ${(error as Error).message}`);
  }
  const result = ExpectationsFile.safeParse(parsed);
  if (!result.success) {
    const lines = result.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`).join("\n");
    throw new UsageError(
      `the expectations file ${file} is invalid:\n${lines}\n(expected [{"clause", "reason", "issue"?}])`,
    );
  }
  // A failure may be expected only with a reason a certifier can read (verify holds bundles to it too).
  const blank = result.data.filter((e) => e.reason.trim() === "").map((e) => e.clause);
  if (blank.length > 0) throw new UsageError(`the expectations file gives no reason for ${blank.join(", ")}`);
  const unknown = result.data.filter((e) => !CLAUSE_BY_ID.has(e.clause)).map((e) => e.clause);
  if (unknown.length > 0) throw new UsageError(`the expectations file names unknown clauses: ${unknown.join(", ")}`);
  return result.data;
}

/** Marks expected clauses; the summary's `failed` then counts only unexpected failures. */
export function applyExpectations(report: Report, expectations: Expectation[], strict = false): Report {
  if (expectations.length === 0) return report;
  const byClause = new Map(expectations.map((e) => [e.clause, e]));
  let expectedFailures = 0;
  let stale = 0;
  const clauses = report.clauses.map((clause) => {
    const expectation = byClause.get(clause.id);
    if (expectation === undefined) return clause;
    const isStale = clause.status === "passed";
    if (clause.status === "failed") expectedFailures += 1;
    if (isStale) stale += 1;
    return { ...clause, expected: { ...expectation, stale: isStale } };
  });
  return {
    ...report,
    clauses,
    summary: { ...report.summary, failed: report.summary.failed - expectedFailures },
    expectations: { expected_failures: expectedFailures, stale, ...(strict ? { strict } : {}) },
  };
}
