// Discovery and build against the website simulator over loopback: the max_pages cap on what is fetched,
// robots.txt, broken links, assets, slow pages, fragments; a build's states, progress and frames.
import { Agent } from "undici";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { build } from "../../../../simulators/platform/knowledge/build.ts";
import { guardedAgent } from "../../../../simulators/platform/knowledge/crawl-guard.ts";
import { discover } from "../../../../simulators/platform/knowledge/discovery.ts";
import { createFetcher, type PageFetcher } from "../../../../simulators/platform/knowledge/fetch-page.ts";
import { KnowledgeRecord } from "../../../../simulators/platform/knowledge/record.ts";
import type { SseFrame } from "../../../../simulators/platform/sse/frame.ts";
import { createClock } from "../../../../simulators/shared/clock.ts";
import { startWebsite, type Website } from "../../../../simulators/website/server.ts";
import { SPECIAL } from "../../../../simulators/website/site.ts";

const clock = createClock(1);
let site: Website;

beforeAll(async () => {
  site = await startWebsite({ pages: 12, seed: 3, slowMs: 250 });
});
const agents: Agent[] = [];
afterAll(async () => {
  // Connections first: the site's close waits on a connection whose slow request the crawler gave up on.
  await Promise.all(agents.map((agent) => agent.destroy()));
  await site.close();
});
afterEach(async () => {
  await fetch(`${site.url}/_admin/reset`, { method: "POST", signal: AbortSignal.timeout(3_000) });
});

function fetcher(timeoutMs = 2_000): PageFetcher {
  const guarded = guardedAgent(timeoutMs);
  const trusted = new Agent();
  agents.push(guarded, trusted);
  return createFetcher({ trustedOrigin: site.url, timeoutMs, guarded, trusted });
}

function record(seeds: string[], maxPages = 1000) {
  const frames: SseFrame[] = [];
  const kb = new KnowledgeRecord({ name: "t", notes: "", maxPages, seeds, createdBy: "m" }, clock, (f) =>
    frames.push(f),
  );
  return { kb, frames };
}

const htmlPaths = () => new Set(["/", ...site.pageUrls().map((url) => new URL(url).pathname)]);
const pageHits = () => site.hits().filter((hit) => hit.status === 200 && htmlPaths().has(hit.path));

describe("discovery", () => {
  it("finds every page by links, once each, skipping robots-disallowed pages, assets and broken links", async () => {
    const { kb } = record([`${site.url}/`]);
    await discover(kb, { fetcher: fetcher(), clock, maxPages: 1000, concurrency: 4, pageCostMs: 1_000 });
    const found = kb.pages.map((page) => page.url).sort();
    expect(found).toEqual([`${site.url}/`, ...site.pageUrls()].sort());
    expect(new Set(found).size).toBe(found.length);
    const paths = site.hits().map((hit) => hit.path);
    expect(paths).not.toContain(SPECIAL.disallowed);
    expect(paths).toContain(SPECIAL.broken);
    expect(kb.progress.failed).toBe(1);
    expect(kb.pages.every((page) => page.title.length > 0)).toBe(true);
  });

  it("fetches no more pages than max_pages", async () => {
    const { kb } = record([`${site.url}/`], 3);
    await discover(kb, { fetcher: fetcher(), clock, maxPages: 3, concurrency: 8, pageCostMs: 1_000 });
    expect(kb.pages).toHaveLength(3);
    expect(pageHits()).toHaveLength(3);
  });

  it("counts a page slower than the timeout as failed and goes on", async () => {
    const { kb } = record([`${site.url}/`]);
    await discover(kb, { fetcher: fetcher(100), clock, maxPages: 1000, concurrency: 4, pageCostMs: 0 });
    const slow = site.special().slow;
    expect(kb.hasPage(slow)).toBe(false);
    expect(kb.pages).toHaveLength(site.pageUrls().length); // home + every page but the slow one
    expect(kb.progress.failed).toBe(2); // the slow page and the broken link
  });

  it("stops fetching when the knowledge base is disposed", async () => {
    const { kb } = record([`${site.url}/`]);
    const running = discover(kb, {
      fetcher: fetcher(),
      clock: createClock(60_000),
      maxPages: 1000,
      concurrency: 1,
      pageCostMs: 60_000,
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    kb.dispose();
    await running;
    expect(kb.pages.length).toBeLessThanOrEqual(1);
  });
});

describe("build", () => {
  it("moves transcribing → generating → ready with progress frames, counting nodes", async () => {
    const urls = site.pageUrls().slice(0, 3);
    const { kb, frames } = record([`${site.url}/`]);
    for (const url of urls) kb.addPage(url, "t");
    await build(kb, urls, { fetcher: fetcher(), clock, concurrency: 2, transcribeMs: 1_000, generateMs: 1_000 });
    const statuses = frames.filter((f) => f.event === "status").map((f) => f.data.status);
    expect(statuses).toEqual(["transcribing", "generating", "ready"]);
    expect(frames.filter((f) => f.event === "progress").length).toBeGreaterThan(3);
    expect(kb.header()).toMatchObject({ status: "ready", error: "", url_count: 3 });
    expect(kb.nodeCount).toBeGreaterThanOrEqual(3);
    expect(kb.progress).toMatchObject({ done: 3, failed: 0, total: 3, phase: "ready" });
    expect(kb.pages.map((page) => page.status)).toEqual(["transcribed", "transcribed", "transcribed"]);
  });

  it("ends in error with a message when no selected URL can be fetched", async () => {
    const urls = [`${site.url}${SPECIAL.broken}`, `${site.url}${SPECIAL.pdf}`];
    const { kb, frames } = record([`${site.url}/`]);
    await build(kb, urls, { fetcher: fetcher(), clock, concurrency: 2, transcribeMs: 1_000, generateMs: 1_000 });
    expect(kb.status).toBe("error");
    expect(kb.error).toMatch(/none of the 2 selected URL/);
    expect(kb.progress).toMatchObject({ done: 0, failed: 2, total: 2 });
    expect(frames.at(-1)).toMatchObject({ event: "status", data: { status: "error" } });
  });
});
