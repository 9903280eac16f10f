// The `field.path: problem` lines of a 422 (7). Section 7 says two things of a failure with one problem: "errors
// is an empty array (never absent, never null) when the failure had one problem", and of a 422 "One line per
// problem ... With exactly one problem, that line is also the message". A server that answers a one-problem 422
// with `errors: []` and the line as its message follows the first sentence: its line is read from the message,
// and the clauses of the check are reported as passed under that reading (noteAmbiguity), never failed.
import { PROBLEM_LINE } from "../../spec/errors.ts";
import type { ApiResponse } from "../client/http-client.ts";
import { noteAmbiguity } from "../client/recorder.ts";

export const ONE_PROBLEM_AMBIGUITY =
  "a 422 with one problem answered `errors: []` and its line as the message: 7 says both that errors is empty when a failure has one problem and that a 422 lists one line per problem";

export function problemLines(response: ApiResponse): string[] {
  const detail = (response.json as { detail?: { message?: unknown; errors?: unknown } } | undefined)?.detail;
  const errors = Array.isArray(detail?.errors) ? detail.errors.filter((l): l is string => typeof l === "string") : [];
  if (errors.length > 0 || response.status !== 422) return errors;
  const message = detail?.message;
  if (typeof message !== "string" || !PROBLEM_LINE.test(message)) return errors;
  noteAmbiguity(ONE_PROBLEM_AMBIGUITY);
  return [message];
}

/**
 * The path of a `field.path: problem` line in one notation, the only reading of a line's path every check uses.
 * 7 gives the form `field.path: problem` and shows no array index, so `tools[0].tool_version` and
 * `tools.0.tool_version` are one path: an index is read as a dotted segment whichever way it is written.
 */
export function linePath(line: string): string | undefined {
  const at = line.indexOf(": ");
  return at < 0 ? undefined : canonicalPath(line.slice(0, at));
}

/** `a[0].b` and `a.0.b` alike, as `a.0.b`. */
export function canonicalPath(path: string): string {
  return path.replace(/\[(\d+)\]/g, ".$1").replace(/^\./, "");
}

/**
 * How a line's path may name a field: `exact`ly; `under` it too (`urls.0` names `urls`); or `ending` in it
 * (`agent_team.members.0.agent_version` names `agent_version`).
 */
export type Naming = "exact" | "under" | "ending";

/** Whether a 422 names `field` (a dotted path, indexes as segments) in a line of its own. */
export function namesField(response: ApiResponse, field: string, naming: Naming = "exact"): boolean {
  return problemLines(response).some((line) => lineNames(line, field, naming));
}

/** Whether one problem line names `field`, read as namesField reads it. */
export function lineNames(line: string, field: string, naming: Naming = "exact"): boolean {
  const path = linePath(line);
  const wanted = canonicalPath(field);
  if (path === undefined || path === wanted) return path !== undefined;
  if (naming === "under") return path.startsWith(`${wanted}.`);
  return naming === "ending" && path.endsWith(`.${wanted}`);
}
