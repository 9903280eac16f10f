// Request parsing for the platform: 422 lines per section 7, with the planted 422 faults.
import type { z } from "zod";
import { issueLines, type RequestPart, validationError } from "../../../spec/errors.ts";
import { ApiError } from "../../shared/api-error.ts";
import type { PlatformContext } from "../context.ts";

export function parse<T extends z.ZodType>(
  ctx: PlatformContext,
  schema: T,
  value: unknown,
  part: RequestPart,
): z.infer<T> {
  const result = schema.safeParse(value ?? (part === "body" ? undefined : {}));
  if (result.success) return result.data;
  let lines = issueLines(result.error.issues);
  if (ctx.faults.has("422-body-prefix") && part === "body") lines = lines.map((line) => `body.${line}`);
  const body = validationError(lines);
  const message = ctx.faults.has("422-generic-message") ? "validation failed" : body.detail.message;
  throw new ApiError(422, message, body.detail.errors);
}
