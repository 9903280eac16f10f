// The mutation areas' line spans: the SSE hub's keep-alive code and the rest split their files with no line
// mutated twice or left out, so every mutant of them is scored in exactly one area.
import { describe, expect, it } from "vitest";
import { inside, linesOf, MUTATION_AREAS, type MutationArea, mutatesLine, outside, sourceLines } from "./areas.ts";

/** The lines of `file` an area mutates. */
function linesMutated(area: MutationArea, file: string): number[] {
  const count = sourceLines(file).length;
  return Array.from({ length: count }, (_, i) => i + 1).filter((line) => mutatesLine(area, file, line));
}

describe("mutation areas", () => {
  for (const [file, areas] of [
    ["simulators/platform/sse/hub.ts", ["sse", "sse-keepalive"]],
    ["simulators/platform/sse/connection.ts", ["sse", "sse-keepalive"]],
    ["simulators/platform/sse/frame.ts", ["sse", "sse-keepalive"]],
  ] as const) {
    it(`${areas.join(" and ")} mutate every line of ${file} once`, () => {
      const count = sourceLines(file).length;
      const lines = areas.flatMap((area) => linesMutated(MUTATION_AREAS[area], file)).sort((a, b) => a - b);
      expect(lines).toEqual(Array.from({ length: count }, (_, i) => i + 1));
    });
  }

  it("outside gives the gaps between spans, inside the spans", () => {
    const file = "simulators/platform/sse/frame.ts";
    const count = sourceLines(file).length;
    expect(
      outside(file, [
        [1, 3],
        [7, 9],
      ]),
    ).toEqual([`${file}:4-6`, `${file}:10-${count}`]);
    expect(inside(file, [[7, 9]])).toEqual([`${file}:7-9`]);
  });

  it("linesOf finds a span by its first and last lines, and says when it cannot", () => {
    const [from, to] = linesOf("simulators/platform/sse/hub.ts", "private tick(): void {", "  }");
    expect(to).toBeGreaterThan(from);
    expect(() => linesOf("simulators/platform/sse/hub.ts", "no such line", "}")).toThrow(/no lines from/);
  });

  it("runs every check that reads a stream in sse-keepalive, and those but the keep-alive one in sse", () => {
    const keepAlive = MUTATION_AREAS["sse-keepalive"].clauses;
    expect(keepAlive).toContain("streams.keepalive-15s");
    expect(keepAlive).toContain("byok.header-key-ignored");
    expect(MUTATION_AREAS.sse.clauses).toEqual(keepAlive.filter((id) => id !== "streams.keepalive-15s"));
  });

  it("runs every suite that sees a batch in the batches area, narrowed to the checks that see one", () => {
    const { suites, clauses } = MUTATION_AREAS.batches;
    expect(suites).toEqual(expect.arrayContaining(["batches", "credits", "events"]));
    expect(clauses).toEqual(expect.arrayContaining(["batches.max-concurrency", "credits.batch-pauses"]));
    expect(clauses).toContain("events.batch-completed");
    expect(clauses.some((id) => id.startsWith("events.") && !id.includes("batch"))).toBe(false);
  });
});
