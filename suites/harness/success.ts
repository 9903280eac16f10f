// What a success is where the spec names no status (7: "Full per-status table ... not shown"): any 2xx. Where
// it names a body, the body is checked; `{ok: true}` (2.7) may carry more fields, as any record may.
import { expect } from "vitest";
import { OkResult } from "../../spec/common.ts";
import { type ApiResponse, describe } from "./http.ts";

export function expectSuccess(response: ApiResponse, what = "the request"): void {
  const seen = `${what}: ${describe(response)}`;
  expect(response.status, seen).toBeGreaterThanOrEqual(200);
  expect(response.status, seen).toBeLessThan(300);
}

/** 2.7: a delete or a no-content mutation answers `{ok: true}`, with a 2xx. */
export function expectOkResult(response: ApiResponse, what = "the mutation"): void {
  expectSuccess(response, what);
  expect(OkResult.safeParse(response.json).success, `{ok: true} from ${what}: ${describe(response)}`).toBe(true);
}

/** The 2xx of a delete, or the 404 of one already gone (cleanup). */
export function deletedOrGone(status: number): boolean {
  return status === 404 || (status >= 200 && status < 300);
}
