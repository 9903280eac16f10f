// GitHub Actions workflow commands for a report (`cap-conformance report DIR --annotations`, which the action in
// action.yml runs after `run`): an `::error` per harness error and per failed or errored clause or declared
// optional behaviour, titled with its id, and a `::notice` per failure the expectations file declared. Every string comes from report.json,
// whose secrets are already redacted.
import type { ClauseResult, Report } from "../spec/report.ts";
import { expectationClauses } from "./expected.ts";
import { firstLine, truncate } from "./format.ts";
import { firstProblemCheck, problemClauses } from "./group.ts";
import { declaredOptionalRows } from "./optional-rows.ts";

/** GitHub's escaping of a command's message (its data). */
function data(text: string): string {
  return text.replace(/%/g, "%25").replace(/\r/g, "%0D").replace(/\n/g, "%0A");
}

/** GitHub's escaping of a command's property value, which also ends at `,` and `:`. */
function property(text: string): string {
  return data(text).replace(/:/g, "%3A").replace(/,/g, "%2C");
}

/** GitHub shows at most 50 annotations of a job; more would only hide the ones after. */
export const ANNOTATIONS_MAX = 50;

function annotation(level: "error" | "notice", clause: ClauseResult, detail: string[]): string {
  const check = firstProblemCheck(clause);
  const message = check?.failure?.message ?? clause.reason ?? "";
  const lines = [
    `§${clause.section} ${truncate(clause.statement, 300)}`,
    ...(check === undefined ? [] : [`${check.name}: ${truncate(firstLine(message), 500)}`]),
    ...detail,
    ...(check?.failure?.reproduce ? [`Reproduce: ${check.failure.reproduce}`] : []),
  ];
  const title = `${clause.id} ${clause.status === "errored" ? "errored" : "failed"}`;
  return `::${level} title=${property(title)}::${data(lines.join("\n"))}`;
}

export function githubAnnotations(report: Report): string[] {
  const problems = problemClauses([...report.clauses, ...declaredOptionalRows(report)]);
  const { expected } = expectationClauses(report.clauses);
  const all = [
    // The harness could not do its job here: not a verdict on the server, but the reason the job fails (exit 2).
    ...(report.harness_errors ?? []).map((e) => `::error title=harness error::${data(truncate(e, 2000))}`),
    ...problems.map((clause) => annotation("error", clause, [])),
    ...expected.map((clause) => annotation("notice", clause, [`Expected failure: ${clause.expected!.reason}`])),
  ];
  if (all.length <= ANNOTATIONS_MAX) return all;
  const more = all.length - (ANNOTATIONS_MAX - 1);
  return [
    ...all.slice(0, ANNOTATIONS_MAX - 1),
    `::warning::${more} more failing clauses are in summary.md and report.html`,
  ];
}
