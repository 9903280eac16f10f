// The website simulator over real loopback HTTP: a small BFS crawler must find every page by following
// links, the sitemap lists them, hits are recorded, the special cases behave, and the admin API regenerates.
import { request } from "undici";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { startWebsite, type Website } from "../../../simulators/website/server.ts";
import { ErrorEnvelope } from "../../../spec/errors.ts";

const TIMEOUT = { headersTimeout: 3_000, bodyTimeout: 3_000 };

let site: Website;

beforeAll(async () => {
  site = await startWebsite({ slowMs: 150 });
});
afterAll(() => site.close());
afterEach(async () => {
  await request(`${site.url}/_admin/reset`, { method: "POST", ...TIMEOUT }).then((r) => r.body.dump());
});

async function get(url: string) {
  const response = await request(url, TIMEOUT);
  return {
    status: response.statusCode,
    type: String(response.headers["content-type"]),
    body: await response.body.text(),
  };
}

async function admin(method: "GET" | "PUT" | "POST", path: string, body?: unknown) {
  const response = await request(site.url + path, {
    method,
    headers: body === undefined ? {} : { "content-type": "application/json" },
    body: body === undefined ? undefined : typeof body === "string" ? body : JSON.stringify(body),
    ...TIMEOUT,
  });
  return { status: response.statusCode, body: (await response.body.json()) as Record<string, unknown> };
}

/** A tiny same-origin BFS crawler that honours robots.txt Disallow lines and ignores fragments. */
async function crawl(origin: string, maxPages = Number.POSITIVE_INFINITY) {
  const disallow = (await get(`${origin}/robots.txt`)).body
    .split("\n")
    .filter((line) => line.startsWith("Disallow:"))
    .map((line) => line.slice("Disallow:".length).trim());
  const seen = new Set<string>([`${origin}/`]);
  const queue = [`${origin}/`];
  const html = new Map<string, string>();
  const statuses = new Map<string, number>();
  while (queue.length > 0 && html.size < maxPages) {
    const url = queue.shift()!;
    const page = await get(url);
    statuses.set(url, page.status);
    if (page.status !== 200 || !page.type.startsWith("text/html")) continue;
    html.set(url, page.body);
    for (const [, href] of page.body.matchAll(/<a href="([^"]+)"/g)) {
      const next = new URL(href!.replace(/&amp;/g, "&"), url);
      next.hash = "";
      if (next.origin !== origin || disallow.some((prefix) => next.pathname.startsWith(prefix))) continue;
      if (!seen.has(next.href)) {
        seen.add(next.href);
        queue.push(next.href);
      }
    }
  }
  return { html, statuses };
}

describe("website simulator", () => {
  it("lets a crawler discover every page by following links from /", async () => {
    const { html, statuses } = await crawl(site.url);
    const found = [...html.keys()].filter((url) => url !== `${site.url}/`);
    expect(found.sort()).toEqual(site.pageUrls().sort());
    expect(site.pageUrls()).toHaveLength(25);
    // Discovery needs depth: the home page links to only a few of them.
    const home = html.get(`${site.url}/`)!;
    expect(site.pageUrls().filter((url) => home.includes(new URL(url).pathname)).length).toBeLessThan(5);
    // Nested paths, titles and text.
    expect(site.pageUrls().some((url) => new URL(url).pathname.split("/").length > 3)).toBe(true);
    for (const page of html.values()) expect(page).toMatch(/<title>[^<]+<\/title>[\s\S]*<p>[A-Z][^<]+\.<\/p>/);
    const special = site.special();
    expect(statuses.get(special.broken)).toBe(404);
    expect(statuses.get(special.pdf)).toBe(200);
    expect(statuses.has(special.disallowed)).toBe(false);
  });

  it("lists the home page and every page in sitemap.xml, and points to it from robots.txt", async () => {
    const sitemap = await get(`${site.url}/sitemap.xml`);
    expect(sitemap.type).toMatch(/xml/);
    const locs = [...sitemap.body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]);
    expect(locs.sort()).toEqual([`${site.url}/`, ...site.pageUrls()].sort());
    const robots = await get(`${site.url}/robots.txt`);
    expect(robots.body).toContain(`Sitemap: ${site.url}/sitemap.xml`);
    expect(robots.body).toContain("Disallow: /private/");
  });

  it("records hits, so a max_pages cap on discovery is observable", async () => {
    await crawl(site.url, 5);
    const { body } = await admin("GET", "/_admin/hits");
    const hits = body.hits as Array<{ method: string; path: string; status: number }>;
    expect(hits[0]).toMatchObject({ method: "GET", path: "/robots.txt", status: 200 });
    const pages = hits.filter((hit) => hit.path === "/" || site.pageUrls().includes(site.url + hit.path));
    expect(pages).toHaveLength(5);
    expect(site.hits()).toEqual(hits);
    expect(hits.some((hit) => hit.path.startsWith("/_admin"))).toBe(false);
  });

  it("serves the special cases: broken link, slow page, assets", async () => {
    const special = site.special();
    const broken = await get(special.broken);
    expect(broken.status).toBe(404);
    expect(broken.type).toMatch(/^text\/html/);
    const started = performance.now();
    expect((await get(special.slow)).status).toBe(200);
    expect(performance.now() - started).toBeGreaterThanOrEqual(140);
    const image = await request(special.image, TIMEOUT);
    expect(image.headers["content-type"]).toBe("image/png");
    expect(
      Buffer.from(await image.body.arrayBuffer())
        .subarray(1, 4)
        .toString(),
    ).toBe("PNG");
    const pdf = await get(special.pdf);
    expect(pdf.type).toBe("application/pdf");
    expect(pdf.body.startsWith("%PDF-")).toBe(true);
  });

  it("is deterministic per seed and regenerates on PUT /_admin/site", async () => {
    const before = site.pageUrls();
    const firstPage = (await get(before[0]!)).body;
    const twin = await startWebsite({ seed: 1 });
    try {
      expect(twin.pageUrls().map((url) => new URL(url).pathname)).toEqual(before.map((url) => new URL(url).pathname));
      expect((await get(twin.pageUrls()[0]!)).body).toBe(firstPage);
    } finally {
      await twin.close();
    }

    const { status, body } = await admin("PUT", "/_admin/site", { pages: 7, seed: 99 });
    expect(status).toBe(200);
    expect(body).toMatchObject({ pages: 7, seed: 99 });
    expect(site.pageUrls()).toHaveLength(7);
    expect(site.pageUrls()).not.toEqual(before.slice(0, 7));
    expect((await get(before[0]!)).status).toBe(404);
    const { html } = await crawl(site.url);
    expect([...html.keys()].filter((url) => url !== `${site.url}/`).sort()).toEqual(site.pageUrls().sort());

    await admin("POST", "/_admin/reset");
    expect(site.pageUrls()).toEqual(before);
    expect(site.hits()).toEqual([]);
  });

  it("refuses bad admin input with the error envelope", async () => {
    const bad = await admin("PUT", "/_admin/site", { pages: 0, seed: -1 });
    expect(bad.status).toBe(422);
    const lines = ErrorEnvelope.parse(bad.body).detail.errors;
    expect(lines).toEqual([expect.stringMatching(/^pages: /), expect.stringMatching(/^seed: /)]);
    expect((await admin("PUT", "/_admin/site", "{")).status).toBe(400);
    expect(site.pageUrls()).toHaveLength(25);
  });
});
