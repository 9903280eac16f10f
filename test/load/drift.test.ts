// Soak drift: the first and last windows of a run compared per watched metric.
import { describe, expect, it } from "vitest";
import { DEFAULT_LIMITS, driftFindings, WINDOW_THRESHOLDS, windowAt } from "../../load/lib/drift.ts";
import type { MetricSummary, SummaryData } from "../../load/lib/summary-data.ts";

const trend = (p95: number, count = 10): MetricSummary => ({
  type: "trend",
  contains: "time",
  values: { "p(95)": p95, max: p95, count },
});
const rate = (value: number, samples = 100): MetricSummary => ({
  type: "rate",
  contains: "default",
  values: { rate: value, passes: Math.round(value * samples), fails: samples - Math.round(value * samples) },
});

function data(metrics: Record<string, MetricSummary>): SummaryData {
  return { metrics, state: { testRunDurationMs: 1 }, root_group: { name: "", path: "", groups: [], checks: [] } };
}

const find = (d: SummaryData, name: string) => driftFindings(d).find((f) => f.name === name)!;

describe("soak drift", () => {
  it("cuts a run into a first fifth, a middle and a last fifth", () => {
    expect([0, 0.19, 0.2, 0.79, 0.8, 1].map(windowAt)).toEqual(["first", "first", "middle", "middle", "last", "last"]);
  });

  it("declares an observe-only threshold for each watched metric and window", () => {
    expect(WINDOW_THRESHOLDS["http_req_duration{kind:api,window:first}"]).toEqual(["p(95)>=0"]);
    expect(WINDOW_THRESHOLDS["server_memory_bytes{window:last}"]).toEqual(["max>=0"]);
  });

  it("passes a steady latency and fails one that grew past the limit", () => {
    const steady = data({
      "http_req_duration{kind:api,window:first}": trend(100),
      "http_req_duration{kind:api,window:last}": trend(160),
    });
    expect(find(steady, "drift http_req_duration kind:api").ok).toBe(true);
    const grown = data({
      "http_req_duration{kind:api,window:first}": trend(100),
      "http_req_duration{kind:api,window:last}": trend(100 * (1 + DEFAULT_LIMITS.latencyGrowth) + 21),
    });
    const finding = find(grown, "drift http_req_duration kind:api");
    expect(finding.ok).toBe(false);
    expect(finding.detail).toMatch(/100\.0 ms first, 171\.0 ms last/);
  });

  it("fails an error rate that rose by more than a point", () => {
    const d = data({
      "http_req_failed{kind:api,window:first}": rate(0),
      "http_req_failed{kind:api,window:last}": rate(0.02),
    });
    expect(find(d, "drift http_req_failed kind:api").ok).toBe(false);
  });

  it("fails memory that grew by more than half, with no slack", () => {
    const d = data({
      "server_memory_bytes{window:first}": trend(100e6),
      "server_memory_bytes{window:last}": trend(151e6),
    });
    const finding = find(d, "drift server_memory_bytes");
    expect(finding.ok).toBe(false);
    expect(finding.detail).toBe("max 95.4 MiB first, 144.0 MiB last (allowed +50 %)");
  });

  it("reports a metric without samples in both windows as a not-measured warning, not as passed drift", () => {
    const d = data({
      "assistant_reply_ms{window:first}": trend(0, 0),
      "assistant_reply_ms{window:last}": trend(50),
    });
    expect(find(d, "drift assistant_reply_ms")).toEqual({
      name: "drift assistant_reply_ms",
      ok: true,
      warning: true,
      detail: "not measured in both windows",
    });
  });

  it("says why memory was not measured, and what a measured figure covers", () => {
    const why = { "drift server_memory_bytes": "the target has no test_control" };
    const missing = driftFindings(data({}), DEFAULT_LIMITS, why).find((f) => f.name === "drift server_memory_bytes");
    expect(missing).toMatchObject({
      warning: true,
      detail: "not measured in both windows: the target has no test_control",
    });
    const measured = data({
      "server_memory_bytes{window:first}": trend(100e6),
      "server_memory_bytes{window:last}": trend(101e6),
    });
    const note = { "drift server_memory_bytes": "the embedded stack's one process" };
    const finding = driftFindings(measured, DEFAULT_LIMITS, note).find((f) => f.name === "drift server_memory_bytes");
    expect(finding).toMatchObject({
      ok: true,
      detail: expect.stringMatching(/\(allowed \+50 %\): the embedded stack's one process$/),
    });
    expect(finding?.warning).toBeUndefined();
  });
});
