// Groups of checks in one suite file that run beside each other: the checks of a group one after another,
// the groups at once (vitest's concurrent suites, at most its maxConcurrency at a time). For checks whose
// state belongs to their own group alone, such as the paging checks' lists
// (ARCHITECTURE.md, "What runs concurrently"); each check keeps its own record (recorder.ts), so running at
// once mixes nothing.
import { describe, type RunnerTask, type RunnerTestSuite } from "vitest";

export function checkGroup(name: string, declare: () => void): void {
  describe(name, { concurrent: true }, () => {
    // The group runs beside its siblings; what it declares runs in order within it.
    describe("in order", { concurrent: false }, declare);
  });
}

/** The names of a file's (or suite's) check groups that hold a check this run runs (not filtered out by --clause). */
export function runningGroups(file: Readonly<RunnerTestSuite>): Set<string> {
  const runs = (task: RunnerTask): boolean =>
    task.type === "suite" ? task.tasks.some(runs) : task.mode === "run" || task.mode === "only";
  return new Set(file.tasks.filter((task) => task.type === "suite" && runs(task)).map((task) => task.name));
}
