// Clauses grouped by spec section, in section order, with per-section counts.
import type { ClauseResult, Report } from "../spec/report.ts";
import { isExpectedFailure, type ShownStatus, shownStatus } from "./expected.ts";
import { compareSections, sectionLabel } from "./section-titles.ts";

/** Counts by shown status: an expected failure counts as `expected`, never also as `failed`. */
export type StatusCounts = Record<ShownStatus, number>;

export interface SectionGroup {
  section: string;
  /** "2.1 Page envelope". */
  label: string;
  clauses: ClauseResult[];
  counts: StatusCounts;
}

export function emptyCounts(): StatusCounts {
  return { passed: 0, failed: 0, expected: 0, errored: 0, skipped: 0, "not-shown": 0 };
}

export function countStatuses(clauses: readonly ClauseResult[]): StatusCounts {
  const counts = emptyCounts();
  for (const c of clauses) counts[shownStatus(c)]++;
  return counts;
}

export function groupBySection(clauses: Report["clauses"]): SectionGroup[] {
  const bySection = new Map<string, ClauseResult[]>();
  for (const c of clauses) {
    const list = bySection.get(c.section);
    if (list === undefined) bySection.set(c.section, [c]);
    else list.push(c);
  }
  return [...bySection.entries()]
    .sort(([a], [b]) => compareSections(a, b))
    .map(([section, list]) => ({ section, label: sectionLabel(section), clauses: list, counts: countStatuses(list) }));
}

/** Failed first, then errored: the clauses a reader must act on, in report order within each status. Expected
 * failures are not among them (the expectations file already accounts for them). */
export function problemClauses(clauses: Report["clauses"]): ClauseResult[] {
  return [
    ...clauses.filter((c) => c.status === "failed" && !isExpectedFailure(c)),
    ...clauses.filter((c) => c.status === "errored"),
  ];
}

/** The first failed or errored check of a clause: the one whose failure explains the clause's status. */
export function firstProblemCheck(clause: ClauseResult): ClauseResult["checks"][number] | undefined {
  return (
    clause.checks.find((k) => k.status === clause.status && k.failure !== null) ??
    clause.checks.find((k) => k.failure !== null)
  );
}
