// The reply writer of the legal variants (simulators/platform/variants): one onSend hook that rewrites a
// JSON reply as a variant's server would write it (statuses, error wording, records, timestamps, layout,
// headers, framing, latency). Event streams are hijacked before it and have their own writer (sse/).
import { createHash } from "node:crypto";
import { Readable } from "node:stream";
import { brotliCompressSync, gzipSync } from "node:zlib";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { PROBLEM_LINE } from "../../../spec/errors.ts";
import type { PlatformContext } from "../context.ts";
import type { VariantSet } from "../variants/index.ts";
import { type Json, type JsonObject, openPage, shapeRecords, writeJson } from "./variant-json.ts";

/** Creates whose 201 `create-200` answers as 200. */
const CREATES = new Set([
  "POST /v1/agents",
  "POST /v1/tools",
  "POST /v1/tasks",
  "POST /v1/webhooks",
  "POST /v1/telephony/accounts",
  "POST /v1/telephony/accounts/:account_id/import",
]);
/** Work that goes on after the answer, which `accepted-202` answers 202. */
const ACCEPTED = new Set(["POST /v1/knowledge", "POST /v1/calls/outbound", "POST /v1/calls/batches"]);
/** Writes whose response body 4 does not name, which `write-ok-result` answers {ok: true} (2.7). */
const UNNAMED_RESULTS = new Set(["PATCH /v1/agents/:agent_id", "PATCH /v1/tools/:tool_id", "PUT /v1/byok/:provider"]);
const PUBLISHES = new Set(["POST /v1/agents/:agent_id/publish", "POST /v1/tools/:tool_id/publish"]);

/** Texts the spec fixes (5 items 8 and 10, 6.1): never reworded. A 401 passes the control plane's verdict. */
const FIXED_MESSAGES = new Set([
  "not authenticated",
  "invalid token",
  "invalid session",
  "the control plane is unreachable, so this request cannot be authorized",
  "webhook is disabled",
]);

/** Which variants touch a reply at all; an instance serving none of them adds no hook. */
const REPLY_VARIANTS = [
  "json-keys-reversed",
  "json-pretty",
  "json-unicode-escaped",
  "json-bare-content-type",
  "json-content-type-case",
  "chunked-bodies",
  "connection-close",
  "extra-headers",
  "health-empty-body",
  "timestamps-plus-offset",
  "timestamps-east-offset",
  "timestamps-west-offset",
  "timestamps-no-fraction",
  "timestamps-microseconds",
  "extra-fields",
  "records-minimal",
  "webhook-nulls-omitted",
  "tool-defaults-on-read",
  "agent-defaults-on-read",
  "create-200",
  "accepted-202",
  "message-200",
  "publish-201",
  "write-ok-result",
  "error-messages-reworded",
  "422-problems-reworded",
  "422-one-problem-empty-errors",
  "422-paths-bracketed",
  "latency-50ms",
  "page-envelope-open",
  "gzip-bodies",
  "br-bodies",
] as const;

export function variantReplies(app: FastifyInstance, ctx: PlatformContext): void {
  const { variants } = ctx;
  if (!REPLY_VARIANTS.some((name) => variants.has(name))) return;
  app.addHook("onSend", async (request, reply, payload) => {
    if (variants.has("latency-50ms")) await new Promise((resolve) => setTimeout(resolve, 50));
    if (isHarnessHook(request)) return payload;
    if (variants.has("extra-headers")) extraHeaders(reply, payload);
    if (variants.has("connection-close")) reply.header("connection", "close");
    const route = `${request.method} ${request.routeOptions.url ?? ""}`;
    if (variants.has("health-empty-body") && route === "GET /health") {
      reply.removeHeader("content-type");
      return "";
    }
    if (typeof payload !== "string" || !isJson(reply)) return frame(payload, variants);
    let body: Json;
    try {
      body = JSON.parse(payload) as Json;
    } catch {
      return frame(payload, variants);
    }
    body = rewriteStatus(reply, route, body, variants);
    if (reply.statusCode >= 400) body = rewriteError(reply.statusCode, body, variants);
    else body = shapeRecords(body, variants, request.routeOptions.url);
    if (reply.statusCode < 300 && variants.has("page-envelope-open")) body = openPage(body, request.url);
    reply.header("content-type", contentType(variants));
    return frame(contentCoded(reply, writeJson(body, variants), variants), variants);
  });
}

/** Test control and the carrier's callbacks are the reference's own plumbing, not the API a server answers. */
function isHarnessHook(request: FastifyRequest): boolean {
  return request.url.startsWith("/_test/") || request.url.startsWith("/_carrier/");
}

function isJson(reply: FastifyReply): boolean {
  return /^application\/json/i.test(String(reply.getHeader("content-type") ?? ""));
}

function contentType(variants: VariantSet): string {
  if (variants.has("json-bare-content-type")) return "application/json";
  if (variants.has("json-content-type-case")) return "Application/JSON; Charset=UTF-8";
  return "application/json; charset=utf-8";
}

function extraHeaders(reply: FastifyReply, payload: unknown): void {
  const tag = createHash("sha1")
    .update(typeof payload === "string" ? payload : "")
    .digest("hex")
    .slice(0, 16);
  reply.header("server", "reference-variant/1.0");
  reply.header("x-request-id", `req_${tag}`);
  reply.header("x-powered-by", "cap-reference");
  reply.header("vary", "Accept-Encoding, Origin");
  reply.header("etag", `W/"${tag}"`);
  reply.header("cache-control", "private");
}

/**
 * `gzip-bodies`, `br-bodies`: the JSON text coded as RFC 9110 8.4 allows. The harness sends no Accept-Encoding,
 * and a request without one accepts any coding (RFC 9110 12.5.3).
 */
function contentCoded(reply: FastifyReply, text: string, variants: VariantSet): string | Buffer {
  const coding = variants.has("gzip-bodies") ? "gzip" : variants.has("br-bodies") ? "br" : undefined;
  if (coding === undefined) return text;
  reply.header("content-encoding", coding);
  reply.header("vary", "Accept-Encoding");
  return coding === "gzip" ? gzipSync(text) : brotliCompressSync(text);
}

/** `chunked-bodies`: the body in pieces of 64 bytes, so it goes out chunked with no Content-Length. */
function frame(payload: unknown, variants: VariantSet): unknown {
  if (!variants.has("chunked-bodies")) return payload;
  if (!(typeof payload === "string" || Buffer.isBuffer(payload)) || payload.length === 0) return payload;
  const bytes = Buffer.isBuffer(payload) ? payload : Buffer.from(payload);
  const pieces: Buffer[] = [];
  for (let at = 0; at < bytes.length; at += 64) pieces.push(bytes.subarray(at, at + 64));
  return Readable.from(pieces);
}

function rewriteStatus(reply: FastifyReply, route: string, body: Json, variants: VariantSet): Json {
  const status = reply.statusCode;
  if (status === 201 && variants.has("create-200") && CREATES.has(route)) reply.code(200);
  if (status < 300 && variants.has("accepted-202") && ACCEPTED.has(route)) reply.code(202);
  if (status === 202 && variants.has("message-200") && route === "POST /v1/conversations/messages") reply.code(200);
  if (status === 200 && variants.has("publish-201") && PUBLISHES.has(route)) reply.code(201);
  if (status === 200 && variants.has("write-ok-result") && UNNAMED_RESULTS.has(route)) return { ok: true };
  return body;
}

function rewriteError(status: number, body: Json, variants: VariantSet): Json {
  const detail = (body as JsonObject | null)?.detail as JsonObject | undefined;
  if (detail === undefined || typeof detail.message !== "string" || !Array.isArray(detail.errors)) return body;
  let message = detail.message;
  let errors = detail.errors.filter((line): line is string => typeof line === "string");
  if (status === 422) {
    if (variants.has("422-problems-reworded")) {
      errors = errors.map(rewordProblem);
      message = errors.length === 1 ? errors[0]! : `the request does not match the schema in ${errors.length} places`;
    }
    if (variants.has("422-paths-bracketed")) {
      errors = errors.map(bracketIndexes);
      message = bracketIndexes(message);
    }
    if (variants.has("422-one-problem-empty-errors") && errors.length === 1) errors = [];
  } else if (variants.has("error-messages-reworded") && status !== 401 && !FIXED_MESSAGES.has(message)) {
    message = rewordMessage(message);
  }
  return { detail: { message, errors } };
}

/** `tools.0.tool_version: problem` as `tools[0].tool_version: problem` (7 shows no index notation). */
function bracketIndexes(line: string): string {
  if (!PROBLEM_LINE.test(line)) return line;
  const at = line.indexOf(": ");
  return `${line.slice(0, at).replace(/\.(\d+)(?=\.|$)/g, "[$1]")}${line.slice(at)}`;
}

/** `field.path: problem` with the problem in other words (7 fixes the form, not the words). */
function rewordProblem(line: string): string {
  if (!PROBLEM_LINE.test(line)) return line;
  const at = line.indexOf(": ");
  return `${line.slice(0, at)}: rejected (${line.slice(at + 2).toUpperCase()})`;
}

/**
 * Another server's wording: a name already taken still says so (7: a message "like" the spec's), every other
 * message has its words reversed, which keeps two different messages different (5 item 9: the two 403s).
 */
function rewordMessage(message: string): string {
  if (/already exists/i.test(message)) return "that name is already in use in this workspace";
  return `Refused: ${message.split(/\s+/).reverse().join(" ")}`;
}
