// The rows of a list answer whose envelope 2.1 does not fix: a list 2.1 does not name as paged (the secret and
// provider-key lists: 4.1 shows neither's path or shape) may be answered as a page, a bare array, or an object
// holding one array (the whole list under a key of the server's choosing). The checks and the sweep read it so.

type Row = Record<string, unknown>;

/** The rows of one answer and whether a page said more follow; undefined when it holds no list of rows. */
export function rowsOfAnswer(body: unknown): { rows: Row[]; more: boolean; paged: boolean } | undefined {
  if (Array.isArray(body)) return { rows: body as Row[], more: false, paged: false };
  if (typeof body !== "object" || body === null) return undefined;
  const { items, has_more } = body as { items?: unknown; has_more?: unknown };
  if (Array.isArray(items)) return { rows: items as Row[], more: has_more === true, paged: true };
  const arrays = Object.values(body).filter(Array.isArray);
  return arrays.length === 1 ? { rows: arrays[0] as Row[], more: false, paged: false } : undefined;
}
