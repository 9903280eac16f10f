// Where a run's time went (reports/traffic.ts): report.json's traffic rows summed per lane, and the
// console's line per lane.
import { expect, test } from "vitest";
import { laneTotals, trafficLines } from "../../reports/traffic.ts";

test("lanes are summed apart: background files run beside the others", () => {
  const row = { duration_ms: 1000, requests: 10, network_ms: 300, helper_requests: 2, helper_ms: 20, waits_ms: 500 };
  const traffic = [
    { file: "paging.suite.ts", lane: "main" as const, ...row },
    { file: "errors.suite.ts", lane: "main" as const, ...row },
    { file: "streams.background.suite.ts", lane: "background" as const, ...row },
  ];
  const [main, background] = laneTotals(traffic);
  expect(main).toMatchObject({ lane: "main", files: 2, requests: 20, network_ms: 600, waits_ms: 1000 });
  expect(background).toMatchObject({ lane: "background", files: 1, requests: 10, duration_ms: 1000 });
  expect(trafficLines(traffic)[0]).toBe(
    "Time, main lane (2 suite files): 2.0 s; 20 requests to the target, 0.6 s awaiting them; 4 to the simulators, 0.0 s; 1.0 s in waits (polls' pauses, streams)",
  );
});
