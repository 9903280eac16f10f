// GitHub Actions workflow commands for a report (`cap-conformance report DIR --annotations`, which the action in
// action.yml runs after `run`): the 10 most telling `::error`s (a setup problem, a harness error, then failed and
// errored clauses and declared optional behaviours, titled with their id, one area's failure before another's
// second), a `::notice` per failure the expectations file declared, and the rest counted for the job summary.
// Every string comes from report.json, whose secrets are already redacted.
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

/**
 * GitHub shows at most 10 annotations of each level per step (and 50 per job): the 10 most telling errors are
 * annotated, the rest counted, and the count goes to the job summary.
 */
export const ANNOTATIONS_MAX = 10;

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

/**
 * The problem clauses, most telling first: failures before errors, and one failure of each area before a second
 * of any (ten failures of one area tell less than one of each of ten), each area in report order.
 */
export function mostTelling(problems: ClauseResult[]): ClauseResult[] {
  const byArea = new Map<string, ClauseResult[]>();
  for (const clause of problems.filter((c) => c.status === "failed")) {
    const area = clause.id.split(".")[0] ?? "";
    byArea.set(area, [...(byArea.get(area) ?? []), clause]);
  }
  const lists = [...byArea.values()];
  const longest = Math.max(0, ...lists.map((list) => list.length));
  const rounds = Array.from({ length: longest }, (_, round) =>
    lists.map((list) => list[round]).filter((c): c is ClauseResult => c !== undefined),
  ).flat();
  return [...rounds, ...problems.filter((c) => c.status !== "failed")];
}

export interface Annotations {
  /** The workflow commands: at most ANNOTATIONS_MAX errors and as many notices. */
  lines: string[];
  /** The failing clauses left unannotated, most telling first. */
  more: string[];
}

export function githubAnnotations(report: Report): Annotations {
  const problems = mostTelling(problemClauses([...report.clauses, ...declaredOptionalRows(report)]));
  const { expected } = expectationClauses(report.clauses);
  const errors = [
    // Not verdicts on the server, but why the job fails (exit 2), or why its failures may not be the server's.
    ...(report.setup?.faults ?? []).map((f) => `::error title=setup problem::${data(truncate(f, 2000))}`),
    ...(report.setup?.hint === undefined
      ? []
      : [`::error title=looks like a setup problem::${data(report.setup.hint)}`]),
    ...(report.harness_errors ?? []).map((e) => `::error title=harness error::${data(truncate(e, 2000))}`),
    ...problems.map((clause) => annotation("error", clause, [])),
  ];
  const shown = errors.slice(0, ANNOTATIONS_MAX);
  const annotated = Math.max(0, shown.length - (errors.length - problems.length));
  const notices = expected
    .slice(0, ANNOTATIONS_MAX)
    .map((clause) => annotation("notice", clause, [`Expected failure: ${clause.expected!.reason}`]));
  return { lines: [...shown, ...notices], more: problems.slice(annotated).map((c) => c.id) };
}

/** The job summary's line for what was not annotated, or none. */
export function moreLine(more: string[]): string | undefined {
  if (more.length === 0) return undefined;
  const shown = more.slice(0, 20).map((id) => `\`${id}\``);
  const rest = more.length > shown.length ? `, and ${more.length - shown.length} more` : "";
  return `**${more.length} more failing clause${more.length === 1 ? "" : "s"}** than GitHub annotates (${ANNOTATIONS_MAX} errors a step): ${shown.join(", ")}${rest}. Each is in summary.md above and in report.html.`;
}
