// The carrier simulator's witness: what the carrier saw, independent of what the platform
// reports. Only this module knows its URL and shape (simulators/carrier/schemas.ts
// WitnessSnapshot): GET {simulators.carrier}/_admin/witness -> {concurrency: {peak, ...}, ...}.
import { Gauge } from "k6/metrics";
import { control, json } from "./api.ts";
import type { SummaryData } from "./summary-data.ts";
import { target } from "./target.ts";

const METRIC = "carrier_peak_concurrency";
const peak = new Gauge(METRIC);

/** Reads the carrier's peak concurrency into a gauge; answers it, or undefined when unknown. */
export function recordCarrierPeak(): number | undefined {
  const base = target.simulators.carrier;
  if (!base) return undefined;
  const res = control("GET", `${base.replace(/\/+$/, "")}/_admin/witness`, "carrier.witness");
  const value = json<{ concurrency?: { peak?: unknown } }>(res)?.concurrency?.peak;
  if (typeof value !== "number") return undefined;
  peak.add(value);
  return value;
}

/** The peak as handleSummary sees it. */
export function carrierPeakFrom(data: SummaryData): number | undefined {
  return data.metrics[METRIC]?.values.value;
}
