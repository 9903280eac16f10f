// Which suite files a narrowed run loads (runner/launch.ts, selectedFiles): each loaded file is a worker's start,
// and a file left out by mistake would skip its checks without a word.
import { expect, test } from "vitest";
import { selectedFiles } from "../../runner/launch.ts";

test("a whole run selects nothing, so every file is loaded", () => {
  expect(selectedFiles()).toBeUndefined();
  expect(selectedFiles(undefined, [])).toBeUndefined();
});

test("a suite selects its main and background files", () => {
  expect([...selectedFiles(["streams"])!].sort()).toEqual([
    "suites/streams.background.suite.ts",
    "suites/streams.suite.ts",
  ]);
});

test("a clause selects only the files that name it: the background part of its suite stays out", () => {
  expect([...selectedFiles(undefined, ["streams.delta-not-cumulative"])!]).toEqual(["suites/streams.suite.ts"]);
  expect([...selectedFiles(undefined, ["streams.keepalive-15s"])!]).toContain("suites/streams.background.suite.ts");
});

test("clauses and suites together: the files of those suites that name one of the clauses", () => {
  expect([...selectedFiles(["agents"], ["streams.delta-not-cumulative"])!]).toEqual([]);
  expect([...selectedFiles(["streams", "agents"], ["streams.delta-not-cumulative"])!]).toEqual([
    "suites/streams.suite.ts",
  ]);
});

test("an id no file writes literally (built from a table) leaves no file out", () => {
  const all = selectedFiles(undefined, ["no.such-literal-id"])!;
  expect(all.size).toBeGreaterThan(10);
});
