// Small text helpers shared by the reporters: durations, truncation, bodies, the counts line.

import { PARTIAL } from "../spec/certification.ts";
import type { Report } from "../spec/report.ts";
import { verdictOf } from "../spec/verdict.ts";

export function formatDuration(ms: number): string {
  if (!Number.isFinite(ms) || ms < 0) return "?";
  if (ms < 1000) return `${Math.round(ms)} ms`;
  const s = ms / 1000;
  if (s < 60) return `${s.toFixed(1)} s`;
  const m = Math.floor(s / 60);
  const rest = Math.round(s - m * 60);
  return `${m} min ${String(rest).padStart(2, "0")} s`;
}

/** Seconds with millisecond precision, as JUnit's `time` attribute wants. */
export function junitSeconds(ms: number): string {
  return Number.isFinite(ms) && ms > 0 ? (ms / 1000).toFixed(3) : "0.000";
}

/** Cuts `text` to at most `max` UTF-16 units (never inside a surrogate pair) and says how much was cut. */
export function truncate(text: string, max: number): string {
  if (text.length <= max) return text;
  let end = Math.max(0, max);
  const code = text.charCodeAt(end - 1);
  if (code >= 0xd800 && code <= 0xdbff) end--;
  return `${text.slice(0, end)}… [${text.length - end} more characters]`;
}

export function firstLine(text: string): string {
  const nl = text.search(/\r?\n/);
  return nl === -1 ? text : text.slice(0, nl);
}

/** JSON bodies pretty-printed with two spaces; anything else returned as it came. */
export function prettyBody(body: string): string {
  const trimmed = body.trim();
  if (!(trimmed.startsWith("{") || trimmed.startsWith("["))) return body;
  try {
    return JSON.stringify(JSON.parse(trimmed), null, 2);
  } catch {
    return body;
  }
}

/** "2024-05-01 12:00:03 UTC", or the input unchanged when it is not a date. */
export function formatTimestamp(iso: string): string {
  const t = Date.parse(iso);
  if (Number.isNaN(t)) return iso;
  return `${new Date(t)
    .toISOString()
    .replace("T", " ")
    .replace(/\.\d+Z$/, "Z")
    .replace("Z", " UTC")}`;
}

/** "1 failed, 2 errored, 40 passed, 3 skipped, 12 not shown (58 clauses)"; with --expect, the expected
 * failures are named apart (summary.failed leaves them out), so the parts add up to the total. */
export function countsLine(summary: Report["summary"], expectations?: Report["expectations"]): string {
  const expected = expectations?.expected_failures ?? 0;
  const stale = expectations?.stale ?? 0;
  const parts = [
    summary.failed > 0 ? `${summary.failed} failed` : "",
    expected > 0 ? `${expected} expected failure${expected === 1 ? "" : "s"}` : "",
    summary.errored > 0 ? `${summary.errored} errored` : "",
    `${summary.passed} passed`,
    summary.skipped > 0 ? `${summary.skipped} skipped` : "",
    summary.not_shown > 0 ? `${summary.not_shown} not shown` : "",
  ].filter((p) => p !== "");
  const staleNote = stale > 0 ? `; ${stale} stale expectation${stale === 1 ? "" : "s"}` : "";
  return `${parts.join(", ")} (${summary.clauses} clauses)${staleNote}`;
}

/** What every renderer says of an incomplete report (spec/report.ts, `incomplete`), or undefined for a whole run. */
export function incompleteNote(report: Pick<Report, "incomplete">): string | undefined {
  const cut = report.incomplete;
  if (cut === undefined) return undefined;
  const checks = `${cut.checks_finished} check${cut.checks_finished === 1 ? "" : "s"}`;
  return `INCOMPLETE: the run did not finish (${cut.reason}). This report holds the verdicts of the ${checks} that finished before that; the others never reached one, so the run is ERROR.`;
}

/**
 * The verdict as the first line of every report says it. A failing run that also has errored clauses says so
 * there: those clauses were not judged at all, which a reader of "FAIL" alone would not guess; a partial run says
 * it is no certification run (spec/certification.ts).
 */
export function verdictHeadline(report: Report): string {
  const verdict = verdictOf(report);
  const errored = report.summary.errored + (report.optional ?? []).filter((o) => o.status === "errored").length;
  const partial = (report.run.partial?.length ?? 0) > 0 ? ` (${PARTIAL})` : "";
  if (verdict !== "FAIL" || errored === 0) return `${verdict}${partial}`;
  return `FAIL, and ${errored} clause${errored === 1 ? "" : "s"} errored (not judged)${partial}`;
}
