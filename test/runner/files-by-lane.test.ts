// Which suite files a run loads, and in which lanes (runner/orchestration/launch.ts, filesByLane): each file a lane loads is a
// worker's start, and a file or lane left out by mistake would skip its checks without a word.
import { expect, test } from "vitest";
import { filesByLane } from "../../runner/orchestration/launch.ts";

test("a whole run loads every file: the main files in their lanes, the background files beside them", () => {
  const all = filesByLane();
  expect(all.shared.length).toBeGreaterThan(10);
  expect(all.exclusive).toEqual(expect.arrayContaining(["suites/paging.suite.ts", "suites/streams.suite.ts"]));
  expect(all.background).toEqual(
    expect.arrayContaining(["suites/streams.background.suite.ts", "suites/delivery.background.suite.ts"]),
  );
});

test("a suite loads its main file in its lanes and its background file", () => {
  expect(filesByLane(["streams"])).toEqual({
    shared: ["suites/streams.suite.ts"],
    exclusive: ["suites/streams.suite.ts"],
    background: ["suites/streams.background.suite.ts"],
  });
});

test("a clause loads only the files that write it, in the lane of the check naming it", () => {
  // A shared check of a file that also has an exclusive one: no exclusive worker, no background file.
  expect(filesByLane(undefined, ["streams.delta-not-cumulative"])).toEqual({
    shared: ["suites/streams.suite.ts"],
    exclusive: [],
    background: [],
  });
  // The exclusive check of that file: no shared worker.
  expect(filesByLane(undefined, ["streams.turn-failed"])).toEqual({
    shared: [],
    exclusive: ["suites/streams.suite.ts"],
    background: [],
  });
  expect(filesByLane(undefined, ["streams.keepalive-15s"]).background).toEqual(["suites/streams.background.suite.ts"]);
});

test("clauses and suites together: the files of those suites that write one of the clauses", () => {
  expect(filesByLane(["agents"], ["streams.delta-not-cumulative"])).toEqual({
    shared: [],
    exclusive: [],
    background: [],
  });
  expect(filesByLane(["streams", "agents"], ["streams.delta-not-cumulative"]).shared).toEqual([
    "suites/streams.suite.ts",
  ]);
});

test("an id no file writes (built from a table) leaves out no file and no lane", () => {
  expect(filesByLane(undefined, ["no.such-literal-id"])).toEqual(filesByLane());
});
