// What makes a run a certification run (spec/certification.ts): every suite and clause, the default property
// runs, no expected failure, no --bail. A vendor's profile answering what the spec leaves open is no narrowing:
// the run records it whole and stays a certification run.
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { planRun } from "../../cli/run-plan.ts";
import { selectionOf } from "../../cli/run-selection.ts";
import { PARTIAL, partialReasons } from "../../spec/certification.ts";

const VENDOR_PROFILE = fileURLToPath(new URL("../../examples/vendor-profile.json", import.meta.url));

describe("a certification run", () => {
  it("records a vendor's profile in full, and is still a certification run", () => {
    const plan = planRun(["--profile", VENDOR_PROFILE]);
    const selection = selectionOf(plan, VENDOR_PROFILE);
    expect(selection.profile.source).toBe(VENDOR_PROFILE);
    expect(Object.keys(selection.profile.overrides).length).toBeGreaterThan(0);
    expect(selection.profile.sha256).toMatch(/^[0-9a-f]{64}$/);
    expect(partialReasons(selection, plan.numRuns)).toEqual([]);
  });

  it("is partial when narrowed, with each narrowing named", () => {
    const plan = planRun(["--suite", "errors", "--clause", "errors.envelope", "--num-runs", "5", "--bail"]);
    const selection = {
      ...selectionOf(plan, "default"),
      expectations: { sha256: "0".repeat(64), entries: [{ clause: "errors.envelope", reason: "known" }] },
    };
    expect(partialReasons(selection, plan.numRuns)).toEqual([
      "only the suites errors (--suite)",
      "only the checks naming errors.envelope (--clause)",
      "5 runs per property, fewer than the default 25 (--num-runs)",
      "1 clause declared expected to fail (--expect)",
      "stopped at the first failed check (--bail)",
    ]);
    expect(PARTIAL).toBe("partial: not a certification run");
  });
});
