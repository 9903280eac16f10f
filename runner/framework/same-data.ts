// Comparing what two channels of one server say of the same thing (a webhook payload and the API's record, a
// stream frame and the items list). 2.2 gives timestamps as "ISO 8601 timestamp": `Z` and `+00:00`, or
// `.123Z` and `.123000Z`, are one instant, and a layer that writes whole seconds says the same instant to its
// precision. Strings are otherwise compared exactly.

const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.(\d+))?(Z|[+-]\d{2}:\d{2})$/i;

/** Milliseconds and the number of fractional digits written, or undefined when `value` is no timestamp. */
function instant(value: string): { ms: number; digits: number } | undefined {
  const match = ISO.exec(value);
  if (match === null) return undefined;
  const ms = Date.parse(value);
  return Number.isNaN(ms) ? undefined : { ms, digits: match[2]?.length ?? 0 };
}

/** Two timestamps name the same instant, to the precision the coarser of them is written in. */
export function sameInstant(a: string, b: string): boolean {
  const x = instant(a);
  const y = instant(b);
  if (x === undefined || y === undefined) return false;
  const unit = 10 ** (3 - Math.min(3, x.digits, y.digits));
  return Math.floor(x.ms / unit) === Math.floor(y.ms / unit);
}

/** Deep equality in which timestamps are compared as instants. */
export function sameData(a: unknown, b: unknown): boolean {
  if (typeof a === "string" && typeof b === "string") return a === b || sameInstant(a, b);
  if (Array.isArray(a) || Array.isArray(b)) {
    if (!Array.isArray(a) || !Array.isArray(b) || a.length !== b.length) return false;
    return a.every((item, i) => sameData(item, b[i]));
  }
  if (isObject(a) && isObject(b)) {
    const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
    return [...keys].every((key) => sameData(a[key], b[key]));
  }
  return Object.is(a, b);
}

/**
 * The fields two records share, and where they differ (timestamps compared as instants): what "agrees" can
 * ask of a payload and a record whose other fields each may carry alone.
 */
export function disagreements(a: Record<string, unknown>, b: Record<string, unknown>): string[] {
  return Object.keys(a)
    .filter((key) => Object.hasOwn(b, key) && !sameData(a[key], b[key]))
    .map((key) => `${key}: ${JSON.stringify(a[key])?.slice(0, 200)} vs ${JSON.stringify(b[key])?.slice(0, 200)}`);
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
