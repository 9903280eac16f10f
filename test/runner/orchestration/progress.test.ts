// What a person watching a run reads: each check's line led by the time and the checks done of those found, and
// a line when nothing has finished for a while, naming what still runs.
import { afterEach, expect, test, vi } from "vitest";
import type { TestCase, TestModule } from "vitest/node";
import { Progress } from "../../../runner/orchestration/progress.ts";

afterEach(() => {
  vi.useRealTimers();
});

/** A finished check as the collector reads it (collector.ts collectedCheck). */
function testCase(name: string, state: "passed" | "failed"): TestCase {
  return {
    name: `${name} [x.y]`,
    module: { moduleId: "/suites/catalog.suite.ts" },
    result: () => ({ state, errors: state === "failed" ? [{ message: "expected 1 to be 2" }] : [] }),
    diagnostic: () => ({ duration: 12 }),
    meta: () => ({}),
    options: { mode: "run" },
  } as unknown as TestCase;
}

function module(cases: TestCase[]): TestModule {
  return { children: { allTests: () => cases } } as unknown as TestModule;
}

test("leads each line with the time and the count, and breaks a silence naming what still runs", () => {
  vi.useFakeTimers();
  const lines: string[] = [];
  const progress = new Progress((line) => lines.push(line), 2);
  const a = testCase("reads the catalog", "passed");
  const b = testCase("waits for a keep-alive", "passed");
  progress.onTestModuleCollected(module([a, b]));
  progress.onTestCaseReady(a);
  progress.onTestCaseReady(b);
  vi.advanceTimersByTime(1_500);
  progress.onTestCaseResult(a);
  expect(lines.at(-1)).toMatch(/^\[ +1\.5 s +1\/2\] ✓ catalog +reads the catalog \(\d+ ms\)$/);
  vi.advanceTimersByTime(6_000);
  expect(lines.at(-1)).toMatch(
    /^\[ +\d+\.\d s +1\/2\] … 1 checks done of 2 found in 1 of 2 files; running: waits for a keep-alive \[x\.y\]$/,
  );
  progress.stop();
  const count = lines.length;
  vi.advanceTimersByTime(10_000);
  expect(lines.length).toBe(count);
});
