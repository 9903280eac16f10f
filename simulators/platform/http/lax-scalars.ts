// The `lax-scalars` variant: a request body read the way a lax-mode parser reads it (pydantic's lax mode, which
// the `{detail}` error envelope suggests): a number or integer field takes a boolean or a numeric string as the
// number it spells, a boolean field takes 0, 1 and the usual words. 7's 422 is a request that "does not match the
// operation schema", and a lax schema matches these. Values stay refused where they spell nothing (`"ten"`) or the
// wrong thing (`"1.5"` for an integer: coerced to 1.5, then refused as a fraction).
import type { z } from "zod";

const NUMERIC = /^\s*[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?\s*$/;
const TRUE_WORDS = new Set(["1", "on", "t", "true", "y", "yes"]);
const FALSE_WORDS = new Set(["0", "off", "f", "false", "n", "no"]);

type Issue = z.core.$ZodIssue;

/** What a lax parser reads `value` as where the schema `expected` a number or a boolean; undefined: nothing. */
function laxValue(expected: string, value: unknown): unknown {
  if (expected === "number") {
    if (typeof value === "boolean") return value ? 1 : 0;
    if (typeof value === "string" && NUMERIC.test(value)) return Number(value);
  }
  if (expected === "boolean") {
    if (value === 0 || value === 1) return value === 1;
    if (typeof value === "string" && TRUE_WORDS.has(value.toLowerCase())) return true;
    if (typeof value === "string" && FALSE_WORDS.has(value.toLowerCase())) return false;
  }
  return undefined;
}

/** The wrong-type issues, union branches included, each with its path from the body's root. */
function typeIssues(
  issues: readonly Issue[],
  prefix: PropertyKey[] = [],
): Array<{ path: PropertyKey[]; expected: string }> {
  return issues.flatMap((issue) => {
    const path = [...prefix, ...issue.path];
    if (issue.code === "invalid_type") return [{ path, expected: String(issue.expected) }];
    if (issue.code === "invalid_union") return issue.errors.flatMap((branch) => typeIssues(branch, path));
    return [];
  });
}

/** `body` with every wrong-typed scalar a lax parser would read replaced by what it reads, or undefined: none. */
export function laxCoerced(body: unknown, issues: readonly Issue[]): unknown {
  const copy = structuredClone(body);
  let changed = false;
  for (const { path, expected } of typeIssues(issues)) {
    if (path.length === 0) continue;
    let node = copy as Record<PropertyKey, unknown> | undefined;
    for (const key of path.slice(0, -1)) node = node?.[key] as Record<PropertyKey, unknown> | undefined;
    const last = path.at(-1)!;
    if (node === undefined || typeof node !== "object" || node === null) continue;
    const read = laxValue(expected, node[last]);
    if (read === undefined) continue;
    node[last] = read;
    changed = true;
  }
  return changed ? copy : undefined;
}
