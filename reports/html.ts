// report.html: one self-contained page (inline CSS, one hashed inline script, no network) that opens from disk.
// Verdict first, then counts, the run's environment, what needs attention, and every clause by spec section.

import { PARTIAL } from "../spec/certification.ts";
import type { ClauseResult, Report } from "../spec/report.ts";
import { verdictOf } from "../spec/verdict.ts";
import { bannersOf } from "./banners.ts";
import { html } from "./escape.ts";
import { expectationClauses, type ShownStatus, shownStatus, usedExpectations } from "./expected.ts";
import { countsLine, firstLine, formatDuration, formatTimestamp, truncate, verdictHeadline } from "./format.ts";
import { countStatuses, groupBySection, problemClauses } from "./group.ts";
import { badge, clauseBlock, issueMarkup } from "./html-clause.ts";
import { HTML_SCRIPT, HTML_SCRIPT_HASH } from "./html-script.ts";
import { HTML_STYLE } from "./html-style.ts";
import { cleanupCommand, LEFTOVERS_SHOWN, leftoversOf, leftoverText } from "./leftovers.ts";
import { declaredOptionalRows, optionalRows } from "./optional-rows.ts";
import { sectionLabel } from "./section-titles.ts";
import { STATUS_LABEL, STATUS_SYMBOL, statusOrder, VERDICT_SYMBOL } from "./status-labels.ts";

/** Nothing may load from anywhere; only our own script (by hash) and inline styles run. */
const CSP = `default-src 'none'; style-src 'unsafe-inline'; script-src '${HTML_SCRIPT_HASH}'; img-src data:; base-uri 'none'; form-action 'none'`;

function countsBlock(report: Report): string {
  const { summary } = report;
  // summary.failed leaves out the expected failures: with them the boxes add up to the total.
  const value: Record<ShownStatus, number> = {
    passed: summary.passed,
    failed: summary.failed,
    expected: report.expectations?.expected_failures ?? 0,
    errored: summary.errored,
    skipped: summary.skipped,
    "not-shown": summary.not_shown,
  };
  const items = statusOrder(usedExpectations(report)).map(
    (s) =>
      `<li class="count st-${s}${value[s] === 0 ? " zero" : ""}"><b>${value[s]}</b><span>${STATUS_SYMBOL[s]} ${STATUS_LABEL[s]}</span></li>`,
  );
  items.push(`<li class="count"><b>${summary.clauses}</b><span>Clauses in total</span></li>`);
  return `<ul class="counts" aria-label="Clause counts">${items.join("")}</ul>`;
}

function envBlock(report: Report): string {
  const regions =
    report.target.regions.map((r) => `<code>${html(r.name)}</code> ${html(r.base_url)}`).join("<br>") || "none";
  const wide: Array<[string, string]> = [
    ["Spec sha256", `<code>${html(report.spec.sha256)}</code>`],
    ["Regions", regions],
  ];
  const rows: Array<[string, string]> = [
    ["Tool", `${html(report.tool.name)} ${html(report.tool.version)}`],
    ["Wired", report.target.wired ? "yes" : "no: clauses that need wiring are skipped"],
    ["Profile", `<code>${html(report.target.profile)}</code>`],
    ["Seed", `<code>${report.run.seed}</code>`],
    ["Runs per property", String(report.run.num_runs)],
    ["Started", html(formatTimestamp(report.run.started_at))],
    ["Finished", html(formatTimestamp(report.run.finished_at))],
    ["Duration", formatDuration(report.run.duration_ms)],
  ];
  const row =
    (cls: string) =>
    ([k, v]: [string, string]) =>
      `<div${cls}><dt>${k}</dt><dd>${v}</dd></div>`;
  return `<dl class="env">${wide.map(row(' class="wide"')).join("")}${rows.map(row("")).join("")}</dl>`;
}

const BANNER_TITLE = { setup: "Setup problem", partial: "Partial run", incomplete: "Incomplete run" } as const;

/** The banners every format shows first (banners.ts). */
function bannersBlock(report: Report): string {
  return bannersOf(report)
    .map((b) => `<h2 id="${b.kind}">${BANNER_TITLE[b.kind]}</h2><pre class="msg herr">${html(b.text)}</pre>`)
    .join("");
}

function harnessBlock(errors: readonly string[]): string {
  if (errors.length === 0) return "";
  return [
    `<h2>Harness errors (${errors.length})</h2>`,
    `<p class="note">The harness could not do its job here; these are not verdicts on the server.</p>`,
    ...errors.map((e) => `<pre class="msg herr">${html(truncate(e, 20_000))}</pre>`),
  ].join("");
}

function leftoversBlock(report: Report): string {
  const leftovers = leftoversOf(report);
  if (leftovers.length === 0) return "";
  const more = leftovers.length - LEFTOVERS_SHOWN;
  return [
    `<h2>Left behind (${leftovers.length})</h2>`,
    `<p class="note">The run created these and could not delete them. Every one is named with the run prefix; sweep them with</p>`,
    `<div class="cmd-box"><div class="lbl">Clean up</div><pre class="cmd"><code>${html(cleanupCommand(report))}</code></pre></div>`,
    `<ul class="leftovers">${leftovers
      .slice(0, LEFTOVERS_SHOWN)
      .map((l) => `<li>${html(leftoverText(l))}</li>`)
      .join("")}${more > 0 ? `<li>… and ${more} more in report.json</li>` : ""}</ul>`,
  ].join("");
}

function attentionBlock(problems: readonly ClauseResult[], anchors: Map<ClauseResult, string>): string {
  if (problems.length === 0) return "";
  const items = problems.map((c) => {
    const failure = c.checks.find((k) => k.failure !== null)?.failure;
    const msg = failure ? ` <span class="msg1">${html(truncate(firstLine(failure.message), 200))}</span>` : "";
    return `<li>${badge(c.status)} <a href="#${anchors.get(c)}"><code>${html(c.id)}</code></a>${msg}</li>`;
  });
  return `<h2>Needs attention (${problems.length})</h2><ol class="attention">${items.join("")}</ol>`;
}

function filterBlock(all: number, problems: number, skipped: number, expected: number | undefined): string {
  const opt = (id: string, label: string, checked = false) =>
    `<input type="radio" name="f" id="${id}"${checked ? " checked" : ""}><label for="${id}">${label}</label>`;
  return [
    `<div class="filter" role="radiogroup" aria-label="Show clauses"><span>Show</span>`,
    opt("f-all", `All (${all})`, true),
    opt("f-problems", `Failed &amp; errored (${problems})`),
    expected === undefined ? "" : opt("f-expected", `Expected failures (${expected})`),
    opt("f-skipped", `Skipped (${skipped})`),
    "</div>",
  ].join("");
}

/** What --expect made of the run: each expected failure with its reason and issue, and each stale expectation. */
function expectationsBlock(report: Report, anchors: Map<ClauseResult, string>): string {
  if (!usedExpectations(report)) return "";
  const { expected, stale } = expectationClauses(report.clauses);
  const item = (c: ClauseResult) =>
    `<li>${badge(shownStatus(c))} <a href="#${anchors.get(c)}"><code>${html(c.id)}</code></a> ` +
    `${html(c.expected!.reason)}${issueMarkup(c.expected!.issue)}</li>`;
  const list = (title: string, note: string, clauses: ClauseResult[]) =>
    clauses.length === 0
      ? ""
      : `<h3>${title} (${clauses.length})</h3><p class="note">${note}</p><ul class="expectations">${clauses.map(item).join("")}</ul>`;
  return [
    `<h2>Expectations (--expect)</h2>`,
    list(
      "Expected failures",
      "These clauses failed as the expectations file says they would; they do not fail the run.",
      expected,
    ),
    list(
      "Stale expectations",
      "These clauses were expected to fail and now pass: drop them from the expectations file (--strict-expectations fails the run on them).",
      stale,
    ),
    expected.length + stale.length === 0
      ? `<p class="note">No clause the expectations file names failed or passed.</p>`
      : "",
  ].join("");
}

function notShownBlock(clauses: readonly ClauseResult[]): string {
  if (clauses.length === 0) return "";
  const items = clauses.map(
    (c) =>
      `<li>${badge(c.status)} <code>${html(c.id)}</code> <span class="dur">${html(sectionLabel(c.section))}</span>` +
      `<br>${html(c.statement)}${c.reason ? `<br><span class="note">${html(c.reason)}</span>` : ""}</li>`,
  );
  return [
    `<section class="notshown"><h2>Not shown in the spec</h2><details>`,
    `<summary>${clauses.length} clause${clauses.length === 1 ? "" : "s"} the spec leaves open: listed, never tested</summary>`,
    `<ul>${items.join("")}</ul></details></section>`,
  ].join("");
}

function optionalBlock(rows: readonly ClauseResult[], anchors: Map<ClauseResult, string>): string {
  if (rows.length === 0) return "";
  return [
    `<section class="sec"><h2>Optional behaviours <span class="tally">as the profile declares them: must work, must be absent, or not tested</span></h2>`,
    `<ul class="clauses">${rows.map((c) => clauseBlock(c, anchors.get(c)!)).join("")}</ul></section>`,
  ].join("");
}

export function renderHtml(report: Report): string {
  const verdict = verdictOf(report);
  const tested = report.clauses.filter((c) => c.status !== "not-shown");
  const optional = optionalRows(report);
  const anchors = new Map([...report.clauses, ...optional].map((c, i) => [c, `c${i}`]));
  const problems = problemClauses([...report.clauses, ...declaredOptionalRows(report)]);
  const sections = groupBySection(tested).map((g) => {
    const tally = statusOrder(true)
      .filter((s) => g.counts[s] > 0)
      .map((s) => `${g.counts[s]} ${STATUS_LABEL[s].toLowerCase()}`)
      .join(" · ");
    return [
      `<section class="sec"><h2><span class="num">${html(g.section)}</span> ${html(g.label.slice(g.section.length + 1) || `Section ${g.section}`)}`,
      `<span class="tally">${tally}</span></h2>`,
      `<ul class="clauses">${g.clauses.map((c) => clauseBlock(c, anchors.get(c)!)).join("")}</ul></section>`,
    ].join("");
  });
  const shownCounts = countStatuses(tested);
  const expectedCount = usedExpectations(report) ? shownCounts.expected : undefined;
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="Content-Security-Policy" content="${CSP}">
<meta name="referrer" content="no-referrer">
<title>${html(verdictHeadline(report))} · cap-conformance report</title>
<style>${HTML_STYLE}</style>
</head>
<body>
<header class="verdict v-${verdict.toLowerCase()}"><div class="wrap">
<p class="eyebrow">cap-conformance report${(report.run.partial?.length ?? 0) > 0 ? ` · ${PARTIAL}` : ""}</p>
<h1 id="verdict"><span class="vsym" aria-hidden="true">${VERDICT_SYMBOL[verdict]}</span> ${html(verdictHeadline(report))}</h1>
<p class="vline">${html(countsLine(report.summary, report.expectations))}</p>
</div></header>
<main class="wrap">
${bannersBlock(report)}
${countsBlock(report)}
${harnessBlock(report.harness_errors ?? [])}
<h2>Run</h2>
${envBlock(report)}
${attentionBlock(problems, anchors)}
${expectationsBlock(report, anchors)}
${leftoversBlock(report)}
${filterBlock(tested.length, problems.length, shownCounts.skipped, expectedCount)}
${sections.join("\n")}
${optionalBlock(optional, anchors)}
${notShownBlock(report.clauses.filter((c) => c.status === "not-shown"))}
<footer>report.json schema_version ${report.schema_version} · rendered by ${html(report.tool.name)} ${html(report.tool.version)}. The machine-readable results are in report.json next to this file.</footer>
</main>
<script>${HTML_SCRIPT}</script>
</body>
</html>
`;
}
