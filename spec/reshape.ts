// Reading and writing through a profile's field maps and word lists (spec/shapes.ts, spec/words.ts). The
// reference's shape is the harness's own: `readShape` turns what a server sent into it (fields from where the
// profile says the server puts them, words into their meanings), `writeShape` turns it into what the server
// expects. The suites read and write through them; the reference platform, served with a profile, does the
// opposite at its HTTP boundary, so it answers in the profile's shapes.
import { getPath, isJsonObject, removePath, setPath } from "./json-path.ts";
import { eventDataShape, type FieldMaps, movableFields, SHAPES, type ShapeName, type ShapeSpec } from "./shapes.ts";
import { meaningOf, ownWords, WORD_LISTS, type WordListName, type WordMaps, type Words, wordFor } from "./words.ts";

/** What of a profile the shapes are read through: overrides only; a field not named stays where it is. */
export interface ShapeMaps {
  fields: FieldMaps;
  words: WordMaps;
}

/** Where a server puts `field` of `shape`. */
export function fieldPath(maps: ShapeMaps, shape: ShapeName, field: string): string {
  return maps.fields[shape]?.[field] ?? field;
}

/** A profile's words for a list: its own where it names a meaning, the reference's word elsewhere. */
export function wordsOf(maps: ShapeMaps, list: WordListName): Words {
  return { ...ownWords(list), ...maps.words[list] };
}

/** The words a server may say for one meaning. */
export function wordsFor(maps: ShapeMaps, list: WordListName, meaning: string): readonly string[] {
  return wordsOf(maps, list)[meaning] ?? [];
}

const spec = (shape: ShapeName): ShapeSpec => SHAPES[shape];

function moved(maps: ShapeMaps, shape: ShapeName): Array<[field: string, path: string]> {
  return movableFields(shape)
    .map((field): [string, string] => [field, fieldPath(maps, shape, field)])
    .filter(([field, path]) => field !== path);
}

/** A server's word read as its meaning; a word no list of the profile holds says so instead of passing. */
function readWord(maps: ShapeMaps, list: WordListName, word: unknown): unknown {
  const words = wordsOf(maps, list);
  const meaning = meaningOf(words, word);
  if (meaning !== undefined) return meaning;
  if (typeof word === "string" && (WORD_LISTS[list].meanings as readonly string[]).includes(word)) {
    return `${word} (a word the profile's words.${list} does not list)`;
  }
  return word;
}

/** What a server sent, in the reference's shape: each field from its profile path, each word as its meaning. */
export function readShape(maps: ShapeMaps, shape: ShapeName, value: unknown): unknown {
  if (!isJsonObject(value)) return value;
  const out = structuredClone(value);
  const moves = moved(maps, shape);
  // Every value is taken before anything is removed, so two fields that swap places both read right.
  const taken = moves.map(([field, path]) => [field, getPath(out, path)] as const);
  for (const [, path] of moves) removePath(out, path);
  // A key under a moved field's own name is not that field on this server.
  for (const [field] of moves) if (!moves.some(([, path]) => path === field)) delete out[field];
  for (const [field, v] of taken) if (v !== undefined) out[field] = v;
  for (const [field, inner] of Object.entries(spec(shape).nested ?? {})) {
    const child = out[field];
    if (inner.each === true) {
      if (Array.isArray(child)) out[field] = child.map((item) => readShape(maps, inner.shape as ShapeName, item));
    } else if (child !== undefined) out[field] = readShape(maps, inner.shape as ShapeName, child);
  }
  for (const [field, list] of Object.entries(spec(shape).words ?? {})) {
    if (field in out) out[field] = readWord(maps, list, out[field]);
  }
  return out;
}

/** The reference's shape written as the profile's server expects it: fields at their paths, meanings as words. */
export function writeShape(maps: ShapeMaps, shape: ShapeName, value: unknown): unknown {
  if (!isJsonObject(value)) return value;
  const out = structuredClone(value);
  for (const [field, list] of Object.entries(spec(shape).words ?? {})) {
    const word = typeof out[field] === "string" ? wordFor(wordsOf(maps, list), out[field]) : undefined;
    if (word !== undefined) out[field] = word;
  }
  for (const [field, inner] of Object.entries(spec(shape).nested ?? {})) {
    const child = out[field];
    if (inner.each === true) {
      if (Array.isArray(child)) out[field] = child.map((item) => writeShape(maps, inner.shape as ShapeName, item));
    } else if (child !== undefined) out[field] = writeShape(maps, inner.shape as ShapeName, child);
  }
  const moves = moved(maps, shape);
  const taken = moves.map(([field]) => [field, out[field]] as const);
  for (const [field] of moves) delete out[field];
  for (const [[, path], [, v]] of moves.map((move, i) => [move, taken[i]!] as const)) {
    if (v !== undefined) setPath(out, path, v);
  }
  return out;
}

/**
 * Where a server puts a field named by its reference path (`transcript.0.at`, as a 422 line names it): each
 * step through the map of the shape it is in. Steps past what the shapes describe are kept as they are.
 */
export function serverPath(maps: ShapeMaps, shape: ShapeName, referencePath: string): string {
  const [field, ...rest] = referencePath.split(".");
  if (field === undefined || field === "") return referencePath;
  const head = movableFields(shape).includes(field) ? fieldPath(maps, shape, field) : field;
  const inner = spec(shape).nested?.[field];
  if (inner === undefined || rest.length === 0) return [head, ...rest].join(".");
  if (inner.each === true) {
    const [index, ...deeper] = rest;
    if (deeper.length === 0) return [head, index].join(".");
    return [head, index, serverPath(maps, inner.shape as ShapeName, deeper.join("."))].join(".");
  }
  return [head, serverPath(maps, inner.shape as ShapeName, rest.join("."))].join(".");
}

export type Direction = "read" | "write";
const through = (direction: Direction) => (direction === "read" ? readShape : writeShape);

/** An operation's shapes (spec/operations.ts `shapes`), and whether its answer is a 2.1 page. */
export interface OperationShapes {
  shapes?: { body?: ShapeName; query?: ShapeName; response?: readonly ShapeName[] };
  paged?: unknown;
}

/** A 2xx answer through the operation's shapes: each item of a page, else the body. */
export function shapeResponse(maps: ShapeMaps, row: OperationShapes, body: unknown, direction: Direction): unknown {
  const names = row.shapes?.response ?? [];
  if (names.length === 0) return body;
  const ordered = direction === "read" ? [...names].reverse() : names;
  const one = (record: unknown) => ordered.reduce((value, name) => through(direction)(maps, name, value), record);
  if (row.paged !== undefined && isJsonObject(body) && Array.isArray(body.items)) {
    return { ...body, items: body.items.map(one) };
  }
  // A list 2.1 does not name as paged may be answered whole, as a bare array of the same rows.
  if (row.paged !== undefined && Array.isArray(body)) return body.map(one);
  return one(body);
}

/** A request body, or query, through the operation's shape. */
export function shapeRequest(
  maps: ShapeMaps,
  row: OperationShapes,
  part: "body" | "query",
  value: unknown,
  direction: Direction,
): unknown {
  const name = row.shapes?.[part];
  return name === undefined ? value : through(direction)(maps, name, value);
}

/** A webhook delivery's body (6.1): the envelope through its map, its data through the record its type carries. */
export function shapeEnvelope(maps: ShapeMaps, body: unknown, direction: Direction): unknown {
  const data = (envelope: unknown) => {
    if (!isJsonObject(envelope) || typeof envelope.type !== "string") return envelope;
    const shape = eventDataShape(envelope.type);
    return shape === undefined ? envelope : { ...envelope, data: through(direction)(maps, shape, envelope.data) };
  };
  if (direction === "read") return data(readShape(maps, "webhook_envelope", body));
  return writeShape(maps, "webhook_envelope", data(body));
}

/** Whether a profile moves or rewords anything at all (the reference's own shapes need no translation). */
export function reshapes(maps: ShapeMaps): boolean {
  const moved = Object.values(maps.fields).some((map) => Object.entries(map ?? {}).some(([f, p]) => f !== p));
  const reworded = Object.entries(maps.words).some(([, words]) =>
    Object.entries(words ?? {}).some(([meaning, said]) => said.length !== 1 || said[0] !== meaning),
  );
  return moved || reworded;
}

/** A stream frame's payload through the shape its stream names for the frame (spec/operations.ts `frames`). */
export function shapeFrame(
  maps: ShapeMaps,
  frames: Readonly<Record<string, ShapeName>> | undefined,
  event: string,
  data: unknown,
  direction: Direction,
): unknown {
  const shape = frames?.[event];
  return shape === undefined ? data : through(direction)(maps, shape, data);
}
