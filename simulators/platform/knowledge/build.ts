// build_kb (3.1 review → a build state): transcribing fetches each selected URL, generating turns each
// transcribed page into knowledge nodes (one per heading), then ready; error when no selected URL
// could be fetched. Every step updates progress, and each state change is a status frame (6.2).
import type { Clock } from "../../shared/clock.ts";
import type { PageFetcher } from "./fetch-page.ts";
import { sectionCount } from "./html.ts";
import type { KnowledgeRecord } from "./record.ts";

export interface BuildOptions {
  fetcher: PageFetcher;
  clock: Clock;
  concurrency: number;
  /** Simulated time to transcribe one page, and to generate one node. */
  transcribeMs: number;
  generateMs: number;
  /** The states shown while pages are fetched and while nodes are generated (default: the reference's two). */
  path?: BuildPath;
}

/** A running state, or undefined: none shown (the build runs before build_kb answers). */
export interface BuildPath {
  fetching: "transcribing" | "generating" | undefined;
  generating: "transcribing" | "generating" | undefined;
}

export const REFERENCE_PATH: BuildPath = { fetching: "transcribing", generating: "generating" };

/** Runs `task` over `items` with at most `limit` at once. */
async function eachLimited<T>(items: readonly T[], limit: number, task: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const item = items[next]!;
      next += 1;
      await task(item);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}

export async function build(kb: KnowledgeRecord, urls: readonly string[], options: BuildOptions): Promise<void> {
  const signal = kb.work.signal;
  const total = urls.length;
  const sections = new Map<string, number>();
  let failed = 0;
  kb.urlCount = total;
  kb.nodeCount = 0;
  const path = options.path ?? REFERENCE_PATH;
  const enter = (state: BuildPath["fetching"]) => {
    if (state !== undefined && kb.status !== state) kb.setStatus(state);
  };
  enter(path.fetching);
  kb.setProgress({ done: 0, failed: 0, total, phase: "transcribing", message: `transcribing ${total} page(s)` });

  await eachLimited(urls, options.concurrency, async (url) => {
    const outcome = await options.fetcher.fetch(url, signal);
    if (outcome.kind === "html") {
      await options.clock.sleep(options.transcribeMs, signal);
      sections.set(url, sectionCount(outcome.html));
      kb.markPage(url, "transcribed");
    } else {
      failed += 1;
      kb.markPage(url, "failed");
    }
    kb.setProgress({ done: sections.size, failed, message: `transcribed ${sections.size} of ${total}` });
  });

  if (sections.size === 0) {
    kb.setProgress({ phase: "error", message: "no selected URL could be fetched" });
    kb.setStatus("error", `none of the ${total} selected URL(s) could be fetched`);
    return;
  }

  const pages = [...sections];
  enter(path.generating);
  kb.setProgress({ done: 0, failed: 0, total: pages.length, phase: "generating", message: "generating nodes" });
  let generated = 0;
  for (const [, nodes] of pages) {
    await options.clock.sleep(options.generateMs * nodes, signal);
    kb.nodeCount += nodes;
    generated += 1;
    kb.setProgress({ done: generated, message: `generated ${kb.nodeCount} node(s)` });
  }

  kb.setProgress({
    done: sections.size,
    failed,
    total,
    phase: "ready",
    message: `${sections.size} page(s) indexed into ${kb.nodeCount} node(s)`,
  });
  kb.setStatus("ready");
}
