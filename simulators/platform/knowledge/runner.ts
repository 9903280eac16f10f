// Runs discovery and builds in the background of a request: one fetcher per platform instance, the
// simulated time each step takes (ctx.clock, so --minute-ms speeds it up), and the planted faults.
import { Agent } from "undici";
import type { PlatformContext } from "../context.ts";
import { type BuildPath, build, REFERENCE_PATH } from "./build.ts";
import { guardedAgent } from "./crawl-guard.ts";
import { discover } from "./discovery.ts";
import { createFetcher, type PageFetcher } from "./fetch-page.ts";
import type { KnowledgeRecord } from "./record.ts";

/** Simulated costs: a crawl that "takes minutes" on a real clock, milliseconds under --minute-ms 50. */
const PAGE_DISCOVERY_MS = 1_000;
const PAGE_TRANSCRIBE_MS = 3_000;
const NODE_GENERATE_MS = 2_000;
/** Fetches at once: discovery is latency-bound (8 halves a 1000-page crawl against 4); a build does more per page. */
const DISCOVERY_CONCURRENCY = 8;
const BUILD_CONCURRENCY = 4;

interface Crawler {
  fetcher: PageFetcher;
  agents: Agent[];
}
const crawlers = new WeakMap<PlatformContext, Crawler>();

function fetcherFor(ctx: PlatformContext): PageFetcher {
  let crawler = crawlers.get(ctx);
  if (crawler === undefined) {
    const connectTimeout = ctx.upstreamTimeoutMs;
    const agents = [
      guardedAgent(connectTimeout),
      new Agent({ connect: { timeout: connectTimeout }, keepAliveTimeout: 1_000 }),
    ];
    const fetcher = createFetcher({
      trustedOrigin: ctx.wiring.trustedCrawlOrigin,
      timeoutMs: ctx.upstreamTimeoutMs,
      guarded: agents[0]!,
      trusted: agents[1]!,
    });
    crawler = { fetcher, agents };
    crawlers.set(ctx, crawler);
  }
  return crawler.fetcher;
}

/**
 * Drops the crawl connections when the instance closes: a site whose request the crawler gave up on
 * can otherwise keep its own close waiting on that connection for its request timeout.
 */
export async function closeCrawler(ctx: PlatformContext): Promise<void> {
  const crawler = crawlers.get(ctx);
  crawlers.delete(ctx);
  await Promise.all((crawler?.agents ?? []).map((agent) => agent.destroy().catch(() => undefined)));
}

/** discovering → review. Resolves when discovery has ended (the create route does not wait for it). */
export async function runDiscovery(ctx: PlatformContext, kb: KnowledgeRecord): Promise<void> {
  try {
    await discover(kb, {
      fetcher: fetcherFor(ctx),
      clock: ctx.clock,
      maxPages: ctx.faults.has("kb-max-pages-ignored") ? Number.POSITIVE_INFINITY : kb.init.maxPages,
      concurrency: DISCOVERY_CONCURRENCY,
      pageCostMs: PAGE_DISCOVERY_MS,
    });
    const found = kb.pages.length;
    kb.setProgress({
      done: found,
      total: found + kb.progress.failed,
      phase: "review",
      message: `found ${found} page(s); select URLs to build`,
    });
    kb.setStatus("review");
  } catch (error) {
    kb.setStatus("error", `discovery stopped: ${(error as Error).message}`);
  }
}

/**
 * The states a build passes through. 3.1: "Transitions among transcribing, generating, ready and error: not
 * shown", so the legal variants take other paths: straight to ready (the work done before the answer), or one
 * running state where the reference has two.
 */
function buildPath(ctx: PlatformContext): BuildPath {
  if (ctx.variants.has("kb-build-straight-to-ready")) return { fetching: undefined, generating: undefined };
  if (ctx.variants.has("kb-build-generating-only")) return { fetching: "generating", generating: "generating" };
  if (ctx.variants.has("kb-build-transcribing-only")) return { fetching: "transcribing", generating: "transcribing" };
  return REFERENCE_PATH;
}

/** A build state → ready or error. */
export async function runBuild(ctx: PlatformContext, kb: KnowledgeRecord, urls: string[]): Promise<void> {
  try {
    await build(kb, urls, {
      fetcher: fetcherFor(ctx),
      clock: ctx.clock,
      concurrency: BUILD_CONCURRENCY,
      transcribeMs: PAGE_TRANSCRIBE_MS,
      generateMs: NODE_GENERATE_MS,
      path: buildPath(ctx),
    });
  } catch (error) {
    kb.setStatus("error", `build stopped: ${(error as Error).message}`);
  }
}
