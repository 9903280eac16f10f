// The malformed inputs the matrix sends to every route: bodies (not JSON, not UTF-8, nested too deep,
// too large, of the wrong types, with unknown fields, under the wrong Content-Type), methods the route
// does not have, odd paths and bad paging queries. Each probe says whether a 2xx would be a defect.
import fc from "fast-check";
import { z } from "zod";
import { MAX_JSON_DEPTH } from "../../../simulators/shared/json-body.ts";
import { OPENAPI_OPERATIONS } from "../../../spec/openapi.ts";
import type { Payload } from "./client.ts";

export interface Route {
  method: string;
  url: string;
}

export interface Probe {
  kind: string;
  method: string;
  path: string;
  payload?: Payload;
  /** True when the input is malformed whatever the route does with it, so a 2xx is a defect. */
  mustRefuse: boolean;
}

/** The top-level field the "unknown fields" input adds; it must never be stored or read back. */
export const MARKER = "zz_robustness_unknown_field";

const json = (value: unknown): Payload => ({ bytes: JSON.stringify(value), type: "application/json" });
const raw = (bytes: string | Buffer): Payload => ({ bytes, type: "application/json" });
const typed = (bytes: string, type: string | undefined): Payload => ({ bytes, type });

/** fastify reads no body on GET (nor HEAD), so a body sent there is ignored, not refused. */
const readsBody = (method: string) => method !== "GET";

const openApiPath = (url: string) => url.replace(/:(\w+)/g, "{$1}");
const operationOf = (route: Route) =>
  OPENAPI_OPERATIONS.find((op) => op.method.toUpperCase() === route.method && op.path === openApiPath(route.url));

/** A paged list (2.1, 8): a bad limit or offset there is a 422. */
export function isPaged(route: Route): boolean {
  const op = operationOf(route);
  return op?.paged !== undefined || (op?.query !== undefined && "limit" in op.query.shape);
}

/** The route's path with each parameter filled by `fill`. */
export function fillPath(url: string, fill: (param: string) => string): string {
  return url.replace(/:(\w+)/g, (_match, param: string) => fill(param));
}

// --- bodies ---------------------------------------------------------------------------------------------

const nested = (depth: number) => `{"a":${"[".repeat(depth - 1)}${"]".repeat(depth - 1)}}`;
/** The audit's body: a tool whose json_schema nests 20,000 objects (~100 KB, under the size limit). */
const auditDeepTool = `{"name":"deep","description":"x","json_schema":${'{"a":'.repeat(20_000)}1${"}".repeat(20_000)}}`;

const oversizedBodies = new Map<number, Buffer>();
/** Valid JSON one byte over `limit` (built once: a megabyte per route adds up). */
function oversized(limit: number): Buffer {
  let body = oversizedBodies.get(limit);
  if (body === undefined) {
    body = Buffer.from(`{"name":"${"x".repeat(limit - 10)}"}`);
    oversizedBodies.set(limit, body);
  }
  return body;
}

/** Invalid UTF-8, inside a string and outside one: overlong, lone continuation, truncated, surrogate, 0xFF. */
const BAD_UTF8 = [
  Buffer.concat([Buffer.from('{"name":"'), Buffer.from([0xc0, 0xaf]), Buffer.from('"}')]),
  Buffer.concat([Buffer.from('{"name":"a'), Buffer.from([0x80]), Buffer.from('b"}')]),
  Buffer.concat([Buffer.from('{"name":"'), Buffer.from([0xe2, 0x82]), Buffer.from('"}')]),
  Buffer.concat([Buffer.from('{"name":"'), Buffer.from([0xed, 0xa0, 0x80]), Buffer.from('"}')]),
  Buffer.concat([Buffer.from('{"name":"x"}'), Buffer.from([0xff])]),
];

/** Bodies that are JSON but refused by `schema`: its own fields given other types, or not an object at all. */
function wrongTypedBodies(schema: z.ZodType, seed: number, count: number): unknown[] {
  const keys = schema instanceof z.ZodObject ? Object.keys(schema.shape) : [];
  const value = fc.jsonValue({ maxDepth: 2 });
  const fields =
    keys.length === 0
      ? fc.dictionary(fc.string({ maxLength: 8 }), value, { maxKeys: 3 })
      : fc.record(Object.fromEntries(keys.map((key) => [key, value])), { requiredKeys: [] });
  const notAnObject = fc.oneof(fc.integer(), fc.string(), fc.boolean(), fc.constant(null), fc.array(value));
  const refused = fc.oneof(fields, notAnObject).filter((body) => !schema.safeParse(body).success);
  return fc.sample(refused, { seed, numRuns: count });
}

export interface BodyContext {
  seed: number;
  /** The largest body the platform accepts (the profile's max_body_bytes). */
  bodyLimit: number;
  validBody: Record<string, unknown> | undefined;
}

export function bodyProbes(route: Route, path: string, context: BodyContext): Probe[] {
  const refuse = readsBody(route.method);
  const probe = (kind: string, payload: Payload, mustRefuse = refuse): Probe => ({
    kind,
    method: route.method,
    path,
    payload,
    mustRefuse,
  });
  const pick = fc.sample(fc.nat(BAD_UTF8.length - 1), { seed: context.seed, numRuns: 1 })[0]!;
  const probes = [
    probe("invalid JSON", raw('{"name": "x",')),
    probe("invalid JSON (truncated)", raw('{"name": ')),
    probe("bad UTF-8", raw(BAD_UTF8[pick]!)),
    probe("bad UTF-8 (0xFF)", raw(BAD_UTF8[4]!)),
    probe(`nested ${MAX_JSON_DEPTH + 1} deep`, raw(nested(MAX_JSON_DEPTH + 1))),
    probe("nested 20,000 deep (the audit's tool)", raw(auditDeepTool)),
    probe("over the size limit", raw(oversized(context.bodyLimit))),
    probe("wrong Content-Type (text/plain)", typed('{"name":"x"}', "text/plain")),
    probe("wrong Content-Type (form)", typed("name=x", "application/x-www-form-urlencoded")),
    probe("wrong Content-Type (multipart)", typed("--b\r\n\r\nx\r\n--b--", "multipart/form-data; boundary=b")),
    probe("no Content-Type", typed('{"name":"x"}', undefined)),
    // Whether unknown fields are refused is not said (4); they must never be stored, checked afterwards.
    probe("unknown fields", json({ ...context.validBody, [MARKER]: "must not be stored" }), false),
  ];
  const schema = operationOf(route)?.body;
  if (schema === undefined) {
    // The route names no body: a root array is not what it expects, but it may rightly ignore it.
    probes.push(probe("wrong-typed body", json([1, "x"]), false));
  } else {
    for (const [i, body] of wrongTypedBodies(schema, context.seed, 4).entries()) {
      probes.push(probe(`wrong-typed body #${i + 1} ${JSON.stringify(body).slice(0, 80)}`, json(body)));
    }
  }
  return probes;
}

// --- methods, paths, queries ----------------------------------------------------------------------------

const METHODS = ["DELETE", "PATCH", "PUT", "POST", "GET"];

export function methodProbes(route: Route, path: string, routes: readonly Route[]): Probe[] {
  const here = new Set(routes.filter((r) => r.url === route.url).map((r) => r.method));
  const missing = METHODS.find((method) => !here.has(method));
  const methods = ["PROPFIND", "TRACE", "OPTIONS", ...(missing === undefined ? [] : [missing])];
  return methods.map((method) => ({ kind: `method ${method}`, method, path, mustRefuse: true }));
}

/** Traversal (plain and percent-encoded), an encoded NUL, a broken escape, bytes that are not UTF-8, 5,000 characters. */
const ODD_SEGMENTS = ["..", "..%2F..%2Fetc%2Fpasswd", "%00", "%E0%A4%A", "%FF%FE", "a".repeat(5_000)];

export function pathProbes(route: Route): Probe[] {
  const params = route.url.includes(":");
  return ODD_SEGMENTS.map((segment) => ({
    kind: `odd path ${segment.slice(0, 24)}`,
    method: route.method,
    path: params ? fillPath(route.url, () => segment) : `${route.url}/${segment}`,
    mustRefuse: true,
  }));
}

const BAD_PAGING = [
  "limit=0",
  "limit=-1",
  "limit=501",
  "limit=abc",
  "limit=1.5",
  "limit=",
  "limit=%00",
  "limit=1&limit=2",
  "limit=99999999999999999999",
  "offset=-1",
  "offset=x",
  "offset=1.5",
];

/** A list that is not paged may ignore paging parameters; two bad ones show it does not fail on them. */
const IGNORED_PAGING = ["limit=abc", "offset=-1"];

export function queryProbes(route: Route, path: string): Probe[] {
  if (route.method !== "GET") return [];
  const paged = isPaged(route);
  return (paged ? BAD_PAGING : IGNORED_PAGING).map((query) => ({
    kind: `query ${query}`,
    method: route.method,
    path: `${path}?${query}`,
    mustRefuse: paged,
  }));
}
