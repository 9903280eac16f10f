// The voice and avatar galleries (2.1 last paragraph, 4): filtered, paged in their own envelope with the
// facets of the filtered set and a total_count, read from the provider (a 502 when it gives no answer, 7).
import { request } from "undici";
import type { PlatformContext } from "../context.ts";

type Row = Record<string, unknown>;

/** Rows matching every given filter, the page window (limit+1 read, 2.1), and the facets of the filtered set. */
export function galleryPage<T extends Row>(
  rows: readonly T[],
  query: { limit: number; offset: number } & Record<string, unknown>,
  facetKeys: readonly string[],
) {
  const matching = rows.filter((row) => facetKeys.every((key) => query[key] === undefined || row[key] === query[key]));
  const window = matching.slice(query.offset, query.offset + query.limit + 1);
  const facets = Object.fromEntries(
    facetKeys.map((key) => [key, [...new Set(matching.map((row) => String(row[key])))].sort()]),
  );
  return {
    items: window.slice(0, query.limit),
    facets,
    total_count: matching.length as number | null,
    has_more: window.length > query.limit,
    limit: query.limit,
    offset: query.offset,
  };
}

/** Any answer from the provider the gallery is read from; no answer (or a failure on its side) is false. */
export async function providerAnswers(ctx: PlatformContext): Promise<boolean> {
  const base = ctx.wiring.providerUrl;
  if (base === undefined) return false;
  try {
    const response = await request(`${base.replace(/\/+$/, "")}/v1/models`, {
      method: "GET",
      headersTimeout: ctx.upstreamTimeoutMs,
      bodyTimeout: ctx.upstreamTimeoutMs,
      signal: AbortSignal.timeout(ctx.upstreamTimeoutMs),
    });
    await response.body.dump();
    return response.statusCode < 500;
  } catch {
    return false;
  }
}
