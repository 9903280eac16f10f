// One symbol and word per status, so no reporter relies on colour alone.

import type { Verdict } from "../spec/verdict.ts";
import type { ShownStatus } from "./expected.ts";

export const STATUS_LABEL: Record<ShownStatus, string> = {
  passed: "Passed",
  failed: "Failed",
  expected: "Expected failure",
  errored: "Errored",
  skipped: "Skipped",
  "not-shown": "Not shown",
};

export const STATUS_SYMBOL: Record<ShownStatus, string> = {
  passed: "✓",
  failed: "✗",
  expected: "⊗",
  errored: "!",
  skipped: "–",
  "not-shown": "○",
};

export const VERDICT_SYMBOL: Record<Verdict, string> = { PASS: "✓", FAIL: "✗", ERROR: "!" };

/** Display order: what needs attention first. `expected` appears only in runs with --expect. */
export const STATUS_ORDER: readonly ShownStatus[] = ["failed", "expected", "errored", "passed", "skipped", "not-shown"];

/** The statuses a report shows: without --expect, no expected-failure column or count. */
export function statusOrder(withExpected: boolean): readonly ShownStatus[] {
  return withExpected ? STATUS_ORDER : STATUS_ORDER.filter((s) => s !== "expected");
}
