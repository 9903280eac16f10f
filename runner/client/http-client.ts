// The HTTP client every check uses: bounded in time and in what it reads (runner/client/limits.ts), records every
// exchange (secrets redacted) and applies the universal rules to every response.
import { isUtf8 } from "node:buffer";
import { Agent, type Dispatcher, request } from "undici";
import { clipBody, type Exchange } from "../../spec/report.ts";
import { BodyOverCap, readCapped } from "./capped-body.ts";
import { decoding } from "./content-coding.ts";
import { credentialUsed } from "./credential-used.ts";
import { acquireSlot } from "./in-flight.ts";
import { formatBytes, LIMITS, LimitExceeded } from "./limits.ts";
import { assertTargetAlive, noteAnswered } from "./liveness.ts";
import { exchangeLine, exchangeOf, linkExchange, noteNamed, noteRequest, recordExchange } from "./recorder.ts";
import { redact, redactReceivedHeaders, redactSentHeaders } from "./redact.ts";
import { runConfig } from "./run-config.ts";
import { learnSecrets } from "./secret-fields.ts";
import { TargetError } from "./target-error.ts";
import { applyUniversalRules } from "./universal-rules.ts";

export type Who =
  | "admin"
  | "editor"
  | "viewer"
  | "none"
  | { token: string }
  | { cookie: string }
  | { authorization: string };

export interface RequestOptions {
  method?: string;
  query?: Record<string, string | number | boolean | undefined>;
  /** JSON-encoded unless `rawBody` is given. */
  body?: unknown;
  rawBody?: string;
  headers?: Record<string, string>;
  as?: Who;
  /** Index into target.regions; 0 by default. */
  region?: number;
  timeoutMs?: number;
  /** The profile's name of the operation, for the universal rules (set by the suites' callOp). */
  operation?: string;
}

export interface ApiResponse {
  method: string;
  url: string;
  status: number;
  headers: Record<string, string>;
  text: string;
  /** The parsed body, or undefined when it is not JSON. */
  json: unknown;
}

/**
 * The connection pool, built for the run's body cap: undici drops a response whose headers pass the header cap
 * (maxHeaderSize) or whose body passes the body cap (maxResponseSize), and decodes a compressed body (no
 * Accept-Encoding is sent, so RFC 9110 12.5.3 lets a server pick any coding) up to the cap in decoded bytes.
 */
let pool: { cap: number; dispatcher: Dispatcher } | undefined;
function dispatcherFor(cap: number): Dispatcher {
  if (pool?.cap !== cap) {
    const agent = new Agent({
      connect: { timeout: 5_000 },
      keepAliveTimeout: 1_000,
      maxHeaderSize: LIMITS.headerBytes,
      maxResponseSize: cap,
    });
    pool = { cap, dispatcher: decoding(agent, cap) };
  }
  return pool.dispatcher;
}

const HEADERS_OVERFLOW = "UND_ERR_HEADERS_OVERFLOW";

/** The message of an answer whose headers passed the header cap. */
export function headerCapMessage(method: string, url: string): string {
  return `${method} ${url}: the response headers exceeded the header cap of ${formatBytes(LIMITS.headerBytes)}, so the answer was not read`;
}

/** The message of a body over the body cap, saying how much was read and how to change the cap. */
export function bodyCapMessage(method: string, url: string, over: BodyOverCap, cap: number): string {
  const read = over.declared === undefined ? `after ${over.bytesRead} bytes` : `its Content-Length is ${over.declared}`;
  return `${method} ${url}: the response body exceeded the body cap of ${formatBytes(cap)} (${read}), so it was not read; \`run --max-body-bytes N\` changes the cap`;
}

/** Whether an error of undici is the header cap. */
export function isHeaderOverflow(error: unknown): boolean {
  return (error as { code?: string } | undefined)?.code === HEADERS_OVERFLOW;
}

export function authHeaders(who: Who): Record<string, string> {
  const { credentials } = runConfig().target;
  if (who === "none") return {};
  if (who === "admin" || who === "editor" || who === "viewer") return { authorization: `Bearer ${credentials[who]}` };
  if ("token" in who) return { authorization: `Bearer ${who.token}` };
  if ("cookie" in who) return { cookie: `service_session=${who.cookie}` };
  return { authorization: who.authorization };
}

export function baseUrl(region = 0): string {
  const regions = runConfig().target.regions;
  const entry = regions[region];
  if (entry === undefined) throw new TargetError(`the target has no region #${region + 1}`);
  return entry.base_url.replace(/\/$/, "");
}

export function urlFor(path: string, query?: RequestOptions["query"], region = 0): string {
  const url = new URL(baseUrl(region) + path);
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined) url.searchParams.set(key, String(value));
  }
  return url.toString();
}

export async function call(path: string, options: RequestOptions = {}): Promise<ApiResponse> {
  const method = options.method ?? "GET";
  const url = urlFor(path, options.query, options.region);
  const timeoutMs = options.timeoutMs ?? runConfig().timeoutMs;
  const bodyText = options.rawBody ?? (options.body === undefined ? undefined : JSON.stringify(options.body));
  const headers: Record<string, string> = {
    accept: "application/json",
    ...(bodyText !== undefined ? { "content-type": "application/json" } : {}),
    ...authHeaders(options.as ?? "admin"),
    ...options.headers,
  };
  assertTargetAlive();
  // Registered before anything is recorded, so this very exchange is redacted.
  learnSecrets(options.body);
  // One of the region's requests in flight (in-flight.ts), held until the body is read; the time waiting
  // for it is not the target's.
  const release = await acquireSlot(options.region ?? 0);
  noteRequest();
  const startedAt = new Date().toISOString();
  const started = performance.now();
  const cap = runConfig().maxBodyBytes;
  let response: Dispatcher.ResponseData;
  try {
    response = await request(url, {
      method: method as "GET",
      headers,
      body: bodyText,
      dispatcher: dispatcherFor(cap),
      headersTimeout: timeoutMs,
      bodyTimeout: timeoutMs,
      signal: AbortSignal.timeout(timeoutMs),
    });
  } catch (error) {
    release();
    // Headers over the cap are an answer (the server is there), just not one the harness reads.
    noteAnswered(isHeaderOverflow(error));
    if (isHeaderOverflow(error)) throw new LimitExceeded(redact(headerCapMessage(method, url)));
    throw new TargetError(redact(noAnswerMessage(`${method} ${url}: no answer`, timeoutMs, error)));
  }
  const status = response.statusCode;
  const responseHeaders = flattenHeaders(response.headers);
  // Built once the response's secrets are learnt, so they are masked in the request's parts too.
  const record = (responseBody: string): Exchange => {
    const exchange: Exchange = {
      method,
      url: redact(url),
      status,
      request_headers: redactSentHeaders(headers),
      request_body: bodyText === undefined ? null : clipBody(redact(bodyText)),
      response_headers: redactReceivedHeaders(responseHeaders),
      response_body: responseBody,
      duration_ms: Math.round(performance.now() - started),
      started_at: startedAt,
      credential: credentialUsed(headers),
    };
    recordExchange(exchange);
    return exchange;
  };
  let text: string;
  let utf8: boolean;
  try {
    // The decompress interceptor drops Content-Length with Content-Encoding: what is left counts decoded bytes.
    const bytes = await readCapped(response.body, cap, responseHeaders["content-length"]);
    text = new TextDecoder().decode(bytes);
    utf8 = isUtf8(bytes);
    noteAnswered(true);
  } catch (error) {
    if (!(error instanceof BodyOverCap)) {
      noteAnswered(false);
      throw new TargetError(redact(noAnswerMessage(`${method} ${url}: no answer`, timeoutMs, error)));
    }
    noteAnswered(true);
    record(`[not kept: over the body cap of ${formatBytes(cap)}]`);
    throw new LimitExceeded(redact(bodyCapMessage(method, url, error, cap)));
  } finally {
    release();
  }
  const json = parseJson(text);
  learnSecrets(json);
  const exchange = record(clipBody(redact(text)));
  applyUniversalRules({
    method,
    url: exchange.url,
    status,
    contentType: responseHeaders["content-type"],
    text,
    utf8,
    ...(options.operation === undefined ? {} : { operation: options.operation }),
  });
  const answer: ApiResponse = { method, url: exchange.url, status, headers: responseHeaders, text, json };
  linkExchange(answer, exchange);
  return answer;
}

function flattenHeaders(headers: Record<string, string | string[] | undefined>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value !== undefined) out[name.toLowerCase()] = Array.isArray(value) ? value.join(", ") : value;
  }
  return out;
}

function parseJson(text: string): unknown {
  if (text.length === 0) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/**
 * One line naming an exchange, for assertion messages: it starts with the exchange's line (recorder.ts), so a
 * failure whose message holds it keeps that exchange, marked as the one it is about.
 */
export function explain(response: ApiResponse): string {
  noteNamed(exchangeOf(response));
  return `${exchangeLine(response)} ${redact(response.text.slice(0, 300))}`;
}

const TIMEOUTS = new Set(["TimeoutError", "AbortError", "HeadersTimeoutError", "BodyTimeoutError"]);

/**
 * Why a request got no (whole) answer: `${missing} within N ms` after a timeout, `${missing}, the connection
 * failed` when it failed before (a reset, a refusal), so a reset is not read as a slow server.
 */
export function noAnswerMessage(missing: string, timeoutMs: number, error: unknown): string {
  const reason = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  if (error instanceof Error && !TIMEOUTS.has(error.name)) return `${missing}, the connection failed (${reason})`;
  return `${missing} within ${timeoutMs} ms (${reason})`;
}
