// Where a run's time went (reports/traffic.ts): report.json's traffic rows summed per lane, and the
// console's line per lane.
import { expect, test } from "vitest";
import { laneEndMs, laneTotals, trafficLines } from "../../reports/traffic.ts";

const row = { duration_ms: 1000, requests: 10, network_ms: 300, helper_requests: 2, helper_ms: 20, waits_ms: 500 };

test("lanes are summed apart: shared files side by side, exclusive ones after them, background files beside both", () => {
  const traffic = [
    { file: "errors.suite.ts", lane: "shared" as const, ...row },
    { file: "calls.suite.ts", lane: "shared" as const, ...row },
    { file: "calls.suite.ts", lane: "exclusive" as const, ...row },
    { file: "streams.background.suite.ts", lane: "background" as const, ...row },
  ];
  const [shared, exclusive, background] = laneTotals(traffic);
  expect(shared).toMatchObject({ lane: "shared", files: 2, requests: 20, network_ms: 600, waits_ms: 1000 });
  expect(exclusive).toMatchObject({ lane: "exclusive", files: 1, requests: 10 });
  expect(background).toMatchObject({ lane: "background", files: 1, requests: 10, duration_ms: 1000 });
  expect(trafficLines(traffic)).toEqual([
    "Time, shared lane (2 suite files, side by side: summed over them): 2.0 s; 20 requests to the target, 0.6 s awaiting them; 4 to the simulators, 0.0 s; 1.0 s in waits (polls' pauses, streams)",
    "Time, exclusive lane (1 suite file): 1.0 s; 10 requests to the target, 0.3 s awaiting them; 2 to the simulators, 0.0 s; 0.5 s in waits (polls' pauses, streams)",
    "Time, background lane (1 suite file): 1.0 s; 10 requests to the target, 0.3 s awaiting them; 2 to the simulators, 0.0 s; 0.5 s in waits (polls' pauses, streams)",
  ]);
});

test("a report from before the lanes keeps its one main lane", () => {
  const traffic = [{ file: "paging.suite.ts", lane: "main" as const, ...row }];
  expect(trafficLines(traffic)).toEqual([expect.stringMatching(/^Time, main lane \(1 suite file\): 1\.0 s;/)]);
});

test("each lane ends with its last file, placed against the run's start; a report without end times says none", () => {
  const at = (s: number) => new Date(Date.UTC(2026, 10, 26, 12, 0, s)).toISOString();
  const traffic = [
    { file: "errors.suite.ts", lane: "shared" as const, ...row, ended_at: at(14) },
    { file: "calls.suite.ts", lane: "shared" as const, ...row, ended_at: at(9) },
    { file: "calls.suite.ts", lane: "exclusive" as const, ...row, ended_at: at(22) },
    { file: "streams.background.suite.ts", lane: "background" as const, ...row },
  ];
  const [shared, exclusive, background] = laneTotals(traffic);
  expect(laneEndMs(shared!, at(0))).toBe(14_000);
  expect(laneEndMs(exclusive!, at(0))).toBe(22_000);
  expect(laneEndMs(background!, at(0))).toBeUndefined();
  expect(laneEndMs(shared!, undefined)).toBeUndefined();
  const lines = trafficLines(traffic, at(0));
  expect(lines[0]).toMatch(
    /^Time, shared lane \(2 suite files, side by side: summed over them\): 2\.0 s, ended 14\.0 s into the run; /,
  );
  expect(lines[1]).toMatch(/^Time, exclusive lane \(1 suite file\): 1\.0 s, ended 22\.0 s into the run; /);
  expect(lines[2]).toMatch(/^Time, background lane \(1 suite file\): 1\.0 s; /);
});
