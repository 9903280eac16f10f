// Plain-text rendering of a failure (message, seed, path, reproduce, exchanges) for JUnit and other text sinks.
import type { Exchange, Failure } from "../spec/report.ts";
import { formatDuration, truncate } from "./format.ts";

export interface FailureTextLimits {
  /** Characters kept of each request/response body. */
  body: number;
  /** Exchanges kept (the last ones: the failing request is usually last). */
  exchanges: number;
  /** Characters kept of the message. */
  message: number;
}

export const DEFAULT_TEXT_LIMITS: FailureTextLimits = { body: 2000, exchanges: 10, message: 10_000 };

/** What marks the exchange a failed assertion is about, in every format. */
export const SUBJECT_NOTE = "the exchange this failure is about";

/** "3 kept of 127 made", or the count alone for a report that does not say how many were made. */
export function keptLine(failure: Failure): string {
  const made = failure.exchanges_made;
  return made === undefined || made === failure.exchanges.length
    ? String(failure.exchanges.length)
    : `${failure.exchanges.length} kept of ${made} made`;
}

/** At most `max` of the kept exchanges, the last ones, and the one the failure is about whatever its place. */
export function shownExchanges(all: Exchange[], max: number): Exchange[] {
  if (all.length <= max) return all;
  const subject = all.find((x) => x.subject);
  const last = all.slice(all.length - max);
  if (subject === undefined || last.includes(subject)) return last;
  return [subject, ...last.slice(1)];
}

export function exchangeLine(x: Exchange): string {
  const status = x.status === null ? "no response" : String(x.status);
  return `${x.method} ${x.url} -> ${status} (${formatDuration(x.duration_ms)})`;
}

export function failureText(failure: Failure, clauseLines: string[], limits = DEFAULT_TEXT_LIMITS): string {
  const out: string[] = [truncate(failure.message, limits.message), ""];
  out.push(...clauseLines);
  if (failure.seed !== null && failure.seed !== undefined) out.push(`seed: ${failure.seed}`);
  if (failure.path !== null && failure.path !== undefined) out.push(`path: ${failure.path}`);
  if (failure.reproduce !== null) out.push(`reproduce: ${failure.reproduce}`);
  const all = failure.exchanges;
  if (all.length > 0) {
    out.push("", `exchanges (${keptLine(failure)}):`);
    const shown = shownExchanges(all, limits.exchanges);
    const omitted = all.length - shown.length;
    if (omitted > 0) out.push(`  ... ${omitted} earlier kept exchanges omitted (see report.json)`);
    shown.forEach((x, i) => {
      const n = x.seq ?? omitted + i + 1;
      out.push(`${n}. ${exchangeLine(x)}${x.subject ? `  <- ${SUBJECT_NOTE}` : ""}`);
      if (x.request_body !== null && x.request_body !== "") {
        out.push(`   request body: ${truncate(x.request_body, limits.body)}`);
      }
      if (x.response_body !== null && x.response_body !== "") {
        out.push(`   response body: ${truncate(x.response_body, limits.body)}`);
      }
    });
  }
  return out.join("\n");
}
