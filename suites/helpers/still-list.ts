// Judges a paged read against the whole list only while the list holds still. A server may edit rows
// on its own between two reads (a call's status change moves it to the front of a newest-first list);
// that is not a paging fault, so the comparison is retried on a list that did not move.
import { readAll, rowKey } from "./pages.ts";

const ATTEMPTS = 5;

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
): Promise<void> {
  let moved = "";
  for (let attempt = 1; attempt <= ATTEMPTS; attempt++) {
    const before = (await readAll(path, ceiling)).map(rowKey);
    let failure: unknown;
    try {
      await judge(before);
    } catch (error) {
      failure = error;
    }
    const after = (await readAll(path, ceiling)).map(rowKey);
    const held = judgeAdds ? sameOrder(before, after) : before.join("\n") === after.join("\n");
    if (held) {
      if (failure !== undefined) throw failure;
      return;
    }
    moved = `${before.length} rows before, ${after.length} after`;
  }
  throw new Error(`${path} never held still over ${ATTEMPTS} attempts (${moved}): the server kept editing rows`);
}

/** Whether the rows present before keep their relative order after (rows the judge added are ignored). */
export function sameOrder(before: string[], after: string[]): boolean {
  const known = new Set(before);
  const kept = after.filter((key) => known.has(key));
  return kept.length === before.length && kept.every((key, i) => key === before[i]);
}
