// Knobs every scenario shares, from the environment the CLI sets (CAP_DURATION, CAP_RATE,
// CAP_VUS, CAP_P95_MS), and the thresholds that gate API latency and errors. API thresholds
// are on `kind:api` only: an SSE stream's http_req_duration is its lifetime, not a latency.
import { durationMs } from "./duration.ts";

export const DURATION = __ENV.CAP_DURATION || "30s";
export const DURATION_MS = durationMs(DURATION);

export function intEnv(name: string, fallback: number): number {
  const raw = __ENV[name];
  if (raw === undefined || raw === "") return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 1) throw new Error(`${name} must be a positive integer, got "${raw}"`);
  return value;
}

/** Iterations started per second by arrival-rate executors. */
export const RATE = intEnv("CAP_RATE", 10);
/** The most VUs a scenario may use. */
export const VUS = intEnv("CAP_VUS", 20);
/**
 * The k6 processes the run is split over (`load --instances`, k6-operator's parallelism). k6 splits
 * every VU count by the execution segment, so a pool smaller than this would leave an instance
 * without a VU for its share of the iterations: small pools are raised to it (perInstance).
 */
export const INSTANCES = intEnv("CAP_INSTANCES", 1);

export function perInstance(vus: number): number {
  return Math.max(vus, INSTANCES);
}

/** 95th percentile bound on API latency. */
export const P95_MS = intEnv("CAP_P95_MS", 500);

export const SUMMARY_TREND_STATS = ["avg", "min", "med", "max", "p(90)", "p(95)", "p(99)", "count"];

export const API_THRESHOLDS: Record<string, string[]> = {
  "http_req_failed{kind:api}": ["rate<0.01"],
  "http_req_duration{kind:api}": [`p(95)<${P95_MS}`],
  checks: ["rate>0.99"],
};

/**
 * Arrival-rate scenarios: an iteration k6 could not start (no free VU) is load that was not applied.
 * k6 drops an iteration whenever no VU is free, even while it may still start one (the drop comes first,
 * the new VU after), so every arrival-rate scenario pre-allocates its whole pool: a drop then means all
 * its VUs were busy, not that a loaded machine slowed the first seconds.
 */
export const ARRIVAL_THRESHOLDS: Record<string, string[]> = {
  dropped_iterations: ["count==0"],
};

/** An arrival-rate scenario's VUs, all started before the run (see ARRIVAL_THRESHOLDS). */
export function wholePool(vus: number): { preAllocatedVUs: number; maxVUs: number } {
  return { preAllocatedVUs: vus, maxVUs: vus };
}
