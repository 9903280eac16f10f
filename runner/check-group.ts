// Groups of checks in one suite file that run beside each other: the checks of a group one after another,
// the groups at once (vitest's concurrent suites, at most its maxConcurrency at a time). For checks whose
// state belongs to their own group alone, such as the paging checks' lists (ARCHITECTURE.md, "What runs
// concurrently"); each check keeps its own record (recorder.ts), so running at once mixes nothing.
import { describe } from "vitest";

export function checkGroup(name: string, declare: () => void): void {
  describe(name, { concurrent: true }, () => {
    // The group runs beside its siblings; what it declares runs in order within it.
    describe("in order", { concurrent: false }, declare);
  });
}
