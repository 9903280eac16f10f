// The carrier simulator's witness: what the carrier saw, independent of what the platform
// reports. Only this module knows its URL and field names (assumed until the carrier
// simulator publishes them): GET {simulators.carrier}/_admin/witness -> {peak_concurrency}.
import { Gauge } from "k6/metrics";
import { control, json } from "./api.ts";
import type { SummaryData } from "./summary-data.ts";
import { target } from "./target.ts";

const PEAK_FIELDS = ["peak_concurrency", "peak_concurrent_calls", "max_concurrent_calls"];
const METRIC = "carrier_peak_concurrency";
const peak = new Gauge(METRIC);

/** Reads the carrier's peak concurrency into a gauge; answers it, or undefined when unknown. */
export function recordCarrierPeak(): number | undefined {
  const base = target.simulators.carrier;
  if (!base) return undefined;
  const res = control("GET", `${base.replace(/\/+$/, "")}/_admin/witness`, "carrier.witness");
  const body = json(res);
  for (const field of PEAK_FIELDS) {
    const value = body?.[field];
    if (typeof value === "number") {
      peak.add(value);
      return value;
    }
  }
  return undefined;
}

/** The peak as handleSummary sees it. */
export function carrierPeakFrom(data: SummaryData): number | undefined {
  return data.metrics[METRIC]?.values.value;
}
