// One verdict from N instances of a split run (load/merge/): execution segments, figures
// recomputed from the raw samples (never averaged from the instances' summaries), thresholds an
// instance crossed on its own, findings judged on the whole, and the report's charts over time
// (rendered in headless Chromium as the certification report is).
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { gzipSync } from "node:zlib";
import { afterAll, describe, expect, it } from "vitest";
import type { FindingInputs } from "../../load/lib/finding-inputs.ts";
import { ownedRange, parseSegment, segmentFlags } from "../../load/lib/segment.ts";
import type { LoadSummary, MetricSummary } from "../../load/lib/summary-data.ts";
import { percentile, trendValues } from "../../load/merge/aggregate.ts";
import { MergeError, mergeRuns } from "../../load/merge/merge.ts";
import { writeReports } from "../../load/merge/reports.ts";
import { holds } from "../../load/merge/thresholds.ts";
import { buildTimeline } from "../../load/merge/timeline.ts";
import { needChromium, runChromium } from "../reports/chromium.ts";

const root = mkdtempSync(join(tmpdir(), "cap-load-merge-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe("execution segments", () => {
  it("read k6-operator's flags back as instance k of N", () => {
    expect(segmentFlags(2, 3)).toEqual(["--execution-segment=1/3:2/3", "--execution-segment-sequence=0,1/3,2/3,1"]);
    expect(parseSegment("1/3:2/3", "0,1/3,2/3,1")).toMatchObject({ index: 2, count: 3 });
    expect(parseSegment("0:1/2", "0,1/2,1")).toMatchObject({ index: 1, count: 2, from: 0, to: 0.5 });
    expect(parseSegment("50%:100%")).toMatchObject({ index: 2, count: 2 });
    expect(parseSegment("0:1")).toBeUndefined();
    expect(parseSegment(undefined)).toBeUndefined();
    expect(() => parseSegment("1/2:1/4")).toThrow(/empty/);
  });

  it("give every conversation to exactly one instance", () => {
    for (let total = 1; total <= 12; total++) {
      for (let n = 1; n <= 5; n++) {
        const owned = Array.from({ length: n }, (_, i) => {
          const [segment, sequence] = segmentFlags(i + 1, n).map((f) => f.split("=")[1]);
          return ownedRange(total, n === 1 ? undefined : parseSegment(segment, sequence));
        });
        expect(owned[0]!.start).toBe(0);
        expect(owned.at(-1)!.end).toBe(total);
        for (let i = 1; i < n; i++) expect(owned[i]!.start).toBe(owned[i - 1]!.end);
      }
    }
  });
});

describe("figures from raw samples", () => {
  it("interpolate percentiles as k6's trend sink does", () => {
    expect(percentile([1, 2, 3, 4], 50)).toBe(2.5);
    expect(percentile([1, 2, 3, 4, 5, 6, 7, 8, 9, 10], 95)).toBeCloseTo(9.55, 10);
    expect(trendValues([5, 1, 3], ["avg", "min", "med", "max", "count", "p(90)"])).toEqual({
      avg: 3,
      min: 1,
      med: 3,
      max: 5,
      count: 3,
      "p(90)": 4.6,
    });
  });

  it("evaluate k6 threshold expressions", () => {
    expect(holds("p(95)<500", { "p(95)": 499.9 })).toBe(true);
    expect(holds("p(95)<500", { "p(95)": 500 })).toBe(false);
    expect(holds("rate<0.01", { rate: 0.02 })).toBe(false);
    expect(holds("count==0", {})).toBe(true);
    expect(holds("count>0", { count: 3 })).toBe(true);
    expect(() => holds("p95 below 500", {})).toThrow(/is not one the merge can evaluate/);
  });
});

interface Point {
  metric: string;
  value: number;
  /** Seconds after the instance's start. */
  at: number;
  tags?: Record<string, string>;
}

const TYPES: Record<string, Pick<MetricSummary, "type" | "contains">> = {
  http_reqs: { type: "counter", contains: "default" },
  http_req_duration: { type: "trend", contains: "time" },
  http_req_failed: { type: "rate", contains: "default" },
  messages_posted: { type: "counter", contains: "default" },
  iterations: { type: "counter", contains: "default" },
  carrier_peak_concurrency: { type: "gauge", contains: "default" },
  carrier_active_at_start: { type: "gauge", contains: "default" },
  dropped_iterations: { type: "counter", contains: "default" },
};

const START = Date.parse("2026-11-25T10:00:00Z");

/** An instance's report directory: summary.json as handleSummary writes it, and its raw samples. */
function instanceDir(
  name: string,
  o: { index: number; count: number; points: Point[]; judge: FindingInputs; crossed?: string[]; gzip?: boolean },
): string {
  const dir = join(root, name);
  mkdirSync(dir, { recursive: true });
  const lines = Object.entries(TYPES).map(([metric, t]) =>
    JSON.stringify({ type: "Metric", metric, data: { name: metric, ...t, thresholds: [], submetrics: null } }),
  );
  for (const p of o.points) {
    const time = new Date(START + p.at * 1000).toISOString();
    lines.push(JSON.stringify({ type: "Point", metric: p.metric, data: { time, value: p.value, tags: p.tags ?? {} } }));
  }
  const text = `${lines.join("\n")}\n`;
  if (o.gzip) writeFileSync(join(dir, "samples.json.gz"), gzipSync(text));
  else writeFileSync(join(dir, "samples.json"), text);
  const crossed = new Set(o.crossed ?? []);
  const threshold = (metric: string, expression: string) => ({ metric, expression, ok: !crossed.has(metric) });
  const summary: LoadSummary = {
    schema: "cap-conformance/load-summary@1",
    scenario: o.judge.scenario,
    run_id: "r1",
    region: "r1",
    base_url: "http://127.0.0.1:9",
    finished_at: "2026-11-25T10:01:00.000Z",
    duration_ms: 10_000,
    passed: crossed.size === 0,
    thresholds: [threshold("http_req_duration{kind:api}", "p(95)<500"), threshold("dropped_iterations", "count==0")],
    checks: [{ name: "agent.get: status 200", path: "::agent.get: status 200", passes: 10 * o.index, fails: 0 }],
    findings: [],
    // What k6 reported: the metrics with thresholds (an instance's own figures, unused by the merge).
    metrics: {
      "http_req_duration{kind:api}": {
        type: "trend",
        contains: "time",
        values: {},
        thresholds: { "p(95)<500": { ok: !crossed.has("http_req_duration{kind:api}") } },
      },
      dropped_iterations: {
        type: "counter",
        contains: "default",
        values: {},
        thresholds: { "count==0": { ok: true } },
      },
    },
    instance: { index: o.index, count: o.count, segment: `${o.index - 1}/${o.count}:${o.index}/${o.count}` },
    judge: o.judge,
  };
  writeFileSync(join(dir, "summary.json"), JSON.stringify(summary));
  return dir;
}

/** `count` API requests of `ms` each, one every 50 ms from `from` seconds on. */
function requests(count: number, ms: number, from = 0): Point[] {
  return Array.from({ length: count }, (_, i) => [
    { metric: "http_req_duration", value: ms, at: from + i * 0.05, tags: { kind: "api", name: "agent.get" } },
    { metric: "http_reqs", value: 1, at: from + i * 0.05, tags: { kind: "api", name: "agent.get" } },
    { metric: "http_req_failed", value: 0, at: from + i * 0.05, tags: { kind: "api", name: "agent.get" } },
  ]).flat();
}

const streamsJudge = (share: number): FindingInputs => ({ scenario: "streams", rate: 2, window_ms: 5_000, share });

describe("load merge", () => {
  // Instance 1: 100 requests of 10 ms. Instance 2: 90 of 10 ms and 10 of 1000 ms, so its own p95
  // (1000 ms) crosses p(95)<500. Over all 200 samples the p95 is 59.5 ms: the merged figure holds,
  // the average of the two instances' p95s (505 ms) would not; the crossing still fails the run.
  const one = instanceDir("one", {
    index: 1,
    count: 2,
    judge: streamsJudge(0.5),
    gzip: true,
    points: [
      ...requests(100, 10),
      { metric: "messages_posted", value: 1, at: 1 },
      { metric: "messages_posted", value: 1, at: 2 },
      { metric: "messages_posted", value: 1, at: 3 },
      { metric: "messages_posted", value: 1, at: 4 },
      { metric: "iterations", value: 1, at: 5 },
    ],
  });
  const two = instanceDir("two", {
    index: 2,
    count: 2,
    judge: streamsJudge(0.5),
    crossed: ["http_req_duration{kind:api}"],
    points: [
      ...requests(90, 10),
      ...requests(10, 1000, 5),
      ...[1, 2, 3, 4].map((at) => ({ metric: "messages_posted", value: 1, at })),
      { metric: "iterations", value: 1, at: 5 },
    ],
  });

  it("sums counts, computes percentiles over every sample and fails on an instance's crossed threshold", async () => {
    const { summary } = await mergeRuns([two, one]);
    const m = summary.metrics;
    expect(m.http_reqs?.values.count).toBe(200);
    expect(m["http_req_duration{kind:api}"]?.values.count).toBe(200);
    expect(m["http_req_duration{kind:api}"]?.values["p(95)"]).toBeCloseTo(59.5, 6);
    expect(m["http_req_duration{kind:api}"]?.values.max).toBe(1000);
    expect(m.messages_posted?.values.count).toBe(8);
    expect(m.http_req_failed?.values).toMatchObject({ rate: 0, passes: 0, fails: 200 });
    // A metric without a sample but with a threshold is still judged.
    expect(m.dropped_iterations?.values.count).toBe(0);
    expect(summary.checks).toEqual([
      { name: "agent.get: status 200", path: "::agent.get: status 200", passes: 30, fails: 0 },
    ]);
    expect(summary.thresholds).toContainEqual({
      metric: "http_req_duration{kind:api}",
      expression: "p(95)<500",
      ok: true,
    });
    expect(summary.thresholds).toContainEqual({
      metric: "http_req_duration{kind:api}",
      expression: "p(95)<500",
      ok: false,
      instance: 2,
    });
    expect(summary.passed).toBe(false);
    expect(summary.merged?.map((i) => [i.index, i.passed])).toEqual([
      [1, true],
      [2, false],
    ]);
    // The message rate is judged on the whole: both halves' conversations, 2/s over 5 s. Each half
    // posted 4 of its 5 (enough on its own); 8 of 10 is not.
    expect(summary.judge).toEqual(streamsJudge(1));
    expect(summary.findings).toContainEqual(
      expect.objectContaining({
        name: "messages posted at the asked rate",
        ok: false,
        detail: expect.stringMatching(/^8 posted, 10 due/),
      }),
    );
  });

  it("judges the carrier's peak on the largest reading and the calls active before the first instance", async () => {
    const bound = { limit: 6, why: "test bound" };
    const gauges = (peak: number, before: number): Point[] => [
      { metric: "carrier_peak_concurrency", value: peak, at: 9 },
      { metric: "carrier_active_at_start", value: before, at: 0 },
      { metric: "iterations", value: 1, at: 5 },
    ];
    const a = instanceDir("calls-1", { index: 1, count: 2, judge: { scenario: "calls", bound }, points: gauges(5, 0) });
    const b = instanceDir("calls-2", { index: 2, count: 2, judge: { scenario: "calls", bound }, points: gauges(7, 2) });
    const { summary } = await mergeRuns([a, b]);
    expect(summary.findings).toContainEqual(
      expect.objectContaining({
        name: "carrier peak concurrency during the run",
        ok: false,
        detail: "peak of 7 concurrent calls, above the 6 the run can cause (test bound)",
      }),
    );
  });

  it("fails a merge that lacks an instance, and refuses what it cannot merge", async () => {
    const { summary } = await mergeRuns([one]);
    expect(summary.findings[0]).toMatchObject({ name: "every instance merged", ok: false });
    expect(summary.findings[0]!.detail).toMatch(/^1 of 2 instances \(1\)/);
    await expect(mergeRuns([one, one])).rejects.toThrow(/both instance 1/);
    const bare = join(root, "no-samples");
    mkdirSync(bare, { recursive: true });
    writeFileSync(join(bare, "summary.json"), readFileSync(join(one, "summary.json")));
    await expect(mergeRuns([bare])).rejects.toThrow(MergeError);
    await expect(mergeRuns([bare])).rejects.toThrow(/no samples\.json\.gz or samples\.json/);
    await expect(mergeRuns([join(root, "absent")])).rejects.toThrow(/cannot read .*summary\.json: ENOENT/);
  });

  it("charts the run over time, each instance its own line, the soak's windows shaded", async () => {
    const soak = (index: number): string =>
      instanceDir(`soak-${index}`, {
        index,
        count: 2,
        judge: {
          scenario: "soak",
          limits: { latencyGrowth: 0.5, latencySlackMs: 20, errorRise: 0.01, memoryGrowth: 0.5 },
          notes: {},
        },
        points: Array.from({ length: 60 }, (_, s) => [
          ...requests(2, 10 + s * index, s).map((p) => ({
            ...p,
            tags: { ...p.tags, window: s < 12 ? "first" : s < 48 ? "middle" : "last" },
          })),
          { metric: "server_memory_bytes", value: (100 + s) * 2 ** 20, at: s },
        ]).flat(),
      });
    const merged = await mergeRuns([soak(1), soak(2)]);
    const timeline = buildTimeline(merged.samples);
    expect(timeline.windows).toEqual({ middle: 12_000, last: 48_000 });
    const latency = timeline.charts.find((c) => c.title === "API latency p95");
    expect(latency?.series.map((s) => s.label)).toEqual(["all instances", "instance 1", "instance 2"]);
    const lastOf = (i: number) => latency?.series[i]?.points.at(-1)?.v ?? 0;
    expect(lastOf(2)).toBeGreaterThan(lastOf(1));
    expect(timeline.charts.map((c) => c.title)).toContain("Server memory (rss)");

    const out = join(root, "soak-merged");
    mkdirSync(out, { recursive: true });
    writeReports(out, merged.summary, merged.samples, [
      { real_ms: START - 1000, active: 1 },
      { real_ms: START + 10_000, active: 4 },
    ]);
    const html = readFileSync(join(out, "report.html"), "utf8");
    expect(html).toContain("<h2>Over time</h2>");
    expect(html).toContain("Calls in flight at the carrier (its witness) (calls)");
    expect(html.match(/<svg class="chart"/g)?.length).toBe(timeline.charts.length + 1);
    expect(html).toContain('fill="#fff1c2"');
    expect(html).not.toMatch(/<script|<link|src=|@import|url\(/);
  });

  it("draws a rate's empty bucket as zero (a call every 2 s is 1/s, then 0/s), a percentile's as a gap", () => {
    const at = (s: number, value: number, instance = 1) => ({ time: START + s * 1000, value, tags: {}, instance });
    const placed = Array.from({ length: 10 }, (_, i) => at(i * 2, 1));
    const timeline = buildTimeline({
      metrics: new Map(),
      samples: new Map([
        ["calls_placed", placed],
        ["session_completed_ms", [at(0, 900), at(18, 1100)]],
      ]),
    });
    expect(timeline.bucketMs).toBe(1000);
    const values = (title: string) => timeline.charts.find((c) => c.title === title)?.series[0]?.points.map((p) => p.v);
    expect(values("Calls placed per second")).toEqual(Array.from({ length: 19 }, (_, i) => (i % 2 === 0 ? 1 : 0)));
    expect(values("Call completion p95 (to session.completed)")).toEqual([900, 1100]);
    expect(timeline.charts.map((c) => c.title)).not.toContain("API requests per second");
  });

  it("shows the merged report's charts in headless Chromium, loading nothing", { timeout: 60_000 }, async (ctx) => {
    needChromium(ctx);
    const url = pathToFileURL(join(root, "soak-merged", "report.html")).href;
    const { stdout: dom, pageRequests } = await runChromium(["--dump-dom", url], 45_000);
    expect(dom).toContain("Merged from 2 instances");
    expect(dom).toMatch(/<figcaption>API latency p95 \(ms\)<\/figcaption>/);
    expect(dom.match(/<polyline /g)?.length ?? 0).toBeGreaterThanOrEqual(6);
    expect(pageRequests).toEqual([]);
  });
});
