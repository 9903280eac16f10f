// Shapes every resource group shares: the page envelope (2.1), the mutation result (2.7),
// identifiers and timestamps.
import { z } from "zod";

export const Uuid = z.uuid();
export const Timestamp = z.iso.datetime({ offset: true });

/** A key that names a count: `count`, `total`, `total_count`, `item_count`... */
export const COUNT_KEY = /(^|_)(count|total)(_|$)/i;
/** A key that names a cursor: `cursor`, `next_cursor`, `next`, `starting_after`, `page_token`... */
export const CURSOR_KEY = /(^|_)(cursor|next|prev|previous|after|before|token)(_|$)/i;

/**
 * 2.1: "All four fields are always present. There is no total and no cursor." It does not say they are the
 * only keys: a page may carry others (variant `page-envelope-open`), none naming a count or a cursor.
 */
export function pageOf<T extends z.ZodType>(item: T) {
  return z
    .looseObject({ items: z.array(item), has_more: z.boolean(), limit: z.int(), offset: z.int() })
    .superRefine((page, ctx) => {
      for (const key of Object.keys(page)) {
        if (COUNT_KEY.test(key) || CURSOR_KEY.test(key)) {
          ctx.addIssue({ code: "custom", path: [key], message: "2.1: a page has no total and no cursor" });
        }
      }
    });
}
export const AnyPage = pageOf(z.unknown());
export type AnyPage = z.infer<typeof AnyPage>;

/**
 * Section 4: a merge PATCH clears a field sent as null. A field the record cannot be without refuses
 * null instead (422), with this reason rather than zod's "expected string, received null".
 */
export function notClearable(reason: string) {
  return { error: (issue: { input?: unknown }) => (issue.input === null ? `cannot be cleared: ${reason}` : undefined) };
}

/**
 * An absolute http(s) URL with no user name or password, as a request names a webhook receiver or a page to
 * crawl: the scheme, then an authority without `@`. Whether its host is a public address, or can be read as a
 * host at all, is a rule checked after the schema (6.1; 7: a 400). One regex, so the OpenAPI document states
 * exactly what the platform checks; `[\s\S]` because `.` differs between regex engines.
 */
export function httpUrl(message = "must be an absolute http or https URL", params?: Parameters<typeof z.string>[0]) {
  return z
    .string(params)
    .max(2048)
    .regex(/^https?:\/\/[^/?#@]+(?:[/?#][\s\S]*)?$/, message);
}

/** 2.7: deletes and no-content mutations. */
export const OkResult = z.object({ ok: z.literal(true) });
export type OkResult = z.infer<typeof OkResult>;

/**
 * A query-string integer, written in decimal digits: `offset=`, `limit=1e2` or `limit=0x10` are not integers
 * (2.1), though Number() reads them; `limit=abc` or `limit=1&limit=2` reads "must be a whole number", not
 * "received NaN". The OpenAPI document states it as an integer between the bounds.
 */
function queryInt(fallback: number, min: number, max?: number) {
  const WHOLE = "must be a whole number";
  const int = z.number({ error: (issue) => (issue.code === "invalid_type" ? WHOLE : undefined) }).int({ error: WHOLE });
  const decimal = (value: unknown) => (typeof value === "string" && /^-?\d+$/.test(value) ? Number(value) : value);
  return z.preprocess(decimal, (max === undefined ? int.min(min) : int.min(min).max(max)).default(fallback));
}

/** 2.1 and 8: paging query; the ceiling differs per endpoint (200, or 500). */
export function pagingQuery(ceiling: 200 | 500) {
  return z.object({ limit: queryInt(200, 1, ceiling), offset: queryInt(0, 0) });
}
export type PagingQuery = z.infer<ReturnType<typeof pagingQuery>>;
