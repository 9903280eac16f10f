// Section 7: one error body at every status, and the 422 line format.
import type { z } from "zod";
import { z as zod } from "zod";

export const ErrorEnvelope = zod.object({
  detail: zod.object({
    message: zod.string(),
    errors: zod.array(zod.string()),
  }),
});
export type ErrorEnvelope = z.infer<typeof ErrorEnvelope>;

export function errorBody(message: string, errors: string[] = []): ErrorEnvelope {
  return { detail: { message, errors } };
}

/** Where a request part came from; the prefix is stripped from every 422 line (7). */
export type RequestPart = "body" | "query" | "path";

/** `field.path: problem`, with the part prefix already absent because paths start inside the part. */
export function problemLine(path: readonly PropertyKey[], problem: string): string {
  const field = path.length === 0 ? "(root)" : path.map(String).join(".");
  return `${field}: ${problem}`;
}

/** zod's own wording, made plain where it reads like an implementation detail. */
function problemText(issue: z.core.$ZodIssue): string {
  if (/received undefined|nonoptional/.test(issue.message)) return "field required";
  return issue.message.replace(/^Invalid input: /, "");
}

export function issueLines(issues: readonly z.core.$ZodIssue[]): string[] {
  return issues.map((issue) => problemLine(issue.path, problemText(issue)));
}

/** 7: one line per problem; with exactly one problem that line is the message too. */
export function validationError(lines: string[]): ErrorEnvelope {
  if (lines.length === 1) return errorBody(lines[0]!, lines);
  return errorBody(`${lines.length} problems in the request`, lines);
}

/** Matches one 422 line: a dotted path, a colon and a space, then the problem. */
export const PROBLEM_LINE = /^[^\s:]+(\.[^\s:]+)*: \S.*$/s;
