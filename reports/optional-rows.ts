// Optional behaviours shown the way reporters show clauses: one row each, its id prefixed `optional.`,
// its statement the declaration it was held to. Reporters list them apart from the spec's clauses.
import type { ClauseResult, Report } from "../spec/report.ts";

export function optionalRows(report: Pick<Report, "optional">): ClauseResult[] {
  return (report.optional ?? []).map((o) => ({
    id: `optional.${o.id}`,
    section: o.section,
    statement: `Declared ${o.declaration}: ${o.declaration === "not-tested" ? "not tested" : o.statement}`,
    kind: "testable",
    assumption: null,
    status: o.status,
    reason: o.reason,
    checks: o.checks,
  }));
}

/** Only the behaviours the profile declared one way or the other (not "not-tested"). */
export function declaredOptionalRows(report: Pick<Report, "optional">): ClauseResult[] {
  return optionalRows(report).filter((_, i) => report.optional?.[i]?.declaration !== "not-tested");
}
