// 2.1: read limit+1 rows, trim the extra one, has_more is whether it came back.
import { type PagingQuery, pagingQuery } from "../../../spec/common.ts";
import type { PlatformContext } from "../context.ts";
import { parse } from "./parse.ts";

export interface Page<T> {
  items: T[];
  has_more: boolean;
  limit: number;
  offset: number;
}

const QUERIES = { 200: pagingQuery(200), 500: pagingQuery(500) } as const;

export function parsePaging(ctx: PlatformContext, query: unknown, ceiling: 200 | 500 = 200): PagingQuery {
  const raw = { ...(query as Record<string, unknown>) };
  if (ctx.faults.has("limit-clamped") && Number(raw.limit) > ceiling) raw.limit = String(ceiling);
  if (ctx.faults.has("negative-offset-accepted") && Number(raw.offset) < 0) raw.offset = "0";
  if (ctx.faults.has("default-limit-50") && raw.limit === undefined) raw.limit = "50";
  // The planted bug reads limit with parseInt, which takes the digits before a `.` and drops the rest.
  if (ctx.faults.has("limit-parse-int") && typeof raw.limit === "string" && /^\d/.test(raw.limit)) {
    raw.limit = String(Number.parseInt(raw.limit, 10));
  }
  // A legal variant: 8 gives the default 200 "on most endpoints"; the two 500-ceiling lists default to 500.
  if (ctx.variants.has("default-limit-500-on-500-lists") && ceiling === 500 && raw.limit === undefined)
    raw.limit = "500";
  return parse(ctx, QUERIES[ceiling], raw, "query");
}

/** `rows` must already be in the list's order; only the limit+1 window is read. */
export function pageOf<T>(ctx: PlatformContext, rows: readonly T[], paging: PagingQuery): Page<T> {
  const start = ctx.faults.has("offset-skips-one") && paging.offset > 0 ? paging.offset + 1 : paging.offset;
  const window = rows.slice(start, start + paging.limit + 1);
  const items = window.slice(0, paging.limit);
  const has_more = ctx.faults.has("has-more-without-extra-row")
    ? items.length === paging.limit
    : window.length > paging.limit;
  const page: Page<T> & { total?: number; next_cursor?: string } = {
    items,
    has_more,
    limit: paging.limit,
    offset: paging.offset,
  };
  if (ctx.faults.has("total-in-page")) page.total = rows.length;
  if (ctx.faults.has("next-cursor-in-page") && has_more) {
    page.next_cursor = Buffer.from(`offset:${paging.offset + paging.limit}`).toString("base64url");
  }
  if (ctx.faults.has("offset-omitted") && paging.offset === 0) delete (page as Partial<Page<T>>).offset;
  return page;
}
