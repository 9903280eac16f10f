// Judges a paged read against the whole list only while the list holds still. A server may edit rows
// on its own between two reads (a call's status change moves it to the front of a newest-first list);
// that is not a paging fault, so the comparison is retried on a list that did not move.
import { type ApiResponse, call } from "../../runner/client/http-client.ts";
import { readAll, rowKey } from "./pages.ts";

const ATTEMPTS = 5;

/** The last whole read of a list, handed from one judge to the next (onStillListAcrossRuns). */
interface LastRead {
  rows?: string[];
}

/**
 * Runs `judge` with the list's row keys, then reads the list again: an error counts only when the list
 * held still meanwhile. With `judgeAdds`, rows the judge itself inserted may appear, as long as the rows
 * present before keep their order.
 */
export async function onStillList(
  path: string,
  ceiling: number,
  judge: (whole: string[]) => Promise<void>,
  judgeAdds = false,
  last: LastRead = {},
): Promise<void> {
  let moved = "";
  for (let attempt = 1; attempt <= ATTEMPTS; attempt++) {
    const before = last.rows ?? (await readAll(path, ceiling)).map(rowKey);
    let failure: unknown;
    try {
      await judge(before);
    } catch (error) {
      failure = error;
    }
    const after = (await readAll(path, ceiling)).map(rowKey);
    last.rows = after;
    const held = judgeAdds ? sameOrder(before, after) : before.join("\n") === after.join("\n");
    if (held) {
      if (failure !== undefined) throw failure;
      return;
    }
    moved = `${before.length} rows before, ${after.length} after`;
  }
  throw new Error(`${path} never held still over ${ATTEMPTS} attempts (${moved}): the server kept editing rows`);
}

/**
 * onStillList for the runs of one property: the read that closes one run's judge opens the next run's, so
 * a run costs one whole read, not two (a list that moved in between is caught by the next read after).
 */
export function onStillListAcrossRuns(): (
  path: string,
  ceiling: number,
  judge: (whole: string[]) => Promise<void>,
) => Promise<void> {
  const last: LastRead = {};
  return (path, ceiling, judge) => onStillList(path, ceiling, judge, false, last);
}

/** Whether the rows present before keep their relative order after (rows the judge added are ignored). */
export function sameOrder(before: string[], after: string[]): boolean {
  const known = new Set(before);
  const kept = after.filter((key) => known.has(key));
  return kept.length === before.length && kept.every((key, i) => key === before[i]);
}

/** One page of a list: its limit and offset. */
export interface PageQuery {
  limit: number;
  offset: number;
}

/** Pages of a list asked for while it held still, and its rows then (pagesWhileStill). */
export interface PagesAhead {
  whole: string[];
  /** The answer to the page, or undefined when it was not asked (or not answered). */
  page: (limit: number, offset: number) => ApiResponse | undefined;
}

/**
 * Asks for the pages `pagesOf` names, side by side, between two whole reads of the list (issue 16: the runs
 * of a property cost a few round trips, not one each). Undefined when the list moved meanwhile or a read
 * failed: the runs then make their own reads, onStillList's way, and meet any failure themselves.
 */
export async function pagesWhileStill(
  path: string,
  ceiling: number,
  pagesOf: (whole: string[]) => PageQuery[],
): Promise<PagesAhead | undefined> {
  const keyOf = (limit: number, offset: number) => `${limit}:${offset}`;
  try {
    const before = (await readAll(path, ceiling)).map(rowKey);
    const queries = new Map(pagesOf(before).map((query) => [keyOf(query.limit, query.offset), query]));
    const answers = new Map<string, ApiResponse>();
    await Promise.all(
      [...queries].map(async ([key, query]) => {
        answers.set(key, await call(path, { query: { ...query } }));
      }),
    );
    const after = (await readAll(path, ceiling)).map(rowKey);
    if (before.join("\n") !== after.join("\n")) return undefined;
    return { whole: before, page: (limit, offset) => answers.get(keyOf(limit, offset)) };
  } catch {
    return undefined;
  }
}
