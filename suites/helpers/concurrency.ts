// Peak concurrency from the carrier witness's dials: pure, so the harness and the project's own tests
// judge max_concurrency the same way.
import type { WitnessDial } from "../../simulators/carrier/schemas.ts";

/** Most calls in progress at once: a call counts from its dial to its end (an end frees before a dial at the same instant). */
export function peakConcurrency(dials: WitnessDial[]): number {
  const points = dials.flatMap((dial) => [
    { at: dial.sim_ms, delta: 1 },
    { at: dial.ended_sim_ms ?? Number.POSITIVE_INFINITY, delta: -1 },
  ]);
  points.sort((a, b) => a.at - b.at || a.delta - b.delta);
  let active = 0;
  let peak = 0;
  for (const point of points) {
    active += point.delta;
    peak = Math.max(peak, active);
  }
  return peak;
}
