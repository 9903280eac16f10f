// The carrier's concurrency during one run, from its witness timeline (pure: the calls scenario
// and a unit test use it). The witness counts from the simulator's start, so the run marks where
// the timeline stood at setup and reads only what came after.
import type { PeakBound } from "./finding-inputs.ts";
import type { Finding } from "./summary-data.ts";

export interface ConcurrencyPoint {
  active: number;
}

/** Where the witness stood when the run began. */
export interface WitnessMark {
  /** Timeline points recorded before the run. */
  points: number;
  /** Calls active at the carrier when the run began (another client's, or a previous run's). */
  active: number;
}

/** The run's own peak: the most calls active at once from the mark on; undefined if the timeline was reset. */
export function runPeak(timeline: ConcurrencyPoint[], mark: WitnessMark): number | undefined {
  if (timeline.length < mark.points) return undefined;
  return timeline.slice(mark.points).reduce((peak, point) => Math.max(peak, point.active), mark.active);
}

/** A run that placed calls must have been seen by the carrier, and never above what it could cause. */
export function carrierPeakFinding(peak: number | undefined, placed: number, bound: PeakBound): Finding {
  const name = "carrier peak concurrency during the run";
  if (peak === undefined) {
    return {
      name,
      ok: true,
      warning: true,
      detail: "not measured: the carrier witness was not readable at setup and teardown (or was reset in between)",
    };
  }
  if (placed > 0 && peak < 1) {
    return { name, ok: false, detail: `the platform accepted ${placed} calls but the carrier never saw one` };
  }
  if (peak > bound.limit) {
    return {
      name,
      ok: false,
      detail: `peak of ${peak} concurrent calls, above the ${bound.limit} the run can cause (${bound.why})`,
    };
  }
  return {
    name,
    ok: true,
    detail: `peak of ${peak} concurrent calls for ${placed} placed (at most ${bound.limit}: ${bound.why})`,
  };
}
