// A HAR 1.2 file (http://www.softwareishard.com/blog/har-12-spec/) of the failed and errored checks' recorded
// exchanges (`run --har FILE`): it opens in a browser's devtools or an API client. One page per check, named
// by its suite, name and clause ids; secrets stay redacted, a credential as its role's variable
// (replay-headers.ts, the same as the curl lines).
import { writeFile } from "node:fs/promises";
import type { Entry, Har, Header, Page, QueryString } from "har-format";
import type { CheckResult, Exchange, Report } from "../spec/report.ts";
import { visibleControls } from "./escape.ts";
import { SUBJECT_NOTE } from "./exchange-text.ts";
import { replayHeaders } from "./replay-headers.ts";

interface FailedCheck {
  check: CheckResult;
  clauses: string[];
}

/** Every check that failed or errored with a recorded failure, once (a check naming two clauses is listed twice). */
function failedChecks(report: Report): FailedCheck[] {
  const byKey = new Map<string, FailedCheck>();
  const rows = [...report.clauses, ...(report.optional ?? [])];
  for (const row of rows) {
    for (const check of row.checks) {
      if ((check.status !== "failed" && check.status !== "errored") || check.failure === null) continue;
      const key = `${check.suite ?? ""}\0${check.name}`;
      const seen = byKey.get(key);
      if (seen === undefined) byKey.set(key, { check, clauses: [row.id] });
      else if (!seen.clauses.includes(row.id)) seen.clauses.push(row.id);
    }
  }
  return [...byKey.values()];
}

function header(name: string, value: string, comment?: string): Header {
  return comment === undefined ? { name, value } : { name, value, comment };
}

function queryOf(url: string): QueryString[] {
  try {
    return [...new URL(url).searchParams].map(([name, value]) => ({ name, value }));
  } catch {
    return [];
  }
}

/**
 * HAR requires a URI. A recorded URL always is one (runner/client/http-client.ts builds it with `new URL`); a report.json
 * edited by hand may hold anything, which is kept, encoded, in a URN rather than making the file invalid.
 */
function harUrl(url: string): string {
  return URL.canParse(url) && !/\s/.test(url)
    ? url
    : `urn:cap-conformance:unparsed-url:${encodeURIComponent(visibleControls(url))}`;
}

const bytes = (text: string | null) => (text === null ? 0 : Buffer.byteLength(text, "utf8"));

function requestHeaders(exchange: Exchange): Header[] {
  return replayHeaders(exchange).map((h) => {
    if (h.secret === undefined) return header(h.name, h.value);
    const why = h.secret.unknown
      ? "redacted: a value the check sent that the report does not keep"
      : `redacted: the target's credential, read from $${h.secret.variable}`;
    return header(h.name, h.value, why);
  });
}

function entryOf(exchange: Exchange, pageref: string, fallbackStart: string): Entry {
  const requestType = exchange.request_headers["content-type"];
  const responseType = exchange.response_headers["content-type"] ?? "";
  const answered = exchange.status !== null;
  const comment = [exchange.subject ? SUBJECT_NOTE : "", answered ? "" : "no response"].filter(Boolean).join("; ");
  return {
    pageref,
    startedDateTime: exchange.started_at ?? fallbackStart,
    time: exchange.duration_ms,
    request: {
      method: exchange.method,
      url: harUrl(exchange.url),
      httpVersion: "HTTP/1.1",
      cookies: [],
      headers: requestHeaders(exchange),
      queryString: queryOf(exchange.url),
      ...(exchange.request_body === null
        ? {}
        : { postData: { mimeType: requestType ?? "", text: exchange.request_body } }),
      headersSize: -1,
      bodySize: bytes(exchange.request_body),
    },
    response: {
      // HAR's convention (as browsers write it) for a request that got no answer: status 0.
      status: exchange.status ?? 0,
      statusText: "",
      httpVersion: "HTTP/1.1",
      cookies: [],
      headers: Object.entries(exchange.response_headers).map(([name, value]) => header(name, value)),
      content: { size: bytes(exchange.response_body), mimeType: responseType, text: exchange.response_body ?? "" },
      redirectURL: exchange.response_headers.location ?? "",
      headersSize: -1,
      bodySize: answered ? bytes(exchange.response_body) : -1,
    },
    cache: {},
    timings: { send: 0, wait: exchange.duration_ms, receive: 0 },
    ...(comment === "" ? {} : { comment }),
  };
}

export function renderHar(report: Report): Har {
  const pages: Page[] = [];
  const entries: Entry[] = [];
  failedChecks(report).forEach(({ check, clauses }, index) => {
    const exchanges = check.failure?.exchanges ?? [];
    const id = `check_${index + 1}`;
    const started = exchanges.find((x) => x.started_at !== undefined)?.started_at ?? report.run.started_at;
    const title = `${check.suite ? `${check.suite}: ` : ""}${check.name} [${clauses.join(", ")}]`;
    pages.push({
      id,
      title,
      startedDateTime: started,
      pageTimings: {},
      comment: `${check.status}: ${check.failure?.message.split("\n")[0] ?? ""}`,
    });
    for (const exchange of exchanges) entries.push(entryOf(exchange, id, started));
  });
  return {
    log: {
      version: "1.2",
      creator: { name: report.tool.name, version: report.tool.version },
      pages,
      entries,
      comment: `cap-conformance run, seed ${report.run.seed}: the exchanges of ${pages.length} failed or errored check(s)`,
    },
  };
}

export async function writeHar(report: Report, file: string): Promise<void> {
  await writeFile(file, `${JSON.stringify(renderHar(report), null, 2)}\n`, "utf8");
}
