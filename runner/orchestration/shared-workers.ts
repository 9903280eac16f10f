// How many suite files of the shared lane run at once (ARCHITECTURE.md, "What runs concurrently"). Checks
// mostly wait, on the target or on simulated time, so more files than cores run at once; how many more
// depends on what they wait for. Measured with `run --seed 42` on a 2-core machine (2026-11-26): on loopback
// the workers' CPU is the bound (6 files at once took 35.3 and 37.5 s where 4 took 34.6 and 33.8 s), and still
// with 30 ms added to every response (6: 52.3 s, 4: 46.5 s); with 100 ms added the round trips are (6 took
// 93.6 and 93.8 s, 4 took 106.4 and 102.3 s, 8 took 97.4 s).

/** On a target nearer than this, the harness's CPU bounds the run; farther, its waits do. */
export const DISTANT_ROUND_TRIP_MS = 50;

export function sharedWorkers(roundTripMs: number): number {
  return roundTripMs < DISTANT_ROUND_TRIP_MS ? 4 : 6;
}
