// One symbol and word per status, so no reporter relies on colour alone.
import type { Status } from "../spec/report.ts";
import type { Verdict } from "./verdict.ts";

export const STATUS_LABEL: Record<Status, string> = {
  passed: "Passed",
  failed: "Failed",
  errored: "Errored",
  skipped: "Skipped",
  "not-shown": "Not shown",
};

export const STATUS_SYMBOL: Record<Status, string> = {
  passed: "✓",
  failed: "✗",
  errored: "!",
  skipped: "–",
  "not-shown": "○",
};

export const VERDICT_SYMBOL: Record<Verdict, string> = { PASS: "✓", FAIL: "✗", ERROR: "!" };

/** Display order: what needs attention first. */
export const STATUS_ORDER: readonly Status[] = ["failed", "errored", "passed", "skipped", "not-shown"];
