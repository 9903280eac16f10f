// The run over time, from the raw samples (all instances together, and each instance apart when
// there are several): what an operator reads a soak by. Bucketed to about 60 points whatever the
// run's length. A rate (requests, calls placed per second) counts its samples, so a bucket with none is a zero; a
// percentile or a level of a bucket with no sample has no point (a gap, not a zero).
import { carries, percentile } from "./aggregate.ts";
import type { Sample, SampleSet } from "./samples.ts";

export interface Point {
  /** Milliseconds since the run's first sample. */
  t: number;
  v: number;
}

export interface Series {
  label: string;
  points: Point[];
}

export interface Chart {
  title: string;
  unit: string;
  series: Series[];
}

/** A carrier witness point (simulators/carrier/schemas.ts ConcurrencyPoint). */
export interface CarrierPoint {
  real_ms: number;
  active: number;
}

export interface Timeline {
  spanMs: number;
  bucketMs: number;
  /** The soak's windows (its samples' `window` tag): where the middle and the last fifth begin. */
  windows?: { middle: number; last: number };
  charts: Chart[];
}

const TARGET_POINTS = 60;
const API = { kind: "api" };

export function buildTimeline(set: SampleSet, carrier: CarrierPoint[] = []): Timeline {
  let start = Number.POSITIVE_INFINITY;
  let end = Number.NEGATIVE_INFINITY;
  const instances = new Set<number>();
  for (const list of set.samples.values()) {
    for (const s of list) {
      if (s.time < start) start = s.time;
      if (s.time > end) end = s.time;
      instances.add(s.instance);
    }
  }
  if (!Number.isFinite(start)) return { spanMs: 0, bucketMs: 1000, charts: [] };
  const spanMs = Math.max(end - start, 1);
  const bucketMs = Math.max(1000, Math.ceil(spanMs / TARGET_POINTS / 1000) * 1000);
  const buckets = Math.floor(spanMs / bucketMs) + 1;
  const ids = [...instances].sort((a, b) => a - b);
  const split = ids.length > 1;
  const of = (metric: string, tags: Record<string, string> = {}) =>
    (set.samples.get(metric) ?? []).filter((s) => carries(s.tags, tags));
  const perInstance = (label: string, samples: Sample[], reduce: Reduce, empty?: number): Series[] => [
    { label: split ? "all instances" : label, points: bucketed(samples, start, bucketMs, buckets, reduce, empty) },
    ...(split
      ? ids.map((id) => ({
          label: `instance ${id}`,
          points: bucketed(
            samples.filter((s) => s.instance === id),
            start,
            bucketMs,
            buckets,
            reduce,
            empty,
          ),
        }))
      : []),
  ];
  /** Per second over each bucket; no sample in a bucket is none that second, a zero. */
  const rate = (label: string, samples: Sample[]) =>
    samples.length === 0 ? [] : perInstance(label, samples, (v) => sum(v) / seconds, 0);
  const seconds = bucketMs / 1000;
  const charts: Chart[] = [];
  const add = (title: string, unit: string, series: Series[]) => {
    if (series.some((s) => s.points.length > 0)) charts.push({ title, unit, series });
  };

  add("API latency p95", "ms", perInstance("p95", of("http_req_duration", API), p95));
  add("API requests per second", "/s", rate("requests", of("http_reqs", API)));
  add("API errors", "%", [
    { label: "failed requests", points: bucketed(of("http_req_failed", API), start, bucketMs, buckets, ratePct) },
  ]);
  add(
    "Open streams",
    "streams",
    openStreams(of("http_req_duration", { kind: "stream" }), ids, split, start, bucketMs, buckets),
  );
  add("Assistant reply p95", "ms", perInstance("p95", of("assistant_reply_ms"), p95));
  add("Call completion p95 (to session.completed)", "ms", perInstance("p95", of("session_completed_ms"), p95));
  add("Calls placed per second", "/s", rate("placed", of("calls_placed")));
  add("Calls in flight at the carrier (its witness)", "calls", [
    { label: "active", points: carrierSeries(carrier, start, end, bucketMs, buckets) },
  ]);
  add("Server memory (rss)", "MiB", [
    {
      label: "rss",
      points: bucketed(of("server_memory_bytes"), start, bucketMs, buckets, (v) => Math.max(...v) / 2 ** 20),
    },
  ]);
  add("VUs", "VUs", vusSeries(of("vus"), ids, split, start, bucketMs, buckets));
  return { spanMs, bucketMs, windows: windowsOf(set, start), charts };
}

type Reduce = (values: number[]) => number;
const sum: Reduce = (v) => v.reduce((a, b) => a + b, 0);
const p95: Reduce = (v) => percentile(Float64Array.from(v).sort(), 95);
const ratePct: Reduce = (v) => (100 * v.filter((x) => x !== 0).length) / v.length;

/** One point per bucket with samples; a bucket without any is left out (a gap), or is `empty` when it is given. */
function bucketed(
  samples: Sample[],
  start: number,
  bucketMs: number,
  buckets: number,
  reduce: Reduce,
  empty?: number,
): Point[] {
  const groups: number[][] = Array.from({ length: buckets }, () => []);
  for (const s of samples) groups[Math.min(buckets - 1, Math.floor((s.time - start) / bucketMs))]!.push(s.value);
  return groups.flatMap((values, i) => {
    const t = (i + 0.5) * bucketMs;
    if (values.length > 0) return [{ t, v: reduce(values) }];
    return empty === undefined ? [] : [{ t, v: empty }];
  });
}

/** A stream's duration sample is written when it ends: it was open from (end - duration) to end. */
function openStreams(
  streams: Sample[],
  ids: number[],
  split: boolean,
  start: number,
  bucketMs: number,
  buckets: number,
): Series[] {
  if (streams.length === 0) return [];
  const count = (list: Sample[]): Point[] =>
    Array.from({ length: buckets }, (_, i) => {
      const at = start + (i + 0.5) * bucketMs;
      return { t: (i + 0.5) * bucketMs, v: list.filter((s) => s.time - s.value <= at && s.time >= at).length };
    });
  return [
    { label: split ? "all instances" : "open", points: count(streams) },
    ...(split
      ? ids.map((id) => ({ label: `instance ${id}`, points: count(streams.filter((s) => s.instance === id)) }))
      : []),
  ];
}

/** VUs of the run: each instance's latest value in the bucket, summed. */
function vusSeries(
  vus: Sample[],
  ids: number[],
  split: boolean,
  start: number,
  bucketMs: number,
  buckets: number,
): Series[] {
  const latest = (list: Sample[]) => bucketed(list, start, bucketMs, buckets, (v) => v[v.length - 1] ?? 0);
  const each = ids.map((id) => ({ id, points: latest(vus.filter((s) => s.instance === id)) }));
  const total = new Map<number, number>();
  for (const { points } of each) for (const p of points) total.set(p.t, (total.get(p.t) ?? 0) + p.v);
  const all = [...total.entries()].sort((a, b) => a[0] - b[0]).map(([t, v]) => ({ t, v }));
  return [
    { label: split ? "all instances" : "VUs", points: all },
    ...(split ? each.map((e) => ({ label: `instance ${e.id}`, points: e.points })) : []),
  ];
}

/** The most calls active in each bucket (the level carried over from before it counts). */
function carrierSeries(points: CarrierPoint[], start: number, end: number, bucketMs: number, buckets: number): Point[] {
  const sorted = [...points].sort((a, b) => a.real_ms - b.real_ms);
  if (!sorted.some((p) => p.real_ms >= start && p.real_ms <= end)) return [];
  let level = 0;
  let next = 0;
  while (next < sorted.length && sorted[next]!.real_ms < start) level = sorted[next++]!.active;
  return Array.from({ length: buckets }, (_, i) => {
    const bucketEnd = start + (i + 1) * bucketMs;
    let most = level;
    while (next < sorted.length && sorted[next]!.real_ms < bucketEnd) {
      level = sorted[next++]!.active;
      most = Math.max(most, level);
    }
    return { t: (i + 0.5) * bucketMs, v: most };
  });
}

function windowsOf(set: SampleSet, start: number): Timeline["windows"] {
  let middle = Number.POSITIVE_INFINITY;
  let last = Number.POSITIVE_INFINITY;
  for (const list of set.samples.values()) {
    for (const s of list) {
      if (s.tags.window === "middle") middle = Math.min(middle, s.time);
      else if (s.tags.window === "last") last = Math.min(last, s.time);
    }
  }
  return Number.isFinite(middle) && Number.isFinite(last) ? { middle: middle - start, last: last - start } : undefined;
}
