// Reading paged lists (2.1): what the paging checks need to know of a list, and reading one whole.
import type { Need } from "../../runner/check.ts";
import { call } from "../../runner/http-client.ts";
import { OPERATIONS, type OperationName, type PageOrder } from "../../spec/operations.ts";

export interface PagedEndpoint {
  name: string;
  /** Path of the list, with any path parameters already filled. */
  path: () => Promise<string>;
  /** The page size ceiling and the order, from the operations table. */
  ceiling: 200 | 500;
  order: PageOrder;
  /** Adds one row to the list (tracked for cleanup). */
  addRow: () => Promise<void>;
  needs?: Need[];
}

type PagedOperation = {
  [K in OperationName]: (typeof OPERATIONS)[K] extends { paged: object } ? K : never;
}[OperationName];

/** A paged list the paging checks run over: the operation it reads, with its ceiling and order from the table. */
export function pagedList(operation: PagedOperation, list: Omit<PagedEndpoint, "ceiling" | "order">): PagedEndpoint {
  const { ceiling, order } = OPERATIONS[operation].paged;
  return { ...list, ceiling, order };
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

/** A row's identity for comparisons: its id, or the whole row when it has none. */
export function rowKey(row: unknown): string {
  const id = (row as { id?: unknown } | null)?.id;
  return typeof id === "string" ? id : JSON.stringify(row);
}
