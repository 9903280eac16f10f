// Requests to the platform: the bearer credential, a per-request timeout, and the tags every
// threshold keys on. `kind` keeps API calls, stream lifetimes and harness side-calls apart
// (an SSE stream's http_req_duration is its whole life, not a latency); `name` is the
// operation, so ids in paths do not split one operation into thousands of series.
import { check } from "k6";
import http, { type RefinedParams, type RefinedResponse } from "k6/http";
import { target } from "./target.ts";

export type Kind = "api" | "stream" | "control";
export type Method = "GET" | "POST" | "PATCH" | "PUT" | "DELETE";
export type Response = RefinedResponse<"text">;

export const REQUEST_TIMEOUT = __ENV.CAP_REQUEST_TIMEOUT || "10s";

export function authHeaders(): Record<string, string> {
  return { Authorization: `Bearer ${target.token}` };
}

export function tags(kind: Kind, name: string, extra: Record<string, string> = {}): Record<string, string> {
  return { kind, name, ...extra };
}

export interface CallOptions {
  /** Statuses that count as a success for http_req_failed; 2xx by default. */
  expect?: number[];
  query?: Record<string, string | number>;
  extraTags?: Record<string, string>;
}

/** One platform API call, tagged `kind: api` and named by its operation. */
export function call(method: Method, path: string, op: string, body?: unknown, options: CallOptions = {}): Response {
  return request(`${target.baseUrl}${path}`, method, "api", op, body, options);
}

/**
 * The same call without blocking the VU (http.asyncRequest): for code running beside open
 * streams on the VU's event loop, where a blocking request would hold every stream's handlers.
 */
export function callAsync(
  method: Method,
  path: string,
  op: string,
  body?: unknown,
  options: CallOptions = {},
): Promise<Response> {
  const [url, payload, params] = requestArgs(`${target.baseUrl}${path}`, "api", op, body, options);
  return http.asyncRequest(method, url, payload, params);
}

/** A harness side-call (test control, simulator admin): kept out of the API thresholds. */
export function control(method: Method, url: string, op: string, body?: unknown): Response {
  return request(url, method, "control", op, body, { expect: [200, 201, 204, 404] });
}

function request(url: string, method: Method, kind: Kind, op: string, body: unknown, options: CallOptions): Response {
  return http.request(method, ...requestArgs(url, kind, op, body, options));
}

type RequestArgs = [url: string, body: string | null, params: RefinedParams<"text">];

function requestArgs(url: string, kind: Kind, op: string, body: unknown, options: CallOptions): RequestArgs {
  const query = options.query
    ? `?${Object.entries(options.query)
        .map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(String(v))}`)
        .join("&")}`
    : "";
  const headers: Record<string, string> = kind === "control" ? {} : authHeaders();
  if (body !== undefined) headers["Content-Type"] = "application/json";
  const expected = options.expect ?? [200, 201, 202, 204];
  return [
    url + query,
    body === undefined ? null : JSON.stringify(body),
    {
      headers,
      tags: tags(kind, op, options.extraTags),
      timeout: REQUEST_TIMEOUT,
      responseCallback: http.expectedStatuses(...expected),
    },
  ];
}

/** The JSON body, or undefined when there is none or it is not JSON. */
export function json<T = Record<string, unknown>>(res: Response): T | undefined {
  if (typeof res.body !== "string" || res.body === "") return undefined;
  try {
    return JSON.parse(res.body) as T;
  } catch {
    return undefined;
  }
}

/** A check named after the operation, so the report shows which operation misbehaved. */
export function expectStatus(res: Response, op: string, ...statuses: number[]): boolean {
  return check(res, { [`${op}: status ${statuses.join("/")}`]: (r) => statuses.includes(r.status) });
}

export function stringField(value: unknown, ...names: string[]): string | undefined {
  if (typeof value !== "object" || value === null) return undefined;
  for (const name of names) {
    const field = (value as Record<string, unknown>)[name];
    if (typeof field === "string" && field !== "") return field;
  }
  return undefined;
}
