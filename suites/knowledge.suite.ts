// Knowledge bases (2.2, 3.1, 4, 8) and their event stream (6.2): create answers at once in discovering,
// discovery ends in review within max_pages, build_kb moves through build states with progress, the
// pages list (oldest first, ceiling 500), 404s. Crawls run against the website simulator (needs wiring);
// every check that starts a crawl waits for it to end, so the site's hits belong to one crawl at a time.
import { randomUUID } from "node:crypto";
import { beforeAll, expect } from "vitest";
import type { z } from "zod";
import { explain } from "../runner/client/http-client.ts";
import { track } from "../runner/client/resources.ts";
import { runConfig } from "../runner/client/run-config.ts";
import type { SseFrame } from "../runner/client/sse-client.ts";
import { check } from "../runner/framework/check.ts";
import { exclusive } from "../runner/framework/exclusive.ts";
import { namesField } from "../runner/framework/problem-lines.ts";
import { expectBody, expectStatus } from "../runner/framework/response.ts";
import { BUILD_STATUSES, KB_FRAME_NAMES, KbProgress, KbSnapshotFrame, KnowledgeBase } from "../spec/knowledge.ts";
import { RecordId } from "./helpers/body-shapes.ts";
import {
  allPages,
  bigCrawlDeadlineMs,
  crawlDeadlineMs,
  createKb,
  getKb,
  reviewedKb,
  waitForBuildEnd,
  waitForKb,
  waitForReview,
} from "./helpers/knowledge.ts";
import { callOp, mustOpenStream, openApiStream, opPath, profile } from "./helpers/profile.ts";
import { getSite, type SiteState, setSite, siteHits, websiteUrl } from "./helpers/website.ts";

exclusive(
  "sets the website simulator's pages, which every other check's crawls read, and counts its hits, which they add to",
);

/** How long an advisory stream is watched, once get_kb shows a build's end, for frames still on their way. */
const QUIET_MS = 400;

/** A small site keeps every crawl to a few dozen milliseconds on the embedded stack. */
const SITE = { pages: 12, seed: 11, slow_ms: 100 };
const wired = () => runConfig().target.wired && runConfig().target.simulators.website !== undefined;
let site: SiteState;

beforeAll(async () => {
  if (!wired()) return;
  const before = await getSite();
  site = await setSite(SITE);
  track("website simulator site", async () => {
    await setSite({ pages: before.pages, seed: before.seed, slow_ms: before.slow_ms });
  });
});

const home = () => `${websiteUrl()}/`;
const pagePath = (url: string) => new URL(url).pathname;

function problemsOf(schema: z.ZodType, value: unknown): string[] {
  const parsed = schema.safeParse(value);
  return parsed.success ? [] : parsed.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`);
}

const shapeProblems = (view: unknown) => problemsOf(KnowledgeBase, view);

check(
  "POST /v1/knowledge with only a name answers at once, in discovering, with no seeds",
  ["knowledge.create-discovering", "knowledge.create-name-only", "knowledge.seeds-are-urls"],
  async () => {
    const { response, kb } = await createKb();
    expect(kb.status, explain(response)).toBe("discovering");
    expect(kb.seeds, `urls defaults to empty, so no seeds: ${explain(response)}`).toEqual([]);
  },
);

check(
  "the header from create and from get_kb has every 2.2 field with its type",
  ["knowledge.header-shape", "knowledge.progress-shape", "knowledge.status-enum"],
  async () => {
    const { response, kb } = await createKb({ notes: "shape check" });
    expect(shapeProblems(kb), `create: ${explain(response)}`).toEqual([]);
    expect(KbProgress.safeParse(kb.progress).success, `progress of ${explain(response)}`).toBe(true);
    const read = await callOp("kb.get", { kb_id: kb.id });
    const { id } = expectBody(read, 200, RecordId);
    expect(shapeProblems(read.json), `get_kb: ${explain(read)}`).toEqual([]);
    expect(id, explain(read)).toBe(kb.id);
  },
);

for (const [label, body, field] of [
  ["max_pages as a string", { max_pages: "ten" }, "max_pages"],
  ["max_pages with a fraction", { max_pages: 2.5 }, "max_pages"],
  ["urls as a string", { urls: "https://example.com/" }, "urls"],
  ["urls holding a number", { urls: [42] }, "urls"],
  ["name as a number", { name: 7 }, "name"],
] as const) {
  check(`POST /v1/knowledge with ${label} is a 422 naming ${field}`, ["knowledge.create-schema-422"], async () => {
    const response = await callOp("kb.create", {}, { body: { name: "capct-invalid", ...body } });
    if (response.status < 300) {
      // Cleanup first, so a server that wrongly accepted it keeps no crawl running.
      await callOp("kb.delete", { kb_id: String((response.json as { id?: unknown }).id) });
    }
    expectStatus(response, 422);
    expect(namesField(response, field, "under"), `a line "${field}…" in ${explain(response)}`).toBe(true);
  });
}

check(
  "pages, get_kb and the stream of a knowledge base not in the workspace are 404s",
  ["knowledge.unknown-404", "streams.404-before-open"],
  async () => {
    const unknown = randomUUID();
    const pages = await callOp("kb.pages", { kb_id: unknown });
    expectStatus(pages, 404);
    const read = await callOp("kb.get", { kb_id: unknown });
    expectStatus(read, 404);
    const answer = await openApiStream(opPath("kb.events", { kb_id: unknown }));
    if (answer.stream !== undefined) {
      answer.stream.close();
      throw new Error(`the stream opened for an unknown knowledge base\n${answer.stream.describe()}`);
    }
    expectStatus(answer.response, 404);
  },
);

check(
  "the pages list takes limit 500 and answers a page envelope; 501 is a 422 naming limit",
  ["knowledge.pages-limit-500", "knowledge.pages-paged"],
  async () => {
    const { kb } = await createKb();
    const page = await callOp("kb.pages", { kb_id: kb.id }, { query: { limit: 500 } });
    expectStatus(page, 200);
    expect(page.json, explain(page)).toMatchObject({
      items: expect.any(Array),
      has_more: false,
      limit: 500,
      offset: 0,
    });
    const over = await callOp("kb.pages", { kb_id: kb.id }, { query: { limit: 501 } });
    expectStatus(over, 422);
    expect(namesField(over, "limit"), `a line "limit: …" in ${explain(over)}`).toBe(true);
  },
);

check(
  "the knowledge-base stream's first frame is snapshot, carrying status and progress",
  ["streams.kb-snapshot", "streams.snapshot-first"],
  async () => {
    const { kb } = await createKb();
    const stream = await mustOpenStream(opPath("kb.events", { kb_id: kb.id }));
    try {
      const first = await stream.waitFor(() => true, { timeoutMs: runConfig().timeoutMs, what: "a first frame" });
      expect(first.event, stream.describe()).toBe("snapshot");
      // Its data names the event again and carries a 2.5 status and progress.
      expect(KbSnapshotFrame.safeParse(first.json).success, `event, status and progress in ${first.data}`).toBe(true);
    } finally {
      stream.close();
    }
  },
);

check(
  "a crawl answers discovering at once, keeps the seeds, and polling then shows review with the pages found",
  ["knowledge.create-discovering", "knowledge.seeds-are-urls", "knowledge.discovering-to-review"],
  async () => {
    const seeds = [home(), site.page_urls[3]!];
    const { response, kb } = await createKb({ urls: seeds, max_pages: 6 });
    expect(kb.status, explain(response)).toBe("discovering");
    expect(kb.seeds, explain(response)).toEqual(seeds);
    const reviewed = await waitForReview(kb.id);
    expect(reviewed.status, "discovery's end state").toBe("review");
    const pages = await allPages(kb.id);
    expect(pages.length, "pages found on a 12-page site").toBeGreaterThan(0);
    for (const page of pages) expect(page.url?.startsWith(websiteUrl()), `${page.url} is on the site`).toBe(true);
  },
  { needs: ["wiring"] },
);

check(
  "max_pages caps discovery: at most that many pages listed, and fetched from the site",
  ["knowledge.max-pages-caps-discovery"],
  async () => {
    const maxPages = 4;
    const before = (await siteHits()).length;
    const kb = await reviewedKb({ urls: [home()], max_pages: maxPages });
    const pages = await allPages(kb.id);
    expect(
      pages.length,
      `pages listed with max_pages ${maxPages} on a ${SITE.pages + 1}-page site`,
    ).toBeLessThanOrEqual(maxPages);
    expect(pages.length, "discovery found something").toBeGreaterThan(0);
    const htmlPaths = new Set(["/", ...site.page_urls.map(pagePath)]);
    const fetched = new Set(
      (await siteHits())
        .slice(before)
        .filter((hit) => hit.status === 200 && htmlPaths.has(hit.path))
        .map((hit) => hit.path),
    );
    expect(fetched.size, `distinct pages fetched: ${[...fetched].join(", ")}`).toBeLessThanOrEqual(maxPages);
  },
  { needs: ["wiring"] },
);

check(
  "slow: without max_pages, discovery stops at 1000 pages of a 1004-page site [~1-5 s]",
  ["knowledge.max-pages-default-1000"],
  async () => {
    const big = await setSite({ pages: 1003, slow_ms: 0 });
    try {
      // 3.1: "crawling takes minutes"; a thousand pages get a minute here, so a busy machine fails nothing.
      const kb = await reviewedKb({ urls: [home()] }, bigCrawlDeadlineMs());
      const found = (await allPages(kb.id)).length;
      expect(found, `pages found on a site of ${big.page_urls.length + 1}`).toBeLessThanOrEqual(1000);
      // A crawler may skip a page or two it could not read; a lower default cap would stop far earlier.
      expect(found, `pages found on a site of ${big.page_urls.length + 1}`).toBeGreaterThanOrEqual(990);
    } finally {
      site = await setSite(SITE);
    }
  },
  { needs: ["wiring"], timeoutMs: bigCrawlDeadlineMs() + 2 * crawlDeadlineMs() },
);

check(
  "knowledge-base pages list oldest first: the seed first, created_at never decreasing",
  ["knowledge.pages-oldest-first"],
  async () => {
    const kb = await reviewedKb({ urls: [home()], max_pages: 8 });
    const pages = await allPages(kb.id);
    expect(pages.length, "pages found").toBeGreaterThan(2);
    const urls = pages.map((page) => page.url);
    if (urls.includes(home())) expect(urls.indexOf(home()), `the seed was found first: ${urls.join(", ")}`).toBe(0);
    const times = pages.map((page) => Date.parse(String(page.created_at)));
    for (let i = 1; i < times.length; i++) {
      expect(times[i]!, `created_at of row ${i} (${pages[i]!.created_at}) after row ${i - 1}`).toBeGreaterThanOrEqual(
        times[i - 1]!,
      );
    }
  },
  { needs: ["wiring"] },
);

check(
  "build_kb with selected URLs moves review to a build state, and polling reaches ready",
  ["knowledge.build-from-review", "knowledge.status-enum", "knowledge.header-shape"],
  async () => {
    const kb = await reviewedKb({ urls: [home()], max_pages: 6 });
    const selected = (await allPages(kb.id)).slice(0, 3).map((page) => String(page.url));
    const built = await callOp("kb.build", { kb_id: kb.id }, { body: { urls: selected } });
    expect(built.status, explain(built)).toBeLessThan(300);
    const started = await getKb(kb.id);
    expect(BUILD_STATUSES, `status right after build_kb: ${started.status}`).toContain(started.status);
    const end = await waitForBuildEnd(kb.id);
    expect(end.status, `end of a build of ${selected.length} reachable pages: ${JSON.stringify(end)}`).toBe("ready");
    expect(shapeProblems(end), "the ready header").toEqual([]);
  },
  { needs: ["wiring"] },
);

/** What a status frame says the build reached (6.2: "status (the build reached a new state)"). */
const announced = (frame: SseFrame) => String((frame.json as { status?: unknown } | undefined)?.status);
const BUILD_ENDS: readonly string[] = ["ready", "error"];
const RUNNING: readonly string[] = ["transcribing", "generating"];

check(
  "a build's frames are the stream's, its status frames name build states and the last agrees with get_kb; a build that runs sends progress and a status frame for each state get_kb shows (readings.kb_build_frames)",
  ["knowledge.build-progress", "knowledge.progress-shape", "streams.kb-frame-names", "streams.kb-status-frame"],
  async () => {
    const eachState = profile().readings.kb_build_frames === "each-state";
    const kb = await reviewedKb({ urls: [home()], max_pages: 6 });
    const selected = (await allPages(kb.id)).slice(0, 3).map((page) => String(page.url));
    const stream = await mustOpenStream(opPath("kb.events", { kb_id: kb.id }));
    try {
      // Any first frame shows the subscription is live (whether it is a snapshot is another check's business).
      await stream.waitFor(() => true, { timeoutMs: runConfig().timeoutMs, what: "a first frame" });
      const from = stream.frames.length;
      const built = await callOp("kb.build", { kb_id: kb.id }, { body: { urls: selected } });
      expect(built.status, explain(built)).toBeLessThan(300);
      // The states the build passes through, as the polling equivalent shows them (6.2 rule 2): the one
      // build_kb answers, and each one get_kb shows while it runs, whose progress is 2.2's object throughout.
      const passed = new Set<string>();
      const note = (status: unknown) => {
        if ((BUILD_STATUSES as readonly unknown[]).includes(status)) passed.add(String(status));
      };
      note((built.json as { status?: unknown } | undefined)?.status);
      const read = await waitForKb(
        kb.id,
        (view) => {
          note(view.status);
          expect(problemsOf(KbProgress, view.progress), `get_kb's progress while ${view.status}`).toEqual([]);
          return BUILD_ENDS.includes(view.status);
        },
        "built (ready or error)",
      );
      // A stream that promises each state sends the end's status frame: wait for it. An advisory one may send
      // nothing, so what it sent by the time get_kb showed the end (and a moment after) is what is judged.
      const isEnd = (frame: SseFrame) => frame.event === "status" && BUILD_ENDS.includes(announced(frame));
      if (eachState) {
        await stream.waitFor(isEnd, { timeoutMs: crawlDeadlineMs(), from, what: "a status frame for ready or error" });
      } else {
        await stream.observe(QUIET_MS);
      }
      const frames = stream.frames.slice(from);
      const statuses = frames.filter((frame) => frame.event === "status");
      for (const frame of frames) {
        const where = `frame #${frame.index}\n${stream.describe()}`;
        expect(KB_FRAME_NAMES as readonly unknown[], where).toContain(frame.event);
        // 6.2 names the status frame, not what else it carries; a progress frame's fields are not read at all.
        if (frame.event === "status") expect(BUILD_STATUSES as readonly string[], where).toContain(announced(frame));
      }
      const last = statuses.at(-1);
      if (last !== undefined && BUILD_ENDS.includes(announced(last))) {
        expect(read.status, `get_kb after the frame ${last.data}`).toBe(announced(last));
      }
      if (!eachState) return;
      for (const state of passed) {
        expect(
          statuses.map(announced),
          `a status frame for ${state}, a state get_kb showed\n${stream.describe()}`,
        ).toContain(state);
      }
      // 6.2: "progress (one step of the running build)": a build seen running reports a step.
      if ([...passed].some((state) => RUNNING.includes(state))) {
        expect(
          frames.map((frame) => frame.event),
          `frames of a build get_kb showed running (${[...passed].join(", ")})\n${stream.describe()}`,
        ).toContain("progress");
      }
    } finally {
      stream.close();
    }
  },
  { needs: ["wiring"] },
);

check(
  "a build whose selected pages have all gone ends in a build state, with error text when it is error",
  ["knowledge.build-from-review", "knowledge.status-enum"],
  async () => {
    const kb = await reviewedKb({ urls: [home()], max_pages: 6 });
    const selected = (await allPages(kb.id)).map((page) => String(page.url)).filter((url) => url !== home());
    expect(selected.length, "content pages found").toBeGreaterThan(0);
    // Regenerating the site with another seed moves every content page: the selection now answers 404.
    const moved = await setSite({ seed: SITE.seed + 1 });
    try {
      expect(
        moved.page_urls.filter((url) => selected.includes(url)),
        "pages still present",
      ).toEqual([]);
      const built = await callOp("kb.build", { kb_id: kb.id }, { body: { urls: selected } });
      expect(built.status, explain(built)).toBeLessThan(300);
      const end = await waitForBuildEnd(kb.id);
      if (end.status === "error") {
        expect(typeof end.error === "string" && end.error.length > 0, `error text of ${JSON.stringify(end)}`).toBe(
          true,
        );
      }
      expect(["ready", "error"], `end state: ${JSON.stringify(end)}`).toContain(end.status);
    } finally {
      site = await setSite(SITE);
    }
  },
  { needs: ["wiring"] },
);
