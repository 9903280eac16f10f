// The carrier simulator's witness: what the carrier saw, independent of what the platform
// reports. Only this module knows its URL and shape (simulators/carrier/schemas.ts
// WitnessSnapshot): GET {simulators.carrier}/_admin/witness -> {concurrency: {current, timeline}}.
import { Gauge } from "k6/metrics";
import { control, json } from "./api.ts";
import { runPeak, type WitnessMark } from "./carrier-peak.ts";
import { CARRIER_BEFORE_METRIC, CARRIER_PEAK_METRIC } from "./findings.ts";
import { target } from "./target.ts";

const peak = new Gauge(CARRIER_PEAK_METRIC);
/** Calls already active when the run began: not the run's, so the bound on its peak allows for them. */
const before = new Gauge(CARRIER_BEFORE_METRIC);

interface Witness {
  concurrency?: { current?: number; timeline?: Array<{ active: number }> };
}

function readWitness(): Witness["concurrency"] | undefined {
  const base = target.simulators.carrier;
  if (!base) return undefined;
  const res = control("GET", `${base.replace(/\/+$/, "")}/_admin/witness`, "carrier.witness");
  const concurrency = res.status === 200 ? json<Witness>(res)?.concurrency : undefined;
  return Array.isArray(concurrency?.timeline) && typeof concurrency.current === "number" ? concurrency : undefined;
}

/** In setup: where the witness stands before the run's first call. */
export function markWitness(): WitnessMark | undefined {
  const now = readWitness();
  return now && { points: now.timeline!.length, active: now.current! };
}

/** In teardown: the run's own peak into the gauge; answers it, or undefined when unknown. */
export function recordRunPeak(mark: WitnessMark | undefined): number | undefined {
  if (mark === undefined) return undefined;
  const now = readWitness();
  const value = now && runPeak(now.timeline!, mark);
  if (value === undefined) return undefined;
  peak.add(value);
  before.add(mark.active);
  return value;
}
