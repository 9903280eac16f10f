// An error a handler throws to answer with the spec's envelope (section 7).

import type { z } from "zod";
import type { ErrorEnvelope } from "../../spec/errors.ts";
import { errorBody, issueLines, validationError } from "../../spec/errors.ts";

export class ApiError extends Error {
  readonly status: number;
  readonly body: ErrorEnvelope;

  constructor(status: number, message: string, errors: string[] = []) {
    super(message);
    this.status = status;
    this.body = errorBody(message, errors);
  }

  /**
   * A refusal for `problems` (at least one): with exactly one, that problem is the message and errors is
   * [] (7: "errors is an empty array when the failure had one problem"); with more, `summary` is the
   * message and errors lists them.
   */
  static problems(status: number, summary: string, problems: string[]): ApiError {
    return problems.length === 1 ? new ApiError(status, problems[0]!) : new ApiError(status, summary, problems);
  }

  static validation(lines: string[]): ApiError {
    const body = validationError(lines);
    return new ApiError(422, body.detail.message, body.detail.errors);
  }
}

/**
 * Parses one request part; a mismatch is a 422 with one stripped `field.path: problem` line per issue.
 * An absent part (no body) reads as `{}`; a JSON `null` is a value, and refused by an object schema.
 */
export function parsePart<T extends z.ZodType>(schema: T, value: unknown): z.infer<T> {
  const result = schema.safeParse(value === undefined ? {} : value);
  if (!result.success) throw ApiError.validation(issueLines(result.error.issues));
  return result.data;
}
