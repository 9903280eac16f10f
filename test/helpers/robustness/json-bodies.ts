// Malformed JSON bodies: not JSON, not UTF-8, nested too deep, too large, of the wrong types (generated
// from the route's zod schema), with unknown fields, under the wrong Content-Type.
import fc from "fast-check";
import { z } from "zod";
import { MAX_JSON_DEPTH } from "../../../simulators/shared/json-body.ts";
import type { Payload } from "./client.ts";
import { MARKER, type Probe, type Route, readsBody } from "./probe.ts";

/** The property the "prototype names" input tries to plant on every object; it must never appear. */
export const POLLUTED = "zz_robustness_polluted";

export const json = (value: unknown): Payload => ({ bytes: JSON.stringify(value), type: "application/json" });
export const raw = (bytes: string | Buffer): Payload => ({ bytes, type: "application/json" });
const typed = (bytes: string, type: string | undefined): Payload => ({ bytes, type });

const nested = (depth: number) => `{"a":${"[".repeat(depth - 1)}${"]".repeat(depth - 1)}}`;
/** The audit's body: a tool whose json_schema nests 20,000 objects (~100 KB, under the size limit). */
const auditDeepTool = `{"name":"deep","description":"x","json_schema":${'{"a":'.repeat(20_000)}1${"}".repeat(20_000)}}`;

const oversizedBodies = new Map<number, Buffer>();
/** Valid JSON one byte over `limit` (built once: a megabyte per route adds up). */
export function oversized(limit: number): Buffer {
  let body = oversizedBodies.get(limit);
  if (body === undefined) {
    body = Buffer.from(`{"name":"${"x".repeat(limit - 10)}"}`);
    oversizedBodies.set(limit, body);
  }
  return body;
}

/** Invalid UTF-8, inside a string and outside one: overlong, lone continuation, truncated, surrogate, 0xFF. */
export const BAD_UTF8 = [
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
  /** The largest body the server accepts. */
  bodyLimit: number;
  validBody: Record<string, unknown> | undefined;
  /** The route's body schema; undefined when it names none. */
  schema: z.ZodType | undefined;
  /** False for a route that takes any bytes (a webhook receiver): nothing is then malformed. */
  refuses?: boolean;
}

export function jsonBodyProbes(route: Route, path: string, context: BodyContext): Probe[] {
  const refuse = readsBody(route.method) && context.refuses !== false;
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
    // Over the limit is refused even where any bytes are welcome.
    probe("over the size limit", raw(oversized(context.bodyLimit)), readsBody(route.method)),
    probe("wrong Content-Type (text/plain)", typed('{"name":"x"}', "text/plain")),
    probe("wrong Content-Type (form)", typed("name=x", "application/x-www-form-urlencoded")),
    probe("wrong Content-Type (multipart)", typed("--b\r\n\r\nx\r\n--b--", "multipart/form-data; boundary=b")),
    probe("no Content-Type", typed('{"name":"x"}', undefined)),
    // Read as JSON or refused, either way no 5xx: fastify matches the media type, not its parameters.
    probe("Content-Type with odd parameters", typed('{"name":"x"}', 'application/json; charset=latin1; x="'), false),
    probe("Content-Type in capitals", typed('{"name":"x"}', "APPLICATION/JSON"), false),
    probe("an empty body", raw(""), false),
    // Names every object has: a handler that copies or looks up fields must not read them as given.
    probe(
      "prototype names",
      raw(`{"__proto__":{"${POLLUTED}":1},"constructor":{"prototype":{"${POLLUTED}":1}},"toString":1}`),
      false,
    ),
    // Whether unknown fields are refused is not said (4); they must never be stored, checked afterwards.
    probe("unknown fields", json({ ...context.validBody, [MARKER]: "must not be stored" }), false),
  ];
  if (context.schema === undefined) {
    // The route names no body: a root array is not what it expects, but it may rightly ignore it.
    probes.push(probe("wrong-typed body", json([1, "x"]), false));
  } else {
    // Always, whatever the seed draws: `null` is a body, not the absence of one.
    probes.push(probe("a JSON null body", raw("null")));
    for (const [i, body] of wrongTypedBodies(context.schema, context.seed, 4).entries()) {
      probes.push(probe(`wrong-typed body #${i + 1} ${JSON.stringify(body).slice(0, 80)}`, json(body)));
    }
  }
  return probes;
}
