// Reading paged lists (2.1): what the paging checks need to know of a list, and reading one whole.

import { call } from "../../runner/client/http-client.ts";
import { type Need, unmet } from "../../runner/framework/check.ts";
import { OPERATIONS, type OperationName, type PageOrder } from "../../spec/operations.ts";
import { callOp, opPath } from "./profile.ts";

export interface PagedEndpoint {
  name: string;
  /** Path of the list, with any path parameters already filled. */
  path: () => Promise<string>;
  /** The page size ceiling and the order, from the operations table. */
  ceiling: 200 | 500;
  order: PageOrder;
  /** Adds one row to the list (tracked for cleanup). */
  addRow: () => Promise<void>;
  /** Rows are added one after another, not at once (each waits for what the one before started). */
  rowsOneAtATime?: boolean;
  /**
   * What its path and rows need made once that adds rows to other lists (an agent, a number to call from): made
   * for every list checked before any list is (setUpLists), so it moves no list under a check.
   */
  setUp?: () => Promise<unknown>;
  /** Other lists (by name) its rows add rows to: their checks never run beside this list's. */
  alsoMoves?: string[];
  needs?: Need[];
  /**
   * Why the list may be answered whole instead of as a page (2.1 does not name it among the paged lists): a
   * server that answers it so has its paging checks skipped, not failed.
   */
  mayBeWhole?: string;
}

type PagedOperation = {
  [K in OperationName]: (typeof OPERATIONS)[K] extends { paged: object } ? K : never;
}[OperationName];

/** A paged list's page size ceiling (8), from its row. */
export const ceilingOf = (operation: PagedOperation): 200 | 500 => OPERATIONS[operation].paged.ceiling;

type ListOf = Omit<PagedEndpoint, "ceiling" | "order" | "path"> & {
  /** The path parameters of the list's operation, made when the list is first read. */
  params?: () => Promise<Record<string, string>>;
  /** Query parameters the list is always read with (a filter the operation names), so it holds only this run's rows. */
  filter?: () => Record<string, string>;
};

/**
 * A paged list the paging checks run over: the operation it reads (its path, ceiling and order from the table,
 * or the path from the profile where the spec does not show it).
 */
export function pagedList(operation: PagedOperation, list: ListOf): PagedEndpoint {
  const { ceiling, order } = OPERATIONS[operation].paged;
  const { params, filter, ...rest } = list;
  const path = async () => {
    const filled = opPath(operation, (await params?.()) ?? {});
    const query = filter?.();
    return query === undefined ? filled : `${filled}?${new URLSearchParams(query)}`;
  };
  return { ...rest, ceiling, order, path };
}

/**
 * The lists in groups whose checks may run beside each other's: lists that add rows to one another (alsoMoves,
 * either way) are in one group, since a list that moves under a check is not the list it judges.
 */
export function independentGroups(lists: PagedEndpoint[]): PagedEndpoint[][] {
  const groupOf = new Map(lists.map((list) => [list.name, [list]]));
  for (const list of lists) {
    for (const other of list.alsoMoves ?? []) {
      const mine = groupOf.get(list.name)!;
      const theirs = groupOf.get(other);
      if (theirs === undefined || theirs === mine) continue;
      mine.push(...theirs);
      for (const moved of theirs) groupOf.set(moved.name, mine);
    }
  }
  const groups = [...new Set(groupOf.values())];
  // In the lists' own order, so a run's order of checks stays the same.
  return groups
    .map((group) => lists.filter((list) => group.includes(list)))
    .sort((a, b) => lists.indexOf(a[0]!) - lists.indexOf(b[0]!));
}

const setUps = new Map<string, Promise<unknown>>();

/** A list's set-up, made once; a failure is the list's own (its checks answer it), never its neighbours'. */
export function setUpOf(list: PagedEndpoint): Promise<unknown> {
  let made = setUps.get(list.name);
  if (made === undefined) {
    made = list.setUp?.() ?? Promise.resolve();
    setUps.set(list.name, made);
  }
  return made;
}

/** Makes the set-ups of the lists this target can check, all at once. */
export async function setUpLists(lists: PagedEndpoint[]): Promise<void> {
  await Promise.allSettled(lists.filter((list) => unmet(list.needs ?? []) === undefined).map(setUpOf));
}

/** Reads the whole list through pages of the ceiling size (a sanity bound stops a server that never ends). */
export async function readAll(path: string, ceiling: number): Promise<Array<{ id?: string }>> {
  const rows: Array<{ id?: string }> = [];
  for (let offset = 0; offset < 100_000; offset += ceiling) {
    const response = await call(path, { query: { limit: ceiling, offset } });
    const page = response.json as { items?: Array<{ id?: string }>; has_more?: boolean };
    if (response.status !== 200 || !Array.isArray(page?.items)) {
      throw new Error(`reading ${path} at offset ${offset} answered ${response.status}`);
    }
    rows.push(...page.items);
    if (page.has_more !== true) return rows;
  }
  throw new Error(`${path} never ended (has_more stayed true past 100000 rows)`);
}

/**
 * Every row of an operation's list, page by page at its ceiling, read through the profile (callOp): for checks
 * that read the rows' fields, not only their ids.
 */
export async function readAllOf(
  operation: PagedOperation,
  params: Record<string, string> = {},
): Promise<Array<Record<string, unknown>>> {
  const ceiling = ceilingOf(operation);
  const rows: Array<Record<string, unknown>> = [];
  for (let offset = 0; offset < 100_000; offset += ceiling) {
    const response = await callOp(operation, params, { query: { limit: ceiling, offset } });
    const page = response.json as { items?: Array<Record<string, unknown>>; has_more?: boolean };
    if (response.status !== 200 || !Array.isArray(page?.items)) {
      throw new Error(`reading ${operation} at offset ${offset} answered ${response.status}`);
    }
    rows.push(...page.items);
    if (page.has_more !== true) return rows;
  }
  throw new Error(`${operation} never ended (has_more stayed true past 100000 rows)`);
}

/** A row's identity for comparisons: its id, or the whole row when it has none. */
export function rowKey(row: unknown): string {
  const id = (row as { id?: unknown } | null)?.id;
  return typeof id === "string" ? id : JSON.stringify(row);
}
