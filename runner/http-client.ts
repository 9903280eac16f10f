// The HTTP client every check uses: bounded in time, records every exchange (secrets redacted)
// and applies the universal rules to every response.
import { Agent, request } from "undici";
import { clipBody, type Exchange } from "../spec/report.ts";
import { credentialUsed } from "./credential-used.ts";
import { assertTargetAlive, noteAnswered } from "./liveness.ts";
import { recordExchange } from "./recorder.ts";
import { redact, redactHeaders } from "./redact.ts";
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

const dispatcher = new Agent({ connect: { timeout: 5_000 }, keepAliveTimeout: 1_000 });

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
  const startedAt = new Date().toISOString();
  const started = performance.now();
  let status: number;
  let responseHeaders: Record<string, string>;
  let text: string;
  try {
    const response = await request(url, {
      method: method as "GET",
      headers,
      body: bodyText,
      dispatcher,
      headersTimeout: timeoutMs,
      bodyTimeout: timeoutMs,
      signal: AbortSignal.timeout(timeoutMs),
    });
    status = response.statusCode;
    responseHeaders = flattenHeaders(response.headers);
    text = await response.body.text();
    noteAnswered(true);
  } catch (error) {
    noteAnswered(false);
    const reason = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
    throw new TargetError(redact(`${method} ${url}: no answer within ${timeoutMs} ms (${reason})`));
  }
  const json = parseJson(text);
  learnSecrets(json);
  const exchange: Exchange = {
    method,
    url: redact(url),
    status,
    request_headers: redactHeaders(headers),
    request_body: bodyText === undefined ? null : clipBody(redact(bodyText)),
    response_headers: redactHeaders(responseHeaders),
    response_body: clipBody(redact(text)),
    duration_ms: Math.round(performance.now() - started),
    started_at: startedAt,
    credential: credentialUsed(headers),
  };
  recordExchange(exchange);
  applyUniversalRules({
    method,
    url: exchange.url,
    status,
    contentType: responseHeaders["content-type"],
    text,
    ...(options.operation === undefined ? {} : { operation: options.operation }),
  });
  return { method, url: exchange.url, status, headers: responseHeaders, text, json };
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

/** One line naming an exchange, for assertion messages. */
export function explain(response: ApiResponse): string {
  return `${response.method} ${response.url} → ${response.status} ${redact(response.text.slice(0, 300))}`;
}

/** The former name of explain(), which shadowed vitest's describe; kept until every suite uses explain. */
export const describe = explain;
