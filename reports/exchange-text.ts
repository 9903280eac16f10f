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
    out.push("", `exchanges (${all.length}):`);
    const omitted = Math.max(0, all.length - limits.exchanges);
    if (omitted > 0) out.push(`  ... ${omitted} earlier exchanges omitted (see report.json)`);
    all.slice(omitted).forEach((x, i) => {
      out.push(`${omitted + i + 1}. ${exchangeLine(x)}`);
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
