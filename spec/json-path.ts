// Dotted paths into a parsed JSON object (`call.status`): where a profile's field map says a server puts a
// field. Objects only, no array indexes: a field map names where a field lives in one record.
import { z } from "zod";

type JsonObject = Record<string, unknown>;

/** A dotted path of object keys: `status`, `call.status`. */
export const DottedPath = z
  .string()
  .regex(/^[A-Za-z_$][\w$-]*(\.[A-Za-z_$][\w$-]*)*$/, "must be a dotted path of object keys, such as call.status");

export const isJsonObject = (value: unknown): value is JsonObject =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** The value at `path`, or undefined when a step is missing or not an object. */
export function getPath(root: JsonObject, path: string): unknown {
  let at: unknown = root;
  for (const key of path.split(".")) {
    if (!isJsonObject(at) || !Object.hasOwn(at, key)) return undefined;
    at = at[key];
  }
  return at;
}

/** Sets `path`, making the objects on the way (a step that is not an object is replaced by one). */
export function setPath(root: JsonObject, path: string, value: unknown): void {
  const keys = path.split(".");
  let at = root;
  for (const key of keys.slice(0, -1)) {
    if (!isJsonObject(at[key])) at[key] = {};
    at = at[key] as JsonObject;
  }
  at[keys.at(-1)!] = value;
}

/** Removes `path`, and the objects on the way that it leaves empty. */
export function removePath(root: JsonObject, path: string): void {
  const keys = path.split(".");
  const trail: JsonObject[] = [root];
  for (const key of keys.slice(0, -1)) {
    const next = trail.at(-1)![key];
    if (!isJsonObject(next)) return;
    trail.push(next);
  }
  delete trail.at(-1)![keys.at(-1)!];
  for (let i = trail.length - 1; i > 0; i--) {
    if (Object.keys(trail[i]!).length > 0) break;
    delete trail[i - 1]![keys[i - 1]!];
  }
}

/** Whether one path is the other or lies inside it (`call` and `call.status`): two such cannot both hold a field. */
export function pathsOverlap(a: string, b: string): boolean {
  return a === b || a.startsWith(`${b}.`) || b.startsWith(`${a}.`);
}
