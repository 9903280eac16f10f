// Checking a response in one call: its status (an exact code, a list of codes the spec allows, or any 2xx where
// the spec names none) and its body parsed with a schema, returning the typed value, so suites never cast.
import { expect } from "vitest";
import type { z } from "zod";
import { OkResult } from "../../spec/common.ts";
import { type ApiResponse, explain } from "../client/http-client.ts";

/** What a check accepts: a code the spec fixes, codes it allows, or "2xx" where it names none (a profile choice). */
export type ExpectedStatus = number | readonly number[] | "2xx";

function statusMatches(status: number, expected: ExpectedStatus): boolean {
  if (expected === "2xx") return status >= 200 && status < 300;
  if (typeof expected === "number") return status === expected;
  return expected.includes(status);
}

function expectedText(expected: ExpectedStatus): string {
  if (typeof expected === "number" || expected === "2xx") return String(expected);
  return expected.join(" or ");
}

/** Fails the check unless the status is one the check accepts. `what` says which request it was. */
export function expectStatus(response: ApiResponse, expected: ExpectedStatus, what?: string): void {
  if (statusMatches(response.status, expected)) return;
  const where = what === undefined ? "" : `${what}: `;
  expect.fail(`${where}expected status ${expectedText(expected)}, got ${explain(response)}`);
}

/** Fails the check unless the status is accepted and the body matches the schema; answers the parsed body. */
export function expectBody<S extends z.ZodType>(
  response: ApiResponse,
  expected: ExpectedStatus,
  schema: S,
  what?: string,
): z.infer<S> {
  expectStatus(response, expected, what);
  const parsed = schema.safeParse(response.json);
  if (parsed.success) return parsed.data;
  const where = what === undefined ? "" : `${what}: `;
  const problems = parsed.error.issues.map((issue) => `${issue.path.join(".") || "(body)"}: ${issue.message}`);
  return expect.fail(
    `${where}the body does not have the expected shape (${problems.slice(0, 5).join("; ")}): ${explain(response)}`,
  );
}

/**
 * 2.7: a delete or a no-content mutation answers `{ok: true}`, with a 2xx (7: "Full per-status table ... not
 * shown"); like any record it may carry more fields.
 */
export function expectOkResult(response: ApiResponse, what = "the mutation"): void {
  expectBody(response, "2xx", OkResult, what);
}

/** The 2xx of a delete, or the 404 of one already gone (cleanup). */
export function deletedOrGone(status: number): boolean {
  return status === 404 || (status >= 200 && status < 300);
}
