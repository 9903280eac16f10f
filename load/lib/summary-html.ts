// A self-contained HTML report of one load run: inline CSS, no scripts, no network at view time.
// The charts over time (an SVG fragment and its CSS) are rendered outside k6, from the raw samples
// (load/merge/charts.ts), and passed in when the report is written again after the run.
import { escapeMarkup as esc } from "./escape.ts";
import { type LoadSummary, loadVerdict, type MetricSummary } from "./summary-data.ts";

const STYLE = `
body{font:14px/1.45 system-ui,sans-serif;margin:2rem auto;max-width:70rem;color:#1d2430;padding:0 1rem}
h1{font-size:1.5rem;margin:0 0 .25rem}h2{font-size:1.1rem;margin:1.75rem 0 .5rem}
.meta{color:#5b6575}.verdict{display:inline-block;padding:.15rem .6rem;border-radius:.3rem;font-weight:600}
.pass{background:#daf5e3;color:#135c2c}.fail{background:#fde0de;color:#8a1c14}.warn{background:#fff1c2;color:#6b4e00}
table{border-collapse:collapse;width:100%}th,td{text-align:left;padding:.3rem .5rem;border-bottom:1px solid #e3e7ee}
th{background:#f5f7fa;font-weight:600}td.num{text-align:right;font-variant-numeric:tabular-nums}
code{font-size:.95em}`;

const TREND_COLUMNS = ["avg", "med", "p(90)", "p(95)", "p(99)", "max"] as const;

/** Extra sections rendered elsewhere: markup the caller built and escaped itself. */
export interface HtmlExtras {
  /** The "Over time" section. */
  timeline?: string;
  style?: string;
}

export function renderHtml(summary: LoadSummary, extras: HtmlExtras = {}): string {
  const word = loadVerdict(summary);
  const verdict = `<span class="verdict ${word === "PASSED" ? "pass" : "fail"}">${word}</span>`;
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>Load ${esc(summary.scenario)}: ${word.toLowerCase()}</title><style>${STYLE}${extras.style ?? ""}</style></head>
<body>
<h1>Load scenario <code>${esc(summary.scenario)}</code> ${verdict}</h1>
${summary.interrupted === undefined ? "" : `<p class="meta">${esc(summary.interrupted)}: the run did not finish, so its numbers cover only what ran.</p>`}
<p class="meta">Run ${esc(summary.run_id)} against region ${esc(summary.region)} (${esc(summary.base_url)}),
${(summary.duration_ms / 1000).toFixed(1)} s, finished ${esc(summary.finished_at)}.${splitNote(summary)}</p>
${instancesSection(summary)}
${section(
  "Thresholds",
  ["Metric", "Threshold", "Result"],
  summary.thresholds.map((t) => [
    t.instance === undefined ? code(t.metric) : `instance ${t.instance}: ${code(t.metric)}`,
    code(t.expression),
    okCell(t.ok),
  ]),
)}
${section(
  "Findings",
  ["Finding", "Detail", "Result"],
  summary.findings.map((f) => [esc(f.name), esc(f.detail), f.ok && f.warning ? warnCell : okCell(f.ok)]),
)}
${extras.timeline ?? ""}
${section(
  "Checks",
  ["Check", "Passes", "Fails"],
  summary.checks.map((c) => [
    esc(c.name),
    num(c.passes),
    c.fails > 0 ? `<span class="verdict fail">${c.fails}</span>` : "0",
  ]),
)}
${section("Trends (ms)", ["Metric", ...TREND_COLUMNS], trendRows(summary.metrics, true))}
${section("Other trends", ["Metric", ...TREND_COLUMNS], trendRows(summary.metrics, false))}
${section("Counters, rates and gauges", ["Metric", "Type", "Value", "Per second"], otherRows(summary.metrics))}
</body></html>
`;
}

function splitNote(summary: LoadSummary): string {
  if (summary.merged) {
    return ` Merged from ${summary.merged.length} instances: every figure is computed from their raw samples together.`;
  }
  if (summary.instance) {
    return ` Instance ${summary.instance.index} of ${summary.instance.count} (execution segment ${esc(summary.instance.segment)}): its share of the load only.`;
  }
  return "";
}

function instancesSection(summary: LoadSummary): string {
  if (!summary.merged) return "";
  return section(
    "Instances",
    ["Instance", "Segment", "Run", "Own verdict", "Directory"],
    summary.merged.map((m) => [
      `${m.index} of ${m.count}`,
      code(m.segment),
      code(m.run_id),
      okCell(m.passed),
      code(m.dir),
    ]),
  );
}

function section(title: string, head: string[], rows: string[][]): string {
  if (rows.length === 0) return `<h2>${esc(title)}</h2><p class="meta">None.</p>`;
  const th = head.map((h) => `<th>${esc(h)}</th>`).join("");
  const body = rows.map(
    (r) => `<tr>${r.map((cell) => (cell.startsWith("<td") ? cell : `<td>${cell}</td>`)).join("")}</tr>`,
  );
  return `<h2>${esc(title)}</h2><table><thead><tr>${th}</tr></thead><tbody>${body.join("\n")}</tbody></table>`;
}

const code = (text: string) => `<code>${esc(text)}</code>`;
const okCell = (ok: boolean) =>
  ok ? `<span class="verdict pass">ok</span>` : `<span class="verdict fail">failed</span>`;
/** A finding that could not be measured: neither a pass nor a failure. */
const warnCell = `<span class="verdict warn">not measured</span>`;
const num = (value: number | undefined, digits = 0) =>
  `<td class="num">${value === undefined || Number.isNaN(value) ? "–" : value.toFixed(digits)}</td>`;

function sorted(
  metrics: Record<string, MetricSummary>,
  pick: (m: MetricSummary) => boolean,
): Array<[string, MetricSummary]> {
  return Object.entries(metrics)
    .filter(([, m]) => pick(m))
    .sort(([a], [b]) => a.localeCompare(b));
}

/** Time trends in ms; the others (server memory, counts per stream) in their own unit. */
function trendRows(metrics: Record<string, MetricSummary>, time: boolean): string[][] {
  return sorted(metrics, (m) => m.type === "trend" && (m.contains === "time") === time).map(([name, m]) => [
    code(name),
    ...TREND_COLUMNS.map((c) => (time ? num(m.values[c], 1) : value(name, m.values[c]))),
  ]);
}

/** A value of a non-time trend: bytes as MiB (the metric's name says bytes), anything else as is. */
function value(name: string, v: number | undefined): string {
  if (v === undefined || Number.isNaN(v) || !/bytes/.test(name)) return num(v, 2);
  return `<td class="num">${(v / 2 ** 20).toFixed(1)} MiB</td>`;
}

function otherRows(metrics: Record<string, MetricSummary>): string[][] {
  return sorted(metrics, (m) => m.type !== "trend").map(([name, m]) => {
    const v = m.values;
    if (m.type === "rate")
      return [code(name), "rate", `<td class="num">${((v.rate ?? 0) * 100).toFixed(2)} %</td>`, num(undefined)];
    if (m.type === "gauge") return [code(name), "gauge", num(v.value, 0), num(undefined)];
    return [code(name), "counter", num(v.count, 0), num(v.rate, 2)];
  });
}
