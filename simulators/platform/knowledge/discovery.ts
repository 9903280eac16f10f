// Discovery (3.1 discovering → review): a breadth-first crawl from the seeds, following same-origin
// links, honouring robots.txt, with bounded concurrency. max_pages caps the pages found, and no fetch
// starts that could find a page beyond the cap, so the site never sees more page fetches than that.
import type { Clock } from "../../shared/clock.ts";
import type { PageFetcher } from "./fetch-page.ts";
import { disallowedPrefixes, linksOf, normalizeUrl, titleOf } from "./html.ts";
import type { KnowledgeRecord } from "./record.ts";

export interface DiscoveryOptions {
  fetcher: PageFetcher;
  clock: Clock;
  maxPages: number;
  concurrency: number;
  /** Simulated time a crawler spends per page (politeness delay and parsing). */
  pageCostMs: number;
}

export async function discover(kb: KnowledgeRecord, options: DiscoveryOptions): Promise<void> {
  const signal = kb.work.signal;
  const seeds = kb.init.seeds.map((seed) => normalizeUrl(seed, seed)).filter((url) => url !== undefined);
  const origins = new Set(seeds.map((url) => new URL(url).origin));
  const seen = new Set<string>(seeds);
  const queue = [...seen];
  const robots = new Map<string, Promise<string[]>>();
  let active = 0;
  let failed = 0;

  const rulesFor = (origin: string) => {
    let rules = robots.get(origin);
    if (rules === undefined) {
      rules = options.fetcher
        .text(`${origin}/robots.txt`, signal)
        .then((text) => (text === undefined ? [] : disallowedPrefixes(text)))
        .catch(() => []);
      robots.set(origin, rules);
    }
    return rules;
  };

  const report = () =>
    kb.setProgress({
      done: kb.pages.length,
      failed,
      total: Math.min(options.maxPages, kb.pages.length + failed + queue.length + active),
      message: `found ${kb.pages.length} page(s)`,
      phase: "discovering",
    });

  const visit = async (url: string) => {
    const parsed = new URL(url);
    const disallowed = await rulesFor(parsed.origin);
    if (disallowed.some((prefix) => parsed.pathname.startsWith(prefix))) return;
    const outcome = await options.fetcher.fetch(url, signal);
    if (outcome.kind === "failed") failed += 1;
    if (outcome.kind !== "html") return;
    kb.addPage(url, titleOf(outcome.html) || parsed.pathname);
    kb.urlCount = kb.pages.length;
    for (const link of linksOf(outcome.html, url)) {
      if (!seen.has(link) && origins.has(new URL(link).origin)) {
        seen.add(link);
        queue.push(link);
      }
    }
    await options.clock.sleep(options.pageCostMs, signal);
  };

  report();
  await new Promise<void>((resolve) => {
    const pump = () => {
      while (!signal.aborted && active < options.concurrency && queue.length > 0) {
        if (kb.pages.length + active >= options.maxPages) break;
        const url = queue.shift()!;
        active += 1;
        visit(url)
          .catch(() => undefined)
          .finally(() => {
            active -= 1;
            if (!signal.aborted) report();
            pump();
          });
      }
      if (active === 0) resolve();
    };
    pump();
  });
}
