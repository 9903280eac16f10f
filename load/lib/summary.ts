// handleSummary for every scenario: summary.json, junit.xml and report.html under
// CAP_REPORT_DIR (the CLI uses reports/out/load/<scenario>/ and creates it), plus a short text
// verdict on stdout. Nothing is fetched: the renderers are in this directory.
import { renderJunit } from "./junit.ts";
import { runId } from "./run.ts";
import { allChecks, type Finding, type LoadSummary, type SummaryData, thresholdResults } from "./summary-data.ts";
import { renderHtml } from "./summary-html.ts";
import { target } from "./target.ts";

export type FindingsOf = (data: SummaryData) => Finding[];

export function summaryHandler(scenario: string, findingsOf: FindingsOf = () => []) {
  return (data: SummaryData): Record<string, string> => {
    const summary = buildSummary(scenario, data, findingsOf(data));
    const dir = (__ENV.CAP_REPORT_DIR || `reports/out/load/${scenario}`).replace(/\/+$/, "");
    return {
      [`${dir}/summary.json`]: `${JSON.stringify(summary, null, 2)}\n`,
      [`${dir}/junit.xml`]: renderJunit(summary),
      [`${dir}/report.html`]: renderHtml(summary),
      stdout: textVerdict(summary, dir),
    };
  };
}

/** A run in which nothing ran (setup threw, or every iteration failed) passes no threshold. */
function ranFinding(data: SummaryData): Finding[] {
  const iterations = data.metrics.iterations?.values.count ?? 0;
  if (iterations > 0) return [];
  return [{ name: "iterations ran", ok: false, detail: "no iteration completed: see k6's output (setup error?)" }];
}

export function buildSummary(scenario: string, data: SummaryData, scenarioFindings: Finding[]): LoadSummary {
  const findings = [...ranFinding(data), ...scenarioFindings];
  // Observe-only thresholds (">=0", declared so k6 reports a tagged submetric) are not gates.
  const thresholds = thresholdResults(data).filter((t) => !/>=\s*0$/.test(t.expression));
  const checks = allChecks(data.root_group);
  return {
    schema: "cap-conformance/load-summary@1",
    scenario,
    run_id: runId(),
    region: target.region,
    base_url: target.baseUrl,
    finished_at: new Date().toISOString(),
    duration_ms: Math.round(data.state.testRunDurationMs),
    passed: thresholds.every((t) => t.ok) && findings.every((f) => f.ok),
    thresholds,
    checks,
    findings,
    metrics: data.metrics,
  };
}

function findingMark(f: Finding): string {
  if (!f.ok) return "FAIL";
  return f.warning ? "WARN" : "ok  ";
}

function textVerdict(summary: LoadSummary, dir: string): string {
  const lines = [
    "",
    `load ${summary.scenario}: ${summary.passed ? "PASSED" : "FAILED"} (${(summary.duration_ms / 1000).toFixed(1)} s)`,
  ];
  for (const t of summary.thresholds) lines.push(`  ${t.ok ? "ok  " : "FAIL"} ${t.metric} ${t.expression}`);
  for (const f of summary.findings) lines.push(`  ${findingMark(f)} ${f.name}: ${f.detail}`);
  for (const c of summary.checks.filter((c) => c.fails > 0)) {
    lines.push(`  FAIL check ${c.name}: ${c.fails} of ${c.passes + c.fails} failed`);
  }
  const trend = summary.metrics["http_req_duration{kind:api}"]?.values;
  if (trend) lines.push(`  api latency p95 ${trend["p(95)"]?.toFixed(1)} ms, max ${trend.max?.toFixed(1)} ms`);
  lines.push(`  reports: ${dir}/report.html, summary.json, junit.xml`, "");
  return lines.join("\n");
}
