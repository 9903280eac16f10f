// The short verdict printed at the end of a run (k6's stdout, or the merge's), pure.
import { type Finding, type LoadSummary, loadVerdict } from "./summary-data.ts";

function findingMark(f: Finding): string {
  if (!f.ok) return "FAIL";
  return f.warning ? "WARN" : "ok  ";
}

export function textVerdict(summary: LoadSummary, dir: string): string {
  const lines = [
    "",
    `load ${summary.scenario}: ${loadVerdict(summary)} (${(summary.duration_ms / 1000).toFixed(1)} s)`,
    ...(summary.interrupted === undefined
      ? []
      : [`  ${summary.interrupted}: the run did not finish, so its numbers cover only what ran (ERROR, exit 2)`]),
  ];
  for (const t of summary.thresholds) {
    const who = t.instance === undefined ? "" : `instance ${t.instance}: `;
    lines.push(`  ${t.ok ? "ok  " : "FAIL"} ${who}${t.metric} ${t.expression}`);
  }
  for (const f of summary.findings) lines.push(`  ${findingMark(f)} ${f.name}: ${f.detail}`);
  for (const c of summary.checks.filter((c) => c.fails > 0)) {
    lines.push(`  FAIL check ${c.name}: ${c.fails} of ${c.passes + c.fails} failed`);
  }
  const trend = summary.metrics["http_req_duration{kind:api}"]?.values;
  if (trend) lines.push(`  api latency p95 ${trend["p(95)"]?.toFixed(1)} ms, max ${trend.max?.toFixed(1)} ms`);
  lines.push(`  reports: ${dir}/report.html, summary.json, junit.xml`, "");
  return lines.join("\n");
}
