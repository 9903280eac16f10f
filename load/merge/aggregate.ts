// A metric's summary values computed from raw samples, the way k6 computes them for its own end
// of test summary: counters sum (rate per second of the run), rates count non-zero samples, trends
// take percentiles of every sample (k6's linear interpolation), gauges keep their last value and
// extremes. Submetrics (`name{tag:value,...}`) are the samples carrying those tags.
import type { MetricSummary } from "../lib/summary-data.ts";
import type { MetricInfo, Sample, Tags } from "./samples.ts";

/** The trend statistics every summary shows (the scenarios' summaryTrendStats). */
export const TREND_STATS = ["avg", "min", "med", "max", "p(90)", "p(95)", "p(99)", "count"];

/**
 * Gauges that count one process's own resources (its VUs): a run's figure is the instances' sum.
 * Every other gauge (the carrier's peak, say) is an observation of something all instances share.
 */
const PER_PROCESS_GAUGES = new Set(["vus", "vus_max"]);

/** The p-th percentile (0..100) of sorted values, interpolated as k6's trend sink does. */
export function percentile(sorted: ArrayLike<number>, p: number): number {
  if (sorted.length === 0) return 0;
  if (sorted.length === 1) return sorted[0]!;
  const i = (p / 100) * (sorted.length - 1);
  const below = sorted[Math.floor(i)]!;
  const above = sorted[Math.ceil(i)]!;
  return below + (above - below) * (i - Math.floor(i));
}

/** Trend statistics of values: `stats` names avg, min, med, max, count and p(N) ones. */
export function trendValues(values: readonly number[], stats: readonly string[]): Record<string, number> {
  const list = Float64Array.from(values).sort();
  let sum = 0;
  for (const v of list) sum += v;
  const out: Record<string, number> = {};
  for (const stat of stats) {
    const p = /^p\((\d+(?:\.\d+)?)\)$/.exec(stat);
    if (p) out[stat] = percentile(list, Number(p[1]));
    else if (stat === "avg") out.avg = list.length ? sum / list.length : 0;
    else if (stat === "min") out.min = list[0] ?? 0;
    else if (stat === "max") out.max = list[list.length - 1] ?? 0;
    else if (stat === "med") out.med = percentile(list, 50);
    else if (stat === "count") out.count = list.length;
  }
  return out;
}

export interface Submetric {
  metric: string;
  tags: Record<string, string>;
}

/** `http_req_duration{kind:api,window:first}` -> the metric and the tags its samples must carry. */
export function parseSubmetric(key: string): Submetric {
  const open = key.indexOf("{");
  if (open < 0 || !key.endsWith("}")) return { metric: key, tags: {} };
  const tags: Record<string, string> = {};
  for (const part of key.slice(open + 1, -1).split(",")) {
    const colon = part.indexOf(":");
    if (colon < 0) continue;
    tags[part.slice(0, colon).trim()] = part
      .slice(colon + 1)
      .trim()
      .replace(/^["'](.*)["']$/, "$1");
  }
  return { metric: key.slice(0, open), tags };
}

export function carries(tags: Tags, wanted: Record<string, string>): boolean {
  for (const [k, v] of Object.entries(wanted)) if (tags[k] !== v) return false;
  return true;
}

/** The summary values of one metric (or submetric) from its samples over a run of `durationMs`. */
export function summarize(
  name: string,
  info: MetricInfo,
  samples: readonly Sample[],
  durationMs: number,
  extraStats: readonly string[] = [],
): MetricSummary {
  const seconds = Math.max(durationMs, 1) / 1000;
  const base = { type: info.type, contains: info.contains };
  switch (info.type) {
    case "counter": {
      const count = samples.reduce((sum, s) => sum + s.value, 0);
      return { ...base, values: { count, rate: count / seconds } };
    }
    case "rate": {
      const passes = samples.filter((s) => s.value !== 0).length;
      const fails = samples.length - passes;
      return { ...base, values: { rate: samples.length ? passes / samples.length : 0, passes, fails } };
    }
    case "gauge":
      return { ...base, values: gaugeValues(name, samples) };
    case "trend": {
      const stats = [...new Set([...TREND_STATS, ...extraStats])];
      return {
        ...base,
        values: trendValues(
          samples.map((s) => s.value),
          stats,
        ),
      };
    }
  }
}

function gaugeValues(name: string, samples: readonly Sample[]): Record<string, number> {
  if (samples.length === 0) return { value: 0, min: 0, max: 0 };
  let min = Number.POSITIVE_INFINITY;
  let max = Number.NEGATIVE_INFINITY;
  for (const s of samples) {
    min = Math.min(min, s.value);
    max = Math.max(max, s.value);
  }
  // The last sample of each instance: summed for a per-process gauge, the latest one otherwise.
  const lastOf = new Map<number, Sample>();
  for (const s of samples) {
    const seen = lastOf.get(s.instance);
    if (!seen || s.time >= seen.time) lastOf.set(s.instance, s);
  }
  const lasts = [...lastOf.values()];
  if (PER_PROCESS_GAUGES.has(parseSubmetric(name).metric)) {
    const value = lasts.reduce((sum, s) => sum + s.value, 0);
    return { value, min, max: Math.max(max, value) };
  }
  const latest = lasts.reduce((a, b) => (b.time > a.time ? b : a));
  return { value: latest.value, min, max };
}
