// How the legal variants write a JSON body (simulators/platform/variants): what a record holds, how
// timestamps are formatted, key order, layout and escapes. Pure functions over the parsed body, so the
// reply hook (variant-replies.ts), the stream writer and the webhook pipeline share them.
import type { VariantName, VariantSet } from "../variants/index.ts";

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type JsonObject = { [key: string]: Json };

/** The field `extra-fields` adds to every record: constant, so a record reads the same wherever it is seen. */
export const VENDOR_EXTENSION = { vendor_extension: { source: "reference-variant", revision: 3 } } as const;

const isObject = (value: unknown): value is JsonObject =>
  typeof value === "object" && value !== null && !Array.isArray(value);

const ISO_UTC = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2})(\.\d+)?Z$/;

export interface TimestampStyle {
  /** Minutes east of UTC the time is written at. */
  offsetMinutes: number;
  /** `+00:00` rather than `Z` for offset 0. */
  numericZero: boolean;
  /** Fractional digits: 0, 3 (the reference) or 6. */
  digits: 0 | 3 | 6;
}

const OFFSET_VARIANTS: Partial<Record<VariantName, Pick<TimestampStyle, "offsetMinutes" | "numericZero">>> = {
  "timestamps-plus-offset": { offsetMinutes: 0, numericZero: true },
  "timestamps-east-offset": { offsetMinutes: 330, numericZero: true },
  "timestamps-west-offset": { offsetMinutes: -480, numericZero: true },
};

/** The API's timestamp style under these variants, or undefined for the reference's own. */
export function apiTimestampStyle(variants: VariantSet): TimestampStyle | undefined {
  const offset = variants
    .list()
    .map((name) => OFFSET_VARIANTS[name])
    .find((style) => style !== undefined);
  const digits = variants.has("timestamps-no-fraction") ? 0 : variants.has("timestamps-microseconds") ? 6 : 3;
  if (offset === undefined && digits === 3) return undefined;
  return { offsetMinutes: 0, numericZero: false, ...offset, digits };
}

/** One `...Z` timestamp written in `style`: the same instant (to the style's precision). */
export function formatTimestamp(iso: string, style: TimestampStyle): string {
  const match = ISO_UTC.exec(iso);
  if (match === null) return iso;
  const ms = Date.parse(iso);
  const shifted = new Date(ms + style.offsetMinutes * 60_000).toISOString();
  const seconds = shifted.slice(0, 19);
  const fraction = style.digits === 0 ? "" : `.${shifted.slice(20, 23)}${style.digits === 6 ? "000" : ""}`;
  if (style.offsetMinutes === 0 && !style.numericZero) return `${seconds}${fraction}Z`;
  const sign = style.offsetMinutes < 0 ? "-" : "+";
  const abs = Math.abs(style.offsetMinutes);
  const hh = String(Math.floor(abs / 60)).padStart(2, "0");
  const mm = String(abs % 60).padStart(2, "0");
  return `${seconds}${fraction}${sign}${hh}:${mm}`;
}

/** Every string of `value` that is a whole `...Z` timestamp, rewritten in `style`. */
export function restyleTimestamps(value: Json, style: TimestampStyle): Json {
  if (typeof value === "string") return ISO_UTC.test(value) ? formatTimestamp(value, style) : value;
  if (Array.isArray(value)) return value.map((item) => restyleTimestamps(item, style));
  if (isObject(value)) {
    return Object.fromEntries(Object.entries(value).map(([key, child]) => [key, restyleTimestamps(child, style)]));
  }
  return value;
}

function reverseKeys(value: Json): Json {
  if (Array.isArray(value)) return value.map(reverseKeys);
  if (isObject(value))
    return Object.fromEntries(
      Object.entries(value)
        .reverse()
        .map(([k, v]) => [k, reverseKeys(v)]),
    );
  return value;
}

/** A page (2.1) or a gallery page: its envelope's keys are fixed, its items are records. */
function isPage(body: JsonObject): boolean {
  return Array.isArray(body.items) && "has_more" in body;
}

/**
 * `page-envelope-open`: a page carries keys beside its four (2.1 says they are "always present" and that there
 * is no total and no cursor, not that there is nothing else): the kind of object and the list's path.
 */
export function openPage(body: Json, url: string): Json {
  if (!isObject(body) || !isPage(body)) return body;
  return { object: "list", url: url.split("?")[0]!, ...body };
}

/** 7: the error envelope. */
function isErrorEnvelope(body: JsonObject): boolean {
  return Object.keys(body).length === 1 && isObject(body.detail);
}

/** Applies `shape` to every record of a body: its items when it is a page or a list, else the body itself. */
function eachRecord(body: Json, shape: (record: JsonObject) => JsonObject): Json {
  if (Array.isArray(body)) return body.map((item) => (isObject(item) ? shape(item) : item));
  if (!isObject(body) || isErrorEnvelope(body)) return body;
  if (isPage(body)) {
    return { ...body, items: (body.items as Json[]).map((item) => (isObject(item) ? shape(item) : item)) };
  }
  return shape(body);
}

/** The kind of record a route answers, for the variants that change one kind. */
export type RecordKind = "agent" | "tool" | "task" | "webhook" | "other";

export function recordKindOf(routeUrl: string | undefined): RecordKind {
  if (routeUrl === undefined) return "other";
  if (/^\/v1\/agents(\/:agent_id(\/publish)?)?$/.test(routeUrl)) return "agent";
  if (/^\/v1\/tools(\/:tool_id(\/publish)?)?$/.test(routeUrl)) return "tool";
  if (/^\/v1\/tasks(\/:task_id)?$/.test(routeUrl)) return "task";
  if (/^\/v1\/webhooks(\/:webhook_id(\/rotate-secret|\/deliveries)?)?$/.test(routeUrl)) return "webhook";
  return "other";
}

const OPERATION_DEFAULTS = { background_execution: false, on_error: "abort", publish_fields: [], silent: false };
const TOOL_DEFAULTS = { disable_interruptions: false, long_running_task: false, silent: false };
const AGENT_DEFAULTS = {
  analysis: { enabled: false },
  background_audio: { enabled: false },
  noise_cancellation: { enabled: false },
  vision_input: { screenshare: { enabled: false, record: false } },
};

function toolWithDefaults(config: Json): Json {
  if (!isObject(config)) return config;
  const operations = Array.isArray(config.operations)
    ? config.operations.map((op) => (isObject(op) ? { ...OPERATION_DEFAULTS, ...op } : op))
    : config.operations;
  return { ...TOOL_DEFAULTS, ...config, ...(operations === undefined ? {} : { operations }) };
}

function agentWithDefaults(config: Json): Json {
  return isObject(config) ? { ...AGENT_DEFAULTS, ...config } : config;
}

/** The draft and published configs of an agent or tool record, each passed through `fill`. */
function withConfigs(record: JsonObject, fill: (config: Json) => Json): JsonObject {
  const out = { ...record };
  if ("config" in out) out.config = fill(out.config!);
  if (isObject(out.published_config)) out.published_config = fill(out.published_config);
  return out;
}

const withoutNulls = (record: JsonObject): JsonObject =>
  Object.fromEntries(Object.entries(record).filter(([, value]) => value !== null));

function minimal(record: JsonObject): JsonObject {
  return Object.fromEntries(
    Object.entries(record).filter(([key, value]) => value !== null && key !== "created_at" && key !== "updated_at"),
  );
}

/** What the record variants make of a JSON body the route `routeUrl` answered (2xx only). */
export function shapeRecords(body: Json, variants: VariantSet, routeUrl: string | undefined): Json {
  const kind = recordKindOf(routeUrl);
  let shaped = body;
  if (kind === "tool" && variants.has("tool-defaults-on-read")) {
    shaped = eachRecord(shaped, (record) => withConfigs(record, toolWithDefaults));
  }
  if (kind === "agent" && variants.has("agent-defaults-on-read")) {
    shaped = eachRecord(shaped, (record) => withConfigs(record, agentWithDefaults));
  }
  if (kind !== "other" && kind !== "webhook" && variants.has("records-minimal")) shaped = eachRecord(shaped, minimal);
  if (kind === "webhook" && variants.has("webhook-nulls-omitted")) shaped = eachRecord(shaped, withoutNulls);
  if (variants.has("extra-fields")) shaped = eachRecord(shaped, (record) => ({ ...record, ...VENDOR_EXTENSION }));
  return shaped;
}

/** The body as text: timestamps restyled, keys ordered, laid out and escaped as the variants say. */
export function writeJson(body: Json, variants: VariantSet): string {
  const style = apiTimestampStyle(variants);
  let value = style === undefined ? body : restyleTimestamps(body, style);
  if (variants.has("json-keys-reversed")) value = reverseKeys(value);
  let text = variants.has("json-pretty") ? JSON.stringify(value, null, 2) : JSON.stringify(value);
  if (variants.has("json-unicode-escaped")) {
    // Outside strings JSON holds neither non-ASCII nor `/`, so escaping every one is escaping within strings.
    text = text
      .replace(/[\u007f-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`)
      .replaceAll("/", "\\/");
  }
  return text;
}

export type { Json, JsonObject };
