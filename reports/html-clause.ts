// Markup for one clause of report.html: its checks, each failure's message, seed/path, replay command and
// recorded exchanges. Every string from the report goes through html(); nothing is inserted raw.
import type { CheckResult, ClauseResult, Exchange, Failure } from "../spec/report.ts";
import { curlCommand, replayNote } from "./curl.ts";
import { html } from "./escape.ts";
import { keptLine, SUBJECT_NOTE, shownExchanges } from "./exchange-text.ts";
import { type Expected, expectationHead, issueHref, type ShownStatus, shownStatus } from "./expected.ts";
import { formatDuration, prettyBody, truncate } from "./format.ts";
import { STATUS_LABEL, STATUS_SYMBOL } from "./status-labels.ts";

/** Per-body cap: a report must stay openable even when a server answered megabytes. */
const BODY_MAX = 64 * 1024;
const MESSAGE_MAX = 20_000;
/** Exchanges shown per failure (the last ones); report.json keeps them all. */
const EXCHANGES_MAX = 50;

export function badge(status: ShownStatus): string {
  return `<span class="badge b-${status}">${STATUS_SYMBOL[status]} ${STATUS_LABEL[status]}</span>`;
}

function headersTable(headers: Record<string, string>): string {
  const entries = Object.entries(headers);
  if (entries.length === 0) return `<p class="none">no headers</p>`;
  const rows = entries.map(([k, v]) => `<tr><th scope="row">${html(k)}</th><td>${html(v)}</td></tr>`).join("");
  return `<table class="hdrs">${rows}</table>`;
}

function bodyBlock(body: string | null): string {
  if (body === null || body === "") return `<p class="none">${body === null ? "no body" : "empty body"}</p>`;
  return `<pre class="body">${html(truncate(prettyBody(body), BODY_MAX))}</pre>`;
}

function statusClass(status: number | null): string {
  if (status === null) return "s-none";
  return status >= 200 && status < 400 ? "s-ok" : "s-bad";
}

function exchangeBlock(x: Exchange, index: number, open: boolean): string {
  const status = x.status === null ? "no response" : String(x.status);
  const about = x.subject ? ` <span class="why">${SUBJECT_NOTE}</span>` : "";
  return [
    `<details class="xchg${x.subject ? " subject" : ""}"${open ? " open" : ""}>`,
    `<summary>${x.seq ?? index}. <span class="m">${html(x.method)}</span> ${html(x.url)} → `,
    `<span class="s ${statusClass(x.status)}">${html(status)}</span> <span class="dur">${formatDuration(x.duration_ms)}</span>${about}</summary>`,
    `<div class="cmd-box"><div class="lbl">Replay with curl</div><pre class="cmd"><code>${html(curlCommand(x))}</code></pre></div>`,
    `<div class="xgrid"><div><h4>Request headers</h4>${headersTable(x.request_headers)}`,
    `<h4>Request body</h4>${bodyBlock(x.request_body)}</div>`,
    `<div><h4>Response headers</h4>${headersTable(x.response_headers)}`,
    `<h4>Response body</h4>${bodyBlock(x.response_body)}</div></div>`,
    "</details>",
  ].join("");
}

function failureBlock(f: Failure): string {
  const out = [`<pre class="msg">${html(truncate(f.message, MESSAGE_MAX))}</pre>`];
  const facts: string[] = [];
  if (f.seed !== null && f.seed !== undefined) facts.push(`<div><span>seed</span> <code>${f.seed}</code></div>`);
  if (f.path !== null && f.path !== undefined) facts.push(`<div><span>path</span> <code>${html(f.path)}</code></div>`);
  if (facts.length > 0) out.push(`<div class="facts">${facts.join("")}</div>`);
  if (f.reproduce !== null && f.reproduce !== "") {
    out.push(
      `<div class="cmd-box"><div class="lbl">Reproduce</div><pre class="cmd"><code>${html(f.reproduce)}</code></pre></div>`,
    );
  }
  const all = f.exchanges;
  if (all.length > 0) {
    const shown = shownExchanges(all, EXCHANGES_MAX);
    const omitted = all.length - shown.length;
    out.push(`<div class="lbl note"><b>Exchanges</b> (${html(keptLine(f))})</div>`);
    out.push(`<p class="note">Each exchange replays with its curl line. ${html(replayNote(all))}</p>`);
    if (omitted > 0) out.push(`<p class="note">${omitted} earlier exchanges omitted; report.json has them all.</p>`);
    // Few exchanges: all open. Many: the one the failure is about, or else the last.
    const marked = shown.some((x) => x.subject);
    shown.forEach((x, i) => {
      const previous = shown[i - 1]?.seq;
      if (previous !== undefined && x.seq !== undefined && x.seq > previous + 1) {
        out.push(`<p class="note">… ${x.seq - previous - 1} exchanges not kept …</p>`);
      }
      const isLast = i === shown.length - 1;
      out.push(exchangeBlock(x, omitted + i + 1, all.length <= 3 || (marked ? x.subject === true : isLast)));
    });
  }
  return out.join("");
}

function checkBlock(check: CheckResult): string {
  const suite = check.suite ? ` <span class="dur">${html(check.suite)}</span>` : "";
  const out = [
    `<div class="check" data-status="${check.status}"><div class="check-head">${badge(check.status)}`,
    `<span class="name">${html(check.name)}</span>${suite} <span class="dur">${formatDuration(check.duration_ms)}</span></div>`,
  ];
  if (check.reason) out.push(`<p class="note"><b>Reason:</b> ${html(check.reason)}</p>`);
  if (check.failure !== null) out.push(failureBlock(check.failure));
  out.push("</div>");
  return out.join("");
}

/** The issue of an expectation: a link when it is http(s), its text otherwise. */
export function issueMarkup(issue: string | undefined): string {
  if (issue === undefined) return "";
  const href = issueHref(issue);
  return href === undefined
    ? ` · issue <code>${html(issue)}</code>`
    : ` · issue <a href="${html(href)}" rel="noreferrer">${html(issue)}</a>`;
}

/** Why a clause named by --expect is marked: visible in the summary line, without expanding. */
function expectationWhy(clause: ClauseResult, expected: Expected): string {
  const cls = expected.stale ? " stale" : "";
  const reason = `${html(expected.reason)}${issueMarkup(expected.issue)}`;
  return `<span class="why${cls}">${html(expectationHead(clause) ?? "")}. Reason: ${reason}</span>`;
}

export function clauseBlock(clause: ClauseResult, anchor: string): string {
  const shown = shownStatus(clause);
  const open = shown === "failed" || shown === "errored";
  const body: string[] = [];
  if (clause.assumption) {
    body.push(`<p class="note"><b>Tested through a profile assumption:</b> ${html(clause.assumption)}</p>`);
  }
  if (clause.ambiguity !== undefined) {
    body.push(`<p class="note"><b>Passed under one reading of an ambiguous spec:</b> ${html(clause.ambiguity)}</p>`);
  }
  if (clause.reason && clause.status !== "skipped") {
    body.push(`<p class="note"><b>Reason:</b> ${html(clause.reason)}</p>`);
  }
  if (clause.checks.length === 0) body.push(`<p class="none">no check ran for this clause</p>`);
  body.push(...clause.checks.map(checkBlock));
  return [
    `<li class="clause" id="${anchor}" data-status="${shown}"><details${open ? " open" : ""}>`,
    `<summary>${badge(shown)}<code class="cid">${html(clause.id)}</code>`,
    `<span class="stmt">${html(clause.statement)}</span>`,
    // A skipped clause's reason is the one thing a reader needs from it: visible without expanding.
    clause.status === "skipped" && clause.reason ? `<span class="why">Skipped: ${html(clause.reason)}</span>` : "",
    clause.expected === undefined ? "" : expectationWhy(clause, clause.expected),
    "</summary>",
    `<div class="cbody">${body.join("")}</div></details></li>`,
  ].join("");
}
