import { describe, expect, it } from "vitest";
import { countsLine } from "../../reports/format.ts";
import { exitCodeOf, verdictOf } from "../../spec/verdict.ts";

const summary = (failed: number, errored: number) => ({
  clauses: 10 + failed + errored,
  passed: 10,
  failed,
  errored,
  skipped: 0,
  not_shown: 0,
});

describe("verdictOf", () => {
  it("is FAIL when a clause failed, even if others errored (exit code 1)", () => {
    expect(verdictOf({ summary: summary(1, 2), harness_errors: ["x"] })).toBe("FAIL");
  });
  it("is ERROR when none failed but some errored or the harness reported errors (exit code 2)", () => {
    expect(verdictOf({ summary: summary(0, 1) })).toBe("ERROR");
    expect(verdictOf({ summary: summary(0, 0), harness_errors: ["suite crashed"] })).toBe("ERROR");
  });
  it("is ERROR when nothing passed because every selected check was skipped (exit code 2)", () => {
    const allSkipped = { ...summary(0, 0), passed: 0, skipped: 10 };
    expect(verdictOf({ summary: allSkipped })).toBe("ERROR");
    const optionalPassed = { id: "x", section: "8", declaration: "must-work" as const, statement: "s", reason: null };
    expect(verdictOf({ summary: allSkipped, optional: [{ ...optionalPassed, status: "passed", checks: [] }] })).toBe(
      "PASS",
    );
  });
  it("is PASS otherwise (exit code 0)", () => {
    expect(verdictOf({ summary: summary(0, 0), harness_errors: [] })).toBe("PASS");
  });
  it("counts only the statuses that occurred, problems first", () => {
    expect(countsLine(summary(0, 0))).toBe("10 passed (10 clauses)");
    expect(countsLine(summary(2, 1))).toBe("2 failed, 1 errored, 10 passed (13 clauses)");
  });
});

describe("exitCodeOf, the one place a run's exit code is decided", () => {
  const report = (over: Partial<Parameters<typeof verdictOf>[0]> = {}) => ({ summary: summary(0, 0), ...over });

  it("maps PASS, FAIL and ERROR to 0, 1 and 2", () => {
    expect(exitCodeOf(report())).toBe(0);
    expect(exitCodeOf(report({ summary: summary(1, 0) }))).toBe(1);
    expect(exitCodeOf(report({ summary: summary(0, 1) }))).toBe(2);
  });

  it("fails a run whose clauses changed verdict across --repeat, unless it already errored", () => {
    const flaky = { run: { repeat: { runs: 3, flaky: ["paging.has-more-extra-row"] } } };
    expect(verdictOf(report(flaky))).toBe("FAIL");
    expect(exitCodeOf(report({ ...flaky, summary: summary(0, 1) }))).toBe(2);
    expect(exitCodeOf(report({ run: { repeat: { runs: 3, flaky: [] } } }))).toBe(0);
  });

  it("fails a run with a stale expectation only under --strict-expectations", () => {
    expect(exitCodeOf(report({ expectations: { expected_failures: 0, stale: 1 } }))).toBe(0);
    expect(exitCodeOf(report({ expectations: { expected_failures: 0, stale: 1, strict: true } }))).toBe(1);
    expect(exitCodeOf(report({ expectations: { expected_failures: 0, stale: 0, strict: true } }))).toBe(0);
  });
});
