// summary.md of a load run, for a CI job summary (action.yml appends it, as it does run's): the verdict, the
// thresholds, the findings and failed checks, one table each. Pure, so k6's handleSummary and `load merge` share it.
import { type LoadSummary, loadVerdict } from "./summary-data.ts";

/** A table cell: no line breaks, no pipe that would end the cell, no HTML. */
function cell(text: string): string {
  return text.replace(/\r?\n/g, " ").replace(/\|/g, "\\|").replace(/</g, "&lt;");
}

export function markdownVerdict(summary: LoadSummary): string {
  const word = loadVerdict(summary);
  const mark = word === "PASSED" ? "✓" : word === "FAILED" ? "✗" : "!";
  const merged = summary.merged === undefined ? "" : `, merged from ${summary.merged.length} instances`;
  const lines = [
    `## ${mark} cap-conformance load ${cell(summary.scenario)}: ${{ PASSED: "PASS", FAILED: "FAIL", INTERRUPTED: "ERROR" }[word]}`,
    "",
    ...(summary.interrupted === undefined
      ? []
      : [`${cell(summary.interrupted)}: the run did not finish, so its numbers cover only what ran.`, ""]),
    `${(summary.duration_ms / 1000).toFixed(1)} s against ${cell(summary.base_url)} (region ${cell(summary.region)}), run ${cell(summary.run_id)}${merged}.`,
    "",
  ];
  if (summary.thresholds.length > 0) {
    lines.push("| threshold | metric | |", "|---|---|---|");
    for (const t of summary.thresholds) {
      const who = t.instance === undefined ? "" : ` (instance ${t.instance})`;
      lines.push(`| ${cell(t.expression)}${who} | ${cell(t.metric)} | ${t.ok ? "ok" : "**crossed**"} |`);
    }
    lines.push("");
  }
  const failedChecks = summary.checks.filter((c) => c.fails > 0);
  if (summary.findings.length > 0 || failedChecks.length > 0) {
    lines.push("| finding | | detail |", "|---|---|---|");
    for (const f of summary.findings) {
      const verdict = !f.ok ? "**failed**" : f.warning ? "warning" : "ok";
      lines.push(`| ${cell(f.name)} | ${verdict} | ${cell(f.detail)} |`);
    }
    for (const c of failedChecks) {
      lines.push(`| check ${cell(c.name)} | **failed** | ${c.fails} of ${c.passes + c.fails} failed |`);
    }
    lines.push("");
  }
  const api = summary.metrics["http_req_duration{kind:api}"]?.values;
  if (api?.["p(95)"] !== undefined) {
    lines.push(`API latency p95 ${api["p(95)"].toFixed(1)} ms, max ${api.max?.toFixed(1) ?? "?"} ms.`, "");
  }
  return `${lines.join("\n")}\n`;
}
