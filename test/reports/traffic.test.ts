// Where a run's time went (reports/traffic.ts): report.json's traffic rows summed per lane, and the
// console's line per lane.
import { expect, test } from "vitest";
import { laneTotals, trafficLines } from "../../reports/traffic.ts";

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
