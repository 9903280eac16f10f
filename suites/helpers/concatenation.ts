// 2.1 "Consecutive pages concatenate to the whole list without gaps or duplicates": following has_more from
// offset 0, over a list's two ends when it is long.
import { expect } from "vitest";
import { rowKey } from "./pages.ts";

export interface Page {
  items: unknown[];
  has_more: boolean;
}

/**
 * Rows at each end of a long list whose pages are followed. The lists the spec gives no delete for
 * (conversations, calls) grow with every run against a long-lived target (40 conversations a run on the
 * reference); reading all their pages of one to eight rows would make the check grow with them. A gap at either end, where offsets
 * start and where they run out, is still found; one in the middle of a list of more than twice this is not.
 */
export const END_ROWS = 60;

/** The offsets of the pages of `limit` rows a list of `rows` rows takes (the last one empty when it divides),
 * of a long list only those over its first and its last END_ROWS rows. */
export function offsetsOf(limit: number, rows: number): number[] {
  const offsets = Array.from({ length: Math.floor(rows / limit) + 1 }, (_, i) => i * limit);
  if (rows <= 2 * END_ROWS) return offsets;
  return offsets.filter((offset) => offset < END_ROWS || offset + limit > rows - END_ROWS);
}

/**
 * Follows has_more from offset 0 through `page` and requires the pages' rows to be the whole list, in order;
 * of a long list, the pages of offsetsOf, the middle ones left out of both the walk and the whole.
 */
export async function concatenates(
  whole: string[],
  limit: number,
  page: (offset: number) => Promise<Page>,
): Promise<void> {
  const planned = offsetsOf(limit, whole.length);
  // Of a long list, the one jump in the planned offsets: from the first page past the head to the tail's first.
  const at = planned.findIndex((offset, i) => i > 0 && offset - planned[i - 1]! > limit);
  const skipped = at < 0 ? undefined : { from: planned[at - 1]! + limit, to: planned[at]! };
  const seen: string[] = [];
  for (let offset = 0; ; ) {
    const current = await page(offset);
    seen.push(...current.items.map(rowKey));
    if (!current.has_more) break;
    expect(offset, "pages never end").toBeLessThan(whole.length + limit);
    offset += limit;
    if (offset === skipped?.from) offset = skipped.to;
  }
  const expected = skipped === undefined ? whole : [...whole.slice(0, skipped.from), ...whole.slice(skipped.to)];
  const middle =
    skipped === undefined ? "" : ` (rows ${skipped.from} to ${skipped.to - 1} of ${whole.length} not read)`;
  expect(seen, `pages of ${limit}${middle}`).toEqual(expected);
}
