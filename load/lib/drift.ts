// Drift between the first and the last window of a soak (pure: handleSummary and the unit
// tests call it). Metrics carry a `window` tag (first, middle, last); k6 only reports a
// tagged submetric that has a threshold, so the soak declares observe-only ones (WINDOW_THRESHOLDS).
import type { DriftLimits } from "./finding-inputs.ts";
import type { Finding, SummaryData } from "./summary-data.ts";

export type Window = "first" | "middle" | "last";

/** The first and last fifth of the run are compared; the middle is for warm-up-free steady state. */
export function windowAt(progress: number): Window {
  if (progress < 0.2) return "first";
  if (progress >= 0.8) return "last";
  return "middle";
}

interface Watched {
  metric: string;
  stat: "p(95)" | "rate" | "max";
  /** Observe-only threshold that makes k6 report the submetric. */
  observe: string;
}

export const WATCHED: Watched[] = [
  { metric: "http_req_duration{kind:api", stat: "p(95)", observe: "p(95)>=0" },
  { metric: "http_req_failed{kind:api", stat: "rate", observe: "rate>=0" },
  { metric: "assistant_reply_ms{", stat: "p(95)", observe: "p(95)>=0" },
  { metric: "session_completed_ms{", stat: "p(95)", observe: "p(95)>=0" },
  { metric: "server_memory_bytes{", stat: "max", observe: "max>=0" },
];

function key(metric: string, window: Window): string {
  return metric.endsWith("{") ? `${metric}window:${window}}` : `${metric},window:${window}}`;
}

export const WINDOW_THRESHOLDS: Record<string, string[]> = Object.fromEntries(
  WATCHED.flatMap((w) => (["first", "last"] as const).map((win) => [key(w.metric, win), [w.observe]])),
);

export const DEFAULT_LIMITS: DriftLimits = {
  latencyGrowth: 0.5,
  latencySlackMs: 20,
  errorRise: 0.01,
  memoryGrowth: 0.5,
};

/**
 * One finding per watched metric seen in both windows. A metric missing from either is a warning,
 * "not measured" (with the reason given for it in `notes`, keyed by finding name), never a pass.
 * `notes` also qualify a measured figure (what the memory probe covers, say).
 */
export function driftFindings(
  data: SummaryData,
  limits: DriftLimits = DEFAULT_LIMITS,
  notes: Record<string, string> = {},
): Finding[] {
  return WATCHED.map((w) => {
    const name = `drift ${w.metric.replace(/[{,]$/, "").replace("{", " ")}`.trim();
    const note = notes[name] ? `: ${notes[name]}` : "";
    const first = sampled(data, key(w.metric, "first"), w.stat);
    const last = sampled(data, key(w.metric, "last"), w.stat);
    if (first === undefined || last === undefined) {
      return { name, ok: true, warning: true, detail: `not measured in both windows${note}` };
    }
    if (w.stat === "rate") {
      const ok = last - first <= limits.errorRise;
      return {
        name,
        ok,
        detail: `${pct(first)} first, ${pct(last)} last (allowed rise ${pct(limits.errorRise)})${note}`,
      };
    }
    const growth = w.stat === "max" ? limits.memoryGrowth : limits.latencyGrowth;
    const slack = w.stat === "max" ? 0 : limits.latencySlackMs;
    const ok = last <= first * (1 + growth) + slack;
    const show = (v: number) => (w.stat === "max" ? `${(v / 2 ** 20).toFixed(1)} MiB` : `${v.toFixed(1)} ms`);
    return {
      name,
      ok,
      detail: `${w.stat} ${show(first)} first, ${show(last)} last (allowed +${Math.round(growth * 100)} %)${note}`,
    };
  });
}

/** The statistic of a submetric that has samples (a trend's count, a rate's passes + fails). */
function sampled(data: SummaryData, name: string, stat: string): number | undefined {
  const values = data.metrics[name]?.values;
  if (values === undefined) return undefined;
  const samples = values.count ?? (values.passes ?? 0) + (values.fails ?? 0);
  const value = values[stat];
  return samples > 0 && value !== undefined && !Number.isNaN(value) ? value : undefined;
}

const pct = (rate: number) => `${(rate * 100).toFixed(2)} %`;
