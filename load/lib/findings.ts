// A scenario's findings from its metrics and the few figures it is judged with (pure: handleSummary
// in k6 and `load merge` in Node both call it). The figures travel in summary.json (`judge`), so a
// merge of N instances judges the whole run exactly as one process would have judged it.
import { carrierPeakFinding } from "./carrier-peak.ts";
import { driftFindings } from "./drift.ts";
import type { FindingInputs } from "./finding-inputs.ts";
import { messageRateFinding } from "./stream-findings.ts";
import type { Finding, SummaryData } from "./summary-data.ts";

export const CARRIER_PEAK_METRIC = "carrier_peak_concurrency";
export const CARRIER_BEFORE_METRIC = "carrier_active_at_start";

/**
 * The carrier's peak during the run and the calls active before it. Every instance reads the one
 * carrier, so over several instances the peak is the largest reading and "before" the smallest
 * (the first instance's setup came before any call of the run).
 */
export function carrierPeakFrom(data: SummaryData): { peak?: number; before: number } {
  const peak = data.metrics[CARRIER_PEAK_METRIC]?.values;
  const before = data.metrics[CARRIER_BEFORE_METRIC]?.values;
  return { peak: peak?.max ?? peak?.value, before: before?.min ?? before?.value ?? 0 };
}

export function scenarioFindings(data: SummaryData, inputs: FindingInputs): Finding[] {
  switch (inputs.scenario) {
    case "api-mix":
      return [];
    case "streams":
      return [messageRateFinding(data, inputs.rate * inputs.share, inputs.window_ms)];
    case "calls": {
      const placed = data.metrics.calls_placed?.values.count ?? 0;
      const { peak, before } = carrierPeakFrom(data);
      const bound = { ...inputs.bound };
      if (before > 0) {
        bound.limit += before;
        bound.why += ` + ${before} already active at the start`;
      }
      return [carrierPeakFinding(peak, placed, bound)];
    }
    case "soak":
      return driftFindings(data, inputs.limits, inputs.notes);
  }
}
