// Request parsing for the platform: 422 lines per section 7, with the planted 422 faults.
import { z } from "zod";
import { issueLines, type RequestPart, validationError } from "../../../spec/errors.ts";
import { ApiError } from "../../shared/api-error.ts";
import type { PlatformContext } from "../context.ts";
import { laxCoerced } from "./lax-scalars.ts";

export function parse<T extends z.ZodType>(
  ctx: PlatformContext,
  schema: T,
  value: unknown,
  part: RequestPart,
): z.infer<T> {
  const read = ctx.faults.has("version-fraction-truncated") && part === "body" ? versionsTruncated(value) : value;
  let result = schema.safeParse(read ?? (part === "body" ? undefined : {}));
  if (result.success) return result.data;
  if (ctx.variants.has("lax-scalars") && part === "body") {
    const lax = laxCoerced(value, result.error.issues);
    if (lax !== undefined) result = schema.safeParse(lax);
    if (result.success) return result.data;
  }
  let lines = issueLines(result.error.issues);
  if (ctx.faults.has("422-body-prefix") && part === "body") lines = lines.map((line) => `body.${line}`);
  // The path stops at the first array item: `tools.0.tool_version: ...` says `tools.0: ...`.
  if (ctx.faults.has("422-item-path-cut"))
    lines = lines.map((line) => line.replace(/^([^:\s]*?\.\d+)\.[^:\s]+: /, "$1: "));
  const body = validationError(lines);
  const message = ctx.faults.has("422-generic-message") ? "validation failed" : body.detail.message;
  throw new ApiError(422, message, body.detail.errors);
}

/** Every `*_version` number with a fraction cut to its whole part, as `parseInt` reads it (planted faults only). */
function versionsTruncated(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(versionsTruncated);
  if (typeof value !== "object" || value === null) return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, child]) => [
      key,
      key.endsWith("_version") && typeof child === "number" ? Math.trunc(child) : versionsTruncated(child),
    ]),
  );
}

/**
 * A path's id parameter: a UUID (a 422 otherwise), or under the `path-id-not-validated` variant any string,
 * which then names nothing and is the caller's 404.
 */
export function pathId(ctx: PlatformContext, name: string, params: unknown): string {
  const id = z.object({ [name]: ctx.variants.has("path-id-not-validated") ? z.string() : z.uuid() });
  return (parse(ctx, id, params, "path") as Record<string, string>)[name]!;
}

/** A body with every object member whose value is null left out (legal variants only: `null-as-absent` reads null so). */
export function withoutNullMembers(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutNullMembers);
  if (typeof value !== "object" || value === null) return value;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([, child]) => child !== null)
      .map(([key, child]) => [key, withoutNullMembers(child)]),
  );
}
