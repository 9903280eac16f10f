// Website simulator: a deterministic crawl target for knowledge-base discovery (2.2, 3.1, 4 POST
// /v1/knowledge max_pages). Admin: PUT /_admin/site regenerates, GET /_admin/hits lists fetched paths,
// POST /_admin/reset clears hits and restores the site given at start.
import { setTimeout as delay } from "node:timers/promises";
import { z } from "zod";
import { parsePart } from "../shared/api-error.ts";
import { type RegisteredRoute, registeredRoutes } from "../shared/route-table.ts";
import { createServer, type Listen, listenOn } from "../shared/server.ts";
import { notFoundHtml, PDF, PNG, pageHtml, robotsTxt, sitemapXml } from "./render.ts";
import { generateSite, type Site, SPECIAL } from "./site.ts";

export const Hit = z.object({
  method: z.string(),
  path: z.string(),
  status: z.int(),
  /** Wall-clock arrival, ISO 8601. */
  time: z.string(),
});
export type Hit = z.infer<typeof Hit>;

export const SiteSettings = z.object({
  pages: z.int().min(1).max(2000),
  seed: z
    .int()
    .min(0)
    .max(2 ** 32 - 1),
  /** Real ms the slow page waits before answering; bounded so a crawler's timeout, not ours, is tested. */
  slow_ms: z.int().min(0).max(10_000),
});
export type SiteSettings = z.infer<typeof SiteSettings>;

export interface Website {
  /** Origin; the home page is `${url}/`. */
  url: string;
  /** Absolute URLs of the N content pages (the home page excluded), in generation order. */
  pageUrls(): string[];
  /** Absolute URLs of the special cases: broken link target, slow page, assets, robots-disallowed page. */
  special(): { broken: string; slow: string; image: string; pdf: string; disallowed: string };
  /** Non-admin requests, oldest first (same rows as GET /_admin/hits). */
  hits(): Hit[];
  settings(): SiteSettings;
  /** Every route it registered (robustness tests reach each one). */
  routes: readonly RegisteredRoute[];
  close(): Promise<void>;
}

const MAX_HITS = 100_000;

export async function startWebsite(
  opts: { pages?: number; seed?: number; slowMs?: number; listen?: Listen } = {},
): Promise<Website> {
  const initial = SiteSettings.parse({ pages: opts.pages ?? 25, seed: opts.seed ?? 1, slow_ms: opts.slowMs ?? 300 });
  let settings = initial;
  let site: Site = generateSite(settings.pages, settings.seed);
  let hits: Hit[] = [];
  const shutdown = new AbortController();
  const app = createServer();
  let origin = "";

  const record = (method: string, path: string, status: number) => {
    hits.push({ method, path, status, time: new Date().toISOString() });
    if (hits.length > MAX_HITS) hits.splice(0, hits.length - MAX_HITS);
  };

  // One route for the whole site, so unknown paths answer an HTML 404 like a web server rather than the
  // API envelope, and every fetch is recorded in one place.
  app.get("/*", async (request, reply) => {
    const path = request.url.split("?")[0]!;
    // The admin API is no page: an unknown admin path is the envelope's 404, not the site's HTML one.
    if (path === "/_admin" || path.startsWith("/_admin/")) return reply.callNotFound();
    const page = site.byPath.get(path) ?? (path === SPECIAL.disallowed ? disallowedPage : undefined);
    if (page?.slow) {
      try {
        await delay(settings.slow_ms, undefined, { signal: shutdown.signal });
      } catch {
        reply.hijack();
        reply.raw.destroy();
        return reply;
      }
    }
    const answer = (status: number, type: string, body: string | Buffer) => {
      record(request.method, path, status);
      return reply.status(status).type(type).send(body);
    };
    if (page !== undefined) return answer(200, "text/html; charset=utf-8", pageHtml(page));
    if (path === "/sitemap.xml") return answer(200, "application/xml", sitemapXml(site, origin));
    if (path === "/robots.txt") return answer(200, "text/plain; charset=utf-8", robotsTxt(origin));
    if (path === SPECIAL.image) return answer(200, "image/png", PNG);
    if (path === SPECIAL.pdf) return answer(200, "application/pdf", PDF);
    return answer(404, "text/html; charset=utf-8", notFoundHtml(path));
  });

  app.put("/_admin/site", async (request) => {
    settings = { ...settings, ...parsePart(SiteSettings.partial(), request.body) };
    site = generateSite(settings.pages, settings.seed);
    return { ...settings, page_urls: pageUrls() };
  });
  app.get("/_admin/site", async () => ({ ...settings, page_urls: pageUrls() }));
  app.get("/_admin/hits", async () => ({ hits }));
  app.post("/_admin/reset", async () => {
    hits = [];
    settings = initial;
    site = generateSite(settings.pages, settings.seed);
    return { ok: true };
  });

  const pageUrls = () => site.content.map((page) => origin + page.path);
  origin = await listenOn(app, opts.listen);
  return {
    url: origin,
    pageUrls,
    special: () => ({
      broken: origin + SPECIAL.broken,
      slow: origin + site.content.find((page) => page.slow)!.path,
      image: origin + SPECIAL.image,
      pdf: origin + SPECIAL.pdf,
      disallowed: origin + SPECIAL.disallowed,
    }),
    hits: () => hits.map((hit) => ({ ...hit })),
    settings: () => settings,
    routes: registeredRoutes(app),
    close: async () => {
      shutdown.abort();
      await app.close();
    },
  };
}

/** Served, linked from the home page, and disallowed by robots.txt: a polite crawler never fetches it. */
const disallowedPage = {
  path: SPECIAL.disallowed,
  title: "Staff Directory",
  description: "Internal page; robots.txt disallows /private/.",
  paragraphs: ["This page must not be indexed."],
  links: ["/"],
  slow: false,
};
