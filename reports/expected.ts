// `--expect` as every reporter shows it: a failed clause the expectations file names is an expected failure,
// counted and shown apart from failures (it does not fail the run); an expectation whose clause now passes is
// stale (the expectations file should lose it). One reading here, so the reports never disagree.
import type { ClauseResult, Report, Status } from "../spec/report.ts";

/** A clause's status as the reports show it: `expected` is a failure the expectations file declared. */
export type ShownStatus = Status | "expected";

export type Expected = NonNullable<ClauseResult["expected"]>;

export function isExpectedFailure(clause: ClauseResult): boolean {
  return clause.status === "failed" && clause.expected !== undefined && !clause.expected.stale;
}

export function isStaleExpectation(clause: ClauseResult): boolean {
  return clause.expected?.stale === true;
}

export function shownStatus(clause: ClauseResult): ShownStatus {
  return isExpectedFailure(clause) ? "expected" : clause.status;
}

/** True when the run used --expect; reporters then show the expected-failure count even when it is 0. */
export function usedExpectations(report: Pick<Report, "expectations">): boolean {
  return report.expectations !== undefined;
}

/** An issue link only when it is http(s): a report is opened by people, a `javascript:` URL must not become a link. */
export function issueHref(issue: string | undefined): string | undefined {
  if (issue === undefined) return undefined;
  try {
    const url = new URL(issue);
    return url.protocol === "https:" || url.protocol === "http:" ? url.href : undefined;
  } catch {
    return undefined;
  }
}

/** What --expect made of a clause, as a heading: an expected failure, a stale expectation, or an expectation
 * that neither held nor went stale (the clause errored or was skipped). Undefined for a clause it does not name. */
export function expectationHead(clause: ClauseResult): string | undefined {
  if (clause.expected === undefined) return undefined;
  if (clause.expected.stale) return "Stale expectation: the clause now passes, so the expectations file should drop it";
  if (clause.status === "failed") return "Expected failure (--expect)";
  return `Named by --expect, but the clause is ${clause.status}, not failed`;
}

/** "Expected failure (--expect): we clamp on purpose; issue https://..." in one line. */
export function expectationLine(clause: ClauseResult): string | undefined {
  const head = expectationHead(clause);
  const expected = clause.expected;
  if (head === undefined || expected === undefined) return undefined;
  return `${head}. Reason: ${expected.reason}${expected.issue === undefined ? "" : `; issue ${expected.issue}`}`;
}

/** Expected failures, then stale expectations: the two lists every report shows under "Expectations". */
export function expectationClauses(clauses: readonly ClauseResult[]): {
  expected: ClauseResult[];
  stale: ClauseResult[];
} {
  return { expected: clauses.filter(isExpectedFailure), stale: clauses.filter(isStaleExpectation) };
}
