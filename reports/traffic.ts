// Where a run's time went, from report.json `traffic`: suite files run in lanes (the shared lane's side by
// side, then the exclusive lane's one at a time, the background files, which mostly wait, beside both), so each
// lane is summed on its own.
import type { SuiteTraffic } from "../spec/report.ts";

export type LaneTotals = Omit<SuiteTraffic, "file"> & { files: number };

export function laneTotals(traffic: readonly SuiteTraffic[]): LaneTotals[] {
  return (["shared", "exclusive", "background", "main"] as const).map((lane) => {
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
      if (row.ended_at !== undefined && (total.ended_at === undefined || row.ended_at > total.ended_at)) {
        total.ended_at = row.ended_at;
      }
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

/** How long after the run's start (`run.started_at`) the lane's last file ended; undefined when either is unknown. */
export function laneEndMs(lane: LaneTotals, startedAt: string | undefined): number | undefined {
  if (lane.ended_at === undefined || startedAt === undefined) return undefined;
  return Date.parse(lane.ended_at) - Date.parse(startedAt);
}

/** One line per lane that ran: its time, when it ended, and how much of it was the target, the simulators and waits. */
export function trafficLines(traffic: readonly SuiteTraffic[], startedAt?: string): string[] {
  return laneTotals(traffic)
    .filter((lane) => lane.files > 0)
    .map((lane) => {
      const end = laneEndMs(lane, startedAt);
      return (
        `Time, ${lane.lane} lane (${lane.files} suite file${lane.files === 1 ? "" : "s"}${lane.lane === "shared" ? ", side by side: summed over them" : ""}): ${seconds(lane.duration_ms)}` +
        `${end === undefined ? "" : `, ended ${seconds(end)} into the run`}; ` +
        `${lane.requests} requests to the target, ${seconds(lane.network_ms)} awaiting them; ` +
        `${lane.helper_requests} to the simulators, ${seconds(lane.helper_ms)}; ` +
        `${seconds(lane.waits_ms)} in waits (polls' pauses, streams)`
      );
    });
}
