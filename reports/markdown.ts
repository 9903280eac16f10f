// summary.md for CI job summaries (GitHub's $GITHUB_STEP_SUMMARY takes at most 1 MiB per step): verdict, counts,
// the failed and errored clauses with how to reproduce them, and a per-section table. Whole blocks are dropped
// when over budget, never cut mid-table or mid-fence.
import type { ClauseResult, Exchange, Report } from "../spec/report.ts";
import { verdictOf } from "../spec/verdict.ts";
import { bannersOf } from "./banners.ts";
import { ambiguitiesBlock, assumptionsTable } from "./clause-notes.ts";
import { curlCommand, replayNote } from "./curl.ts";
import { mdCode, mdFence, mdText } from "./escape.ts";
import { SUBJECT_NOTE, shownExchanges } from "./exchange-text.ts";
import { expectationClauses, issueHref, usedExpectations } from "./expected.ts";
import { countsLine, firstLine, formatDuration, truncate, verdictHeadline } from "./format.ts";
import { firstProblemCheck, groupBySection, problemClauses } from "./group.ts";
import { cleanupCommand, LEFTOVERS_SHOWN, leftoversOf, leftoverText } from "./leftovers.ts";
import { declaredOptionalRows } from "./optional-rows.ts";
import { sectionLabel } from "./section-titles.ts";
import { STATUS_LABEL, STATUS_SYMBOL, statusOrder, VERDICT_SYMBOL } from "./status-labels.ts";

export interface MarkdownOptions {
  /** Upper bound on the UTF-8 size of the output; honoured for any value from 4096 up. */
  maxBytes?: number;
}

/** GitHub refuses step summaries over 1 MiB; keep a margin for other steps' lines. */
export const DEFAULT_MAX_BYTES = 1_000_000;

const bytes = (s: string) => Buffer.byteLength(s, "utf8");

function header(report: Report): string {
  const verdict = verdictOf(report);
  const s = report.summary;
  const regions = report.target.regions.map((r) => r.name).join(", ") || "none";
  const facts = [
    `profile ${mdCode(report.target.profile)}`,
    report.target.wired ? "wired" : "not wired",
    `regions ${mdText(regions)}`,
    `seed ${report.run.seed}`,
    `${report.run.num_runs} runs per property`,
    formatDuration(report.run.duration_ms),
    `spec ${mdCode(report.spec.sha256.slice(0, 12))}`,
    `cap-conformance ${mdText(report.tool.version)}`,
  ];
  const rows: Array<[string, number]> = [
    [`${STATUS_SYMBOL.failed} ${STATUS_LABEL.failed}`, s.failed],
    // summary.failed leaves the expected failures out: their own row makes the column add up to the total.
    ...(usedExpectations(report)
      ? [
          [`${STATUS_SYMBOL.expected} ${STATUS_LABEL.expected}`, report.expectations?.expected_failures ?? 0] as [
            string,
            number,
          ],
        ]
      : []),
    [`${STATUS_SYMBOL.errored} ${STATUS_LABEL.errored}`, s.errored],
    [`${STATUS_SYMBOL.passed} ${STATUS_LABEL.passed}`, s.passed],
    [`${STATUS_SYMBOL.skipped} ${STATUS_LABEL.skipped}`, s.skipped],
    [`${STATUS_SYMBOL["not-shown"]} ${STATUS_LABEL["not-shown"]}`, s.not_shown],
    ["**Total**", s.clauses],
  ];
  return [
    `## ${VERDICT_SYMBOL[verdict]} cap-conformance: ${verdictHeadline(report)}`,
    "",
    `**${verdict}**: ${mdText(countsLine(s, report.expectations))}`,
    "",
    facts.join(" · "),
    "",
    "| Status | Clauses |",
    "|---|---:|",
    ...rows.map(([label, n]) => `| ${label} | ${n} |`),
  ].join("\n");
}

function clauseBlock(clause: ClauseResult): string {
  const check = firstProblemCheck(clause);
  const failure = check?.failure ?? null;
  const label = `${STATUS_SYMBOL[clause.status]} ${STATUS_LABEL[clause.status].toUpperCase()}`;
  const lines = [
    `#### ${label} ${mdCode(clause.id)} · ${mdText(sectionLabel(clause.section))}`,
    "",
    mdText(truncate(clause.statement, 300)),
  ];
  if (check !== undefined) lines.push("", `Check: ${mdText(truncate(check.name, 200))}`);
  const message = failure?.message ?? clause.reason;
  if (message) lines.push("", `> ${mdText(truncate(firstLine(message), 300))}`);
  const extra = clause.checks.filter((k) => k !== check && (k.status === "failed" || k.status === "errored")).length;
  if (extra > 0) lines.push("", `_and ${extra} more failing check${extra === 1 ? "" : "s"} (see report.html)_`);
  if (failure?.reproduce) lines.push("", "Reproduce:", "", mdFence(truncate(failure.reproduce, 2000), "sh"));
  if (failure && failure.exchanges.length > 0) lines.push("", ...curlBlock(failure.exchanges));
  return lines.join("\n");
}

/** Curl lines kept per failure in the summary (the last ones: the failing request is usually last). */
const CURLS_MAX = 5;
/** A longer curl line (a big body) is left to report.html. */
const CURL_MAX_CHARS = 4000;

function curlBlock(exchanges: Exchange[]): string[] {
  const shown = shownExchanges(exchanges, CURLS_MAX);
  const earlier = exchanges.length - shown.length;
  const commands = shown.map((x, i) => {
    const command = curlCommand(x);
    const n = x.seq ?? earlier + i + 1;
    const about = x.subject ? ` (${SUBJECT_NOTE})` : "";
    return command.length <= CURL_MAX_CHARS
      ? `# ${n}. ${x.method} ${x.url}${about}\n${command}`
      : `# ${n}. ${x.method} ${x.url}${about}: ${command.length} characters, in report.html`;
  });
  const head =
    earlier === 0
      ? `Replay the ${exchanges.length === 1 ? "request" : `${exchanges.length} requests`} with curl.`
      : `Replay ${shown.length} of the ${exchanges.length} requests kept with curl (every one is in report.html).`;
  return [`${head} ${mdText(replayNote(shown))}`, "", mdFence(commands.join("\n\n"), "sh")];
}

function sectionsTable(report: Report): string {
  const order = statusOrder(usedExpectations(report));
  const rows = groupBySection(report.clauses).map(
    (g) => `| ${mdText(g.label)} | ${order.map((s) => (g.counts[s] === 0 ? "" : String(g.counts[s]))).join(" | ")} |`,
  );
  return [
    "### Sections",
    "",
    `| Section | ${order.map((s) => STATUS_LABEL[s]).join(" | ")} |`,
    `|---|${order.map(() => "---:").join("|")}|`,
    ...rows,
  ].join("\n");
}

/** A markdown link only for an http(s) issue URL; anything else stays inert text. */
function issueCell(issue: string | undefined): string {
  if (issue === undefined) return "";
  const href = issueHref(issue);
  // Parentheses would end the link, a pipe the table cell: both percent-encoded (the URL means the same).
  const target = href?.replace(/[()|\\]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return target === undefined ? mdText(issue) : `[${mdText(issue)}](${target})`;
}

/** Expected failures with their reasons and issues, then stale expectations: what --expect made of the run. */
function expectationsTable(report: Report): string {
  if (!usedExpectations(report)) return "";
  const { expected, stale } = expectationClauses(report.clauses);
  const row = (label: string) => (c: ClauseResult) =>
    `| ${mdText(c.id)} | ${label} | ${mdText(truncate(c.expected!.reason, 300))} | ${issueCell(c.expected!.issue)} |`;
  if (expected.length + stale.length === 0) return "";
  return [
    `### ${STATUS_SYMBOL.expected} Expectations (--expect)`,
    "",
    "Expected failures do not fail the run; a stale expectation's clause now passes, so the expectations file should drop it.",
    "",
    "| Clause | Outcome | Reason | Issue |",
    "|---|---|---|---|",
    ...expected.map(row(STATUS_LABEL.expected)),
    ...stale.map(row("Stale: now passes")),
  ].join("\n");
}

function optionalTable(report: Report): string {
  const rows = (report.optional ?? []).filter((o) => o.declaration !== "not-tested");
  if (rows.length === 0) return "";
  return [
    "",
    "",
    "### Optional behaviours (declared by the profile)",
    "",
    "| Behaviour | Section | Declared | Status |",
    "|---|---|---|---|",
    ...rows.map(
      (o) =>
        `| ${mdCode(o.id)} | ${mdText(o.section)} | ${o.declaration} | ${STATUS_SYMBOL[o.status]} ${STATUS_LABEL[o.status]} |`,
    ),
  ].join("\n");
}

const HARNESS_ERRORS_MAX = 20;

function harnessBlock(report: Report): string {
  const errors = report.harness_errors ?? [];
  if (errors.length === 0) return "";
  const shown = errors.slice(0, HARNESS_ERRORS_MAX).map((e) => mdFence(truncate(e, 2000), "text"));
  const more = errors.length - shown.length;
  return [
    `### ${STATUS_SYMBOL.errored} Harness errors (${errors.length})`,
    "",
    "The harness could not do its job here; these are not verdicts on the server.",
    ...shown.flatMap((block) => ["", block]),
    ...(more > 0 ? ["", `_and ${more} more in report.json_`] : []),
  ].join("\n");
}

const BANNER_TITLE = { setup: "Setup problem", partial: "Partial run", incomplete: "Incomplete run" } as const;

/** The banners every format shows first (banners.ts), each under its own heading. */
function bannersBlock(report: Report): string {
  return bannersOf(report)
    .map((b) => `### ${STATUS_SYMBOL.errored} ${BANNER_TITLE[b.kind]}\n\n${b.text.split("\n").map(mdText).join("\n")}`)
    .join("\n\n");
}

function leftoversBlock(report: Report): string {
  const leftovers = leftoversOf(report);
  if (leftovers.length === 0) return "";
  const more = leftovers.length - LEFTOVERS_SHOWN;
  return [
    `### Left behind (${leftovers.length})`,
    "",
    "The run created these and could not delete them; every one is named with the run prefix. Sweep them with:",
    "",
    mdFence(cleanupCommand(report), "sh"),
    "",
    ...leftovers.slice(0, LEFTOVERS_SHOWN).map((l) => `- ${mdText(truncate(leftoverText(l), 300))}`),
    ...(more > 0 ? [`- _and ${more} more in report.json_`] : []),
  ].join("\n");
}

const FOOTER =
  "_Details: `report.html` (self-contained, open from disk), `report.json`, `junit.xml` in the report directory._";

export function renderMarkdown(report: Report, options: MarkdownOptions = {}): string {
  const max = Math.max(4096, options.maxBytes ?? DEFAULT_MAX_BYTES);
  const sep = "\n\n";
  const head = [header(report), bannersBlock(report), harnessBlock(report), leftoversBlock(report)]
    .filter((b) => b !== "")
    .join(sep);
  const problems = problemClauses([...report.clauses, ...declaredOptionalRows(report)]);
  const problemsTitle = problems.length === 0 ? "" : `### Failed and errored clauses (${problems.length})`;
  let expectations = expectationsTable(report);
  let sections = sectionsTable(report) + optionalTable(report);
  let notes = [ambiguitiesBlock(report), assumptionsTable(report)].filter((b) => b !== "").join(sep);
  // The omission note is at most this long; reserving it up front keeps the total under budget.
  const noteReserve = 200;
  const fixedSize = () =>
    bytes(head) +
    bytes(expectations) +
    bytes(problemsTitle) +
    bytes(sections) +
    bytes(notes) +
    bytes(FOOTER) +
    6 * bytes(sep) +
    noteReserve;
  if (fixedSize() > max)
    notes = notes === "" ? "" : "_Assumption and ambiguity notes omitted to fit the size limit; see report.html._";
  if (fixedSize() > max) sections = "_Per-section table omitted to fit the size limit._";
  if (fixedSize() > max) expectations = "_Expectations table omitted to fit the size limit; see report.html._";
  const fixed = fixedSize();
  const kept: string[] = [];
  let used = fixed;
  for (const clause of problems) {
    const block = clauseBlock(clause);
    const size = bytes(block) + bytes(sep);
    if (used + size > max) break;
    kept.push(block);
    used += size;
  }
  const omitted = problems.length - kept.length;
  const note =
    omitted === 0
      ? []
      : [
          `_${omitted} more failed or errored clause${omitted === 1 ? "" : "s"} omitted to fit the size limit; see report.html._`,
        ];
  const parts = [
    head,
    ...(problemsTitle === "" ? [] : [problemsTitle, ...kept, ...note]),
    ...(expectations === "" ? [] : [expectations]),
    sections,
    ...(notes === "" ? [] : [notes]),
    FOOTER,
  ];
  return `${parts.join(sep)}\n`;
}
