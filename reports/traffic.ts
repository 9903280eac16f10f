// Where a run's time went, from report.json `traffic`: suite files run in two lanes side by side (the
// background files, which mostly wait, beside the others), so each lane is summed on its own.
import type { SuiteTraffic } from "../spec/report.ts";

export type LaneTotals = Omit<SuiteTraffic, "file"> & { files: number };

export function laneTotals(traffic: readonly SuiteTraffic[]): LaneTotals[] {
  return (["main", "background"] as const).map((lane) => {
    const total: LaneTotals = {
      lane,
      files: 0,
      duration_ms: 0,
      requests: 0,
      network_ms: 0,
      helper_requests: 0,
      helper_ms: 0,
      waits_ms: 0,
    };
    for (const row of traffic) {
      if (row.lane !== lane) continue;
      total.files += 1;
      total.duration_ms += row.duration_ms;
      total.requests += row.requests;
      total.network_ms += row.network_ms;
      total.helper_requests += row.helper_requests;
      total.helper_ms += row.helper_ms;
      total.waits_ms += row.waits_ms;
    }
    return total;
  });
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

/** One line per lane that ran: its time, and how much of it was the target, the simulators and waits. */
export function trafficLines(traffic: readonly SuiteTraffic[]): string[] {
  return laneTotals(traffic)
    .filter((lane) => lane.files > 0)
    .map(
      (lane) =>
        `Time, ${lane.lane} lane (${lane.files} suite file${lane.files === 1 ? "" : "s"}): ${seconds(lane.duration_ms)}; ` +
        `${lane.requests} requests to the target, ${seconds(lane.network_ms)} awaiting them; ` +
        `${lane.helper_requests} to the simulators, ${seconds(lane.helper_ms)}; ` +
        `${seconds(lane.waits_ms)} in waits (polls' pauses, streams)`,
    );
}
