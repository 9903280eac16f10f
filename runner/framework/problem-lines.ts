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

/** Whether a 422 names `field` in a line of its own (`field: ...`, or `field.` for a nested path). */
export function namesField(response: ApiResponse, field: string): boolean {
  return problemLines(response).some((line) => line.startsWith(`${field}: `));
}
