// What a reader must know of clauses that passed: those judged through an assumption of the profile (the
// spec does not state what the check relied on), and those judged under one reading of two sentences of the
// spec that contradict each other. Shared by summary.md and the console verdict.
import type { ClauseResult, Report } from "../spec/report.ts";
import { mdCode, mdText } from "./escape.ts";
import { truncate } from "./format.ts";
import { STATUS_LABEL, STATUS_SYMBOL } from "./status-labels.ts";

/** Clauses a check reached through the profile (skipped and not-shown ones say nothing about the server). */
export function assumedClauses(report: Report): ClauseResult[] {
  return report.clauses.filter((c) => c.assumption && (c.status === "passed" || c.status === "failed"));
}

export function ambiguousClauses(report: Report): ClauseResult[] {
  return report.clauses.filter((c) => c.ambiguity !== undefined);
}

export function assumptionsTable(report: Report): string {
  const rows = assumedClauses(report);
  if (rows.length === 0) return "";
  return [
    `### Judged through the profile's assumptions (${rows.length})`,
    "",
    "The spec does not state these; the profile (`--profile`) does. A failure here may be a difference of profile.",
    "",
    "| Clause | Status | Assumption |",
    "|---|---|---|",
    ...rows.map(
      (c) =>
        `| ${mdCode(c.id)} | ${STATUS_SYMBOL[c.status]} ${STATUS_LABEL[c.status]} | ${mdText(truncate(c.assumption!, 200))} |`,
    ),
  ].join("\n");
}

export function ambiguitiesBlock(report: Report): string {
  const rows = ambiguousClauses(report);
  if (rows.length === 0) return "";
  return [
    `### Passed under one reading of an ambiguous spec (${rows.length})`,
    "",
    ...rows.map((c) => `- ${mdCode(c.id)}: ${mdText(truncate(c.ambiguity!, 500))}`),
  ].join("\n");
}

/** Console lines: the ambiguous clauses, each with its note. */
export function ambiguityLines(report: Report): string[] {
  const rows = ambiguousClauses(report);
  if (rows.length === 0) return [];
  return [
    "",
    `Passed under one reading of two sentences of the spec that contradict each other (${rows.length}):`,
    ...rows.map((c) => `  ~ ${c.id}: ${c.ambiguity}`),
  ];
}
