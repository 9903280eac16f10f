// Knowledge-base helpers shared by suites: create (tracked for cleanup), read back through get_kb, and
// wait for a status by polling with a deadline (6.2 rule 2: the knowledge base itself is canonical).
import { expect } from "vitest";
import { type ApiResponse, explain, type Who } from "../../runner/client/http-client.ts";
import { track, uniqueName } from "../../runner/client/resources.ts";
import { pause } from "../../runner/client/traffic.ts";
import { deletedOrGone, expectStatus } from "../../runner/framework/response.ts";
import type { KbStatus } from "../../spec/knowledge.ts";
import { minuteMs } from "./credits.ts";
import { callOp, opPath, profile } from "./profile.ts";
import { websiteUrl } from "./website.ts";

/** A header as read from the wire; its shape is what some checks verify, so nothing is assumed here. */
export type KbView = Record<string, unknown> & { id: string; status: string };

/** How long a crawl or a build may take: a floor for real fetches plus two simulated minutes. */
export function crawlDeadlineMs(): number {
  return 10_000 + 2 * minuteMs();
}

/**
 * How long a crawl of a thousand pages may take: a floor for a thousand real fetches plus three simulated minutes
 * (a crawler that spends simulated time per page, as the reference does, is still on time at real time).
 */
export function bigCrawlDeadlineMs(): number {
  return 60_000 + 3 * minuteMs();
}

/** 3 simulated seconds, the spec's poll interval for a running build (6.2 rule 2), within [25 ms, 3 s]. */
function pollIntervalMs(): number {
  return Math.min(3_000, Math.max(25, minuteMs() / 20));
}

export async function createKb(
  fields: { max_pages?: number; notes?: string; urls?: string[] } = {},
  as: Who = "admin",
): Promise<{ response: ApiResponse; kb: KbView }> {
  const response = await callOp("kb.create", {}, { body: { name: uniqueName("kb"), ...fields }, as });
  expect(response.status, `knowledge create: ${explain(response)}`).toBeGreaterThanOrEqual(200);
  expect(response.status, `knowledge create: ${explain(response)}`).toBeLessThan(300);
  const kb = response.json as KbView;
  expect(typeof kb?.id, `knowledge create answers an id: ${explain(response)}`).toBe("string");
  track(`knowledge base ${kb.id}`, async () => {
    if (profile().optional["knowledge-delete"] === "must-be-absent") {
      throw new Error("the profile declares knowledge-delete absent, so it stays");
    }
    const deleted = await callOp("kb.delete", { kb_id: kb.id });
    if (!deletedOrGone(deleted.status)) throw new Error(`delete answered ${deleted.status}`);
  });
  return { response, kb };
}

export async function getKb(kbId: string): Promise<KbView> {
  const response = await callOp("kb.get", { kb_id: kbId });
  expectStatus(response, 200);
  return response.json as KbView;
}

/** Polls get_kb until `done` holds; fails with the last status seen when the deadline passes. */
export async function waitForKb(
  kbId: string,
  done: (kb: KbView) => boolean,
  what: string,
  deadlineMs = crawlDeadlineMs(),
): Promise<KbView> {
  const until = Date.now() + deadlineMs;
  for (;;) {
    const kb = await getKb(kbId);
    if (done(kb)) return kb;
    if (Date.now() > until) {
      throw new Error(`knowledge base ${kbId} did not become ${what} within ${deadlineMs} ms (last: ${kb.status})`);
    }
    await pause(pollIntervalMs());
  }
}

/** Waits until discovery has ended: review, or error. */
export function waitForReview(kbId: string, deadlineMs = crawlDeadlineMs()): Promise<KbView> {
  return waitForKb(kbId, (kb) => kb.status !== "discovering", "reviewable (out of discovering)", deadlineMs);
}

const ENDS: readonly string[] = ["ready", "error"] satisfies KbStatus[];

/** Waits until a build has ended: ready or error. */
export function waitForBuildEnd(kbId: string): Promise<KbView> {
  return waitForKb(kbId, (kb) => ENDS.includes(kb.status), "built (ready or error)");
}

export interface KbPageRow {
  id?: string;
  url?: string;
  created_at?: string;
}

/** Every page of a knowledge base, read through pages of 200 (within any ceiling: only the ceiling check tests 500). */
export async function allPages(kbId: string): Promise<KbPageRow[]> {
  const rows: KbPageRow[] = [];
  for (let offset = 0; offset < 100_000; offset += 200) {
    const response = await callOp("kb.pages", { kb_id: kbId }, { query: { limit: 200, offset } });
    expectStatus(response, 200);
    const page = response.json as { items: KbPageRow[]; has_more: boolean };
    rows.push(...page.items);
    if (!page.has_more) return rows;
  }
  throw new Error(`pages of ${kbId} never ended`);
}

/** A knowledge base crawled from the website simulator and out of discovery, for lists and builds. */
export async function reviewedKb(
  fields: { max_pages?: number; urls?: string[] },
  deadlineMs = crawlDeadlineMs(),
): Promise<KbView> {
  const { kb } = await createKb(fields);
  const reviewed = await waitForReview(kb.id, deadlineMs);
  expect(reviewed.status, `discovery of ${kb.id} ended`).toBe("review");
  return reviewed;
}

/** The path of a knowledge base's event stream (6.2). */
export const kbEventsPath = (kbId: string) => opPath("kb.events", { kb_id: kbId });

/**
 * An idle knowledge base on a server not wired to the website simulator: one created with no URLs (the spec's
 * default), once out of discovery. Nothing can change it without a crawl, so checks that need a change skip.
 */
export async function idlePlainKb(): Promise<{ readonly path: string }> {
  const { kb } = await createKb();
  await waitForReview(kb.id);
  return { path: kbEventsPath(kb.id) };
}

/**
 * An idle knowledge base for the generic stream checks (a crawl of the website simulator, in review). A
 * knowledge base changes once, with its build, while those checks change their resource several times:
 * so each change() builds the current one (its path, read before the change, sees the build) and then
 * moves `path` on to a fresh reviewed knowledge base for the next check.
 */
export async function idleKbStream(): Promise<{
  readonly path: string;
  change: () => Promise<(snapshot: unknown) => boolean>;
}> {
  const reviewed = async () => reviewedKb({ urls: [`${websiteUrl()}/`], max_pages: 3 });
  let current = await reviewed();
  return {
    get path() {
      return kbEventsPath(current.id);
    },
    change: async () => {
      const kb = current;
      const selected = (await allPages(kb.id)).slice(0, 2).map((page) => String(page.url));
      const built = await callOp("kb.build", { kb_id: kb.id }, { body: { urls: selected } });
      expect(built.status, explain(built)).toBeLessThan(300);
      const end = await waitForBuildEnd(kb.id);
      current = await reviewed();
      return (snapshot) => (snapshot as { status?: unknown } | undefined)?.status === end.status;
    },
  };
}
