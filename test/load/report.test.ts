// The load reports: the verdict derived from k6's summary data, JUnit XML and the HTML page.
import { describe, expect, it } from "vitest";
import { renderJunit } from "../../load/lib/junit.ts";
import { allChecks, type LoadSummary, type SummaryData, thresholdResults } from "../../load/lib/summary-data.ts";
import { renderHtml } from "../../load/lib/summary-html.ts";
import { markdownVerdict } from "../../load/lib/summary-markdown.ts";

const data: SummaryData = {
  state: { testRunDurationMs: 12_345 },
  metrics: {
    "http_req_duration{kind:api}": {
      type: "trend",
      contains: "time",
      values: { avg: 3, med: 2, "p(90)": 5, "p(95)": 7.5, max: 20, count: 40 },
      thresholds: { "p(95)<500": { ok: true } },
    },
    "http_req_failed{kind:api}": {
      type: "rate",
      contains: "default",
      values: { rate: 0.05, passes: 2, fails: 38 },
      thresholds: { "rate<0.01": { ok: false } },
    },
    stream_frames: { type: "counter", contains: "default", values: { count: 300, rate: 37.4 } },
    server_memory_bytes: {
      type: "trend",
      contains: "default",
      values: {
        avg: 150 * 2 ** 20,
        med: 150 * 2 ** 20,
        "p(90)": 160 * 2 ** 20,
        "p(95)": 161 * 2 ** 20,
        "p(99)": 162 * 2 ** 20,
        max: 163 * 2 ** 20,
        count: 20,
      },
    },
  },
  root_group: {
    name: "",
    path: "",
    checks: [{ name: "agent.get: status 200", path: "::agent.get: status 200", passes: 9, fails: 1 }],
    groups: [
      {
        name: "setup",
        path: "::setup",
        groups: [],
        checks: [{ name: "agent.get: status 200", path: "::setup::agent.get: status 200", passes: 1, fails: 0 }],
      },
    ],
  },
};

function summary(): LoadSummary {
  return {
    schema: "cap-conformance/load-summary@1",
    scenario: "api-mix",
    run_id: "r1",
    region: "r1",
    base_url: "http://127.0.0.1:1",
    finished_at: "2026-01-01T00:00:00.000Z",
    duration_ms: 12_345,
    passed: false,
    thresholds: thresholdResults(data),
    checks: allChecks(data.root_group),
    findings: [
      { name: "drift <latency>", ok: false, detail: 'p95 "grew" & more' },
      { name: "drift server_memory_bytes", ok: true, warning: true, detail: "not measured: no test_control" },
    ],
    metrics: data.metrics,
  };
}

/** The cells of the row for `metric` in the table under the heading `section`. */
function row(html: string, section: string, metric: string): string[] {
  const table = html.slice(html.indexOf(`<h2>${section}</h2>`)).split("</table>")[0]!;
  const found = table.split("<tr>").find((r) => r.startsWith(`<td><code>${metric}</code>`));
  return [...(found ?? "").matchAll(/<td[^>]*>(.*?)<\/td>/g)].map((m) => m[1]!);
}

describe("load summary", () => {
  it("lists every threshold with its verdict", () => {
    expect(thresholdResults(data)).toEqual([
      { metric: "http_req_duration{kind:api}", expression: "p(95)<500", ok: true },
      { metric: "http_req_failed{kind:api}", expression: "rate<0.01", ok: false },
    ]);
  });

  it("merges a check that ran in several groups into one row", () => {
    expect(allChecks(data.root_group)).toEqual([
      { name: "agent.get: status 200", path: "::agent.get: status 200", passes: 10, fails: 1 },
    ]);
  });

  it("writes JUnit with one case per threshold, check and finding, failures counted and escaped", () => {
    const xml = renderJunit(summary());
    expect(xml).toContain('tests="5" failures="3"');
    expect(xml).toContain('skipped="1"');
    expect(xml).toContain('<skipped message="not measured: no test_control"/>');
    expect(xml).toContain('<testsuite name="load.api-mix"');
    expect(xml).toContain('failure message="threshold crossed: http_req_failed{kind:api} rate&#60;0.01"');
    expect(xml).toContain('failure message="1 of 11 failed"');
    expect(xml).toContain("p95 &#34;grew&#34; &#38; more");
    expect(xml).not.toMatch(/<latency>/);
  });

  it("writes summary.md for a job summary: verdict, thresholds, findings and failed checks, cells escaped", () => {
    const md = markdownVerdict(summary());
    expect(md.split("\n")[0]).toBe("## ✗ cap-conformance load api-mix: FAIL");
    expect(md).toContain("12.3 s against http://127.0.0.1:1 (region r1), run r1.");
    expect(md).toContain("| p(95)&lt;500 | http_req_duration{kind:api} | ok |");
    expect(md).toContain("| rate&lt;0.01 | http_req_failed{kind:api} | **crossed** |");
    expect(md).toContain('| drift &lt;latency> | **failed** | p95 "grew" & more |');
    expect(md).toContain("| drift server_memory_bytes | warning | not measured: no test_control |");
    expect(md).toContain("| check agent.get: status 200 | **failed** | 1 of 11 failed |");
    expect(md).toContain("API latency p95 7.5 ms, max 20.0 ms.");
    expect(markdownVerdict({ ...summary(), passed: true }).split("\n")[0]).toBe(
      "## ✓ cap-conformance load api-mix: PASS",
    );
  });

  it("renders a self-contained HTML page", () => {
    const html = renderHtml(summary());
    expect(html).toMatch(/^<!doctype html>/);
    expect(html).toContain("FAILED");
    expect(html).toContain("http_req_duration{kind:api}");
    expect(html).toContain("drift &#60;latency&#62;");
    // A finding that could not be measured says so instead of passing.
    expect(html).toMatch(/not measured: no test_control<\/td><td><span class="verdict warn">not measured<\/span>/);
    // Latency in ms with a p99 column; memory is bytes, shown as MiB in its own table, never as ms.
    expect(html).toMatch(
      /<h2>Trends \(ms\)<\/h2><table><thead><tr><th>Metric<\/th><th>avg<\/th><th>med<\/th><th>p\(90\)<\/th><th>p\(95\)<\/th><th>p\(99\)<\/th><th>max<\/th>/,
    );
    expect(row(html, "Trends (ms)", "http_req_duration{kind:api}").slice(1)).toEqual([
      "3.0",
      "2.0",
      "5.0",
      "7.5",
      "–",
      "20.0",
    ]);
    expect(row(html, "Other trends", "server_memory_bytes").slice(1)).toEqual([
      "150.0 MiB",
      "150.0 MiB",
      "160.0 MiB",
      "161.0 MiB",
      "162.0 MiB",
      "163.0 MiB",
    ]);
    const timeTable = html.slice(html.indexOf("<h2>Trends (ms)"), html.indexOf("<h2>Other trends"));
    expect(timeTable).not.toContain("server_memory_bytes");
    // Nothing is loaded from elsewhere when the report is opened.
    expect(html).not.toMatch(/<script|<link|src=|@import|url\(/);
  });
});
