// Knowledge bases (2.2, 3.1, 4, 6.2): create (discovery in the background), get_kb and build_kb (profile
// paths, 4.1), the pages list (oldest first, ceiling 500), the event stream, and a delete for cleanup.
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { BuildKnowledgeBody, CreateKnowledgeBody, type KnowledgeBase } from "../../../spec/knowledge.ts";
import { ApiError } from "../../shared/api-error.ts";
import type { PlatformContext } from "../context.ts";
import { requireRole } from "../http/auth.ts";
import { pageOf, parsePaging } from "../http/paging.ts";
import { parse } from "../http/parse.ts";
import { idMinter } from "../ids.ts";
import { refusalOf } from "../knowledge/crawl-guard.ts";
import { normalizeUrl } from "../knowledge/html.ts";
import { KnowledgeRecord, KnowledgeState } from "../knowledge/record.ts";
import { closeCrawler, runBuild, runDiscovery } from "../knowledge/runner.ts";
import type { SseFrame } from "../sse/frame.ts";
import { sseHub } from "../sse/hub.ts";

const KbParams = z.object({ kb_id: z.uuid() });

/** A build's running states (3.1): between review and its end. */
const isRunning = (status: unknown) => status === "transcribing" || status === "generating";

/** The frame as a planted fault changes it (undefined: not sent); the frame itself on a clean platform. */
function plantedKbFrame(ctx: PlatformContext, frame: SseFrame): SseFrame | undefined {
  const { status } = frame.data as { status?: unknown };
  // The planted bug announces only the end of a build; the states it passes through get no frame.
  if (ctx.faults.has("kb-status-frame-at-end-only") && frame.event === "status") {
    return status === "ready" || status === "error" ? frame : undefined;
  }
  // The planted bug runs the build without telling the stream its steps.
  if (ctx.faults.has("kb-build-progress-silent") && frame.event === "progress" && isRunning(status)) return undefined;
  return variantKbFrame(ctx, frame);
}

/** The frame as a legal variant writes it: 6.2 names the frames (and says the stream is advisory), not their fields. */
function variantKbFrame(ctx: PlatformContext, frame: SseFrame): SseFrame | undefined {
  const { status, progress } = frame.data as { status?: unknown; progress?: Record<string, unknown> };
  if (frame.event === "progress" && progress !== undefined) {
    // The progress object at the frame's top level.
    if (ctx.variants.has("kb-progress-frame-flat")) {
      return { event: "progress", data: { kb_id: frame.data.kb_id, status, ...progress } };
    }
    // One line of text for the step, no 2.2 fields at all.
    if (ctx.variants.has("kb-progress-frame-text")) {
      return { event: "progress", data: { kb_id: frame.data.kb_id, step: String(progress.message ?? "") } };
    }
  }
  // Best effort (6.2 rule 2): no progress frame, and a status frame for the end of a build only.
  if (ctx.variants.has("kb-stream-advisory")) {
    if (frame.event === "progress" && isRunning(status)) return undefined;
    if (frame.event === "status" && isRunning(status)) return undefined;
  }
  return frame;
}

export function knowledgeRoutes(app: FastifyInstance, ctx: PlatformContext): void {
  const hub = sseHub(app, ctx);
  const state = (workspaceId: string) =>
    ctx.store.workspace(workspaceId).slice("knowledge", () => new KnowledgeState());
  const topic = (workspaceId: string, kbId: string) => `knowledge:${workspaceId}:${kbId}`;
  // Every knowledge base of the instance, so closing it stops every crawl and build still running.
  const live = new Set<KnowledgeRecord>();
  app.addHook("onClose", async () => {
    for (const kb of live) kb.dispose();
    await closeCrawler(ctx);
  });

  function find(workspaceId: string, params: unknown): KnowledgeRecord {
    const { kb_id } = parse(ctx, KbParams, params, "path");
    const kb = state(workspaceId).bases.get(kb_id);
    if (kb === undefined) throw new ApiError(404, "knowledge base not found");
    return kb;
  }

  function header(kb: KnowledgeRecord): KnowledgeBase {
    const view = kb.header();
    if (ctx.faults.has("kb-error-null") && view.error === "") (view as { error: unknown }).error = null;
    // The planted bug: urls taken as optional with no default, so a base created without them has seeds null.
    if (ctx.faults.has("kb-seeds-null-without-urls") && view.seeds.length === 0) {
      (view as { seeds: unknown }).seeds = null;
    }
    // The planted bug writes the progress counts as text while a build runs.
    if (
      ctx.faults.has("kb-progress-counts-as-text") &&
      (view.status === "transcribing" || view.status === "generating")
    ) {
      const { done, failed, total } = view.progress;
      (view as { progress: unknown }).progress = {
        ...view.progress,
        done: String(done),
        failed: String(failed),
        total: String(total),
      };
    }
    return view;
  }

  app.post("/v1/knowledge", async (request, reply) => {
    requireRole(request.principal, "EDITOR");
    const body = parse(
      ctx,
      ctx.faults.has("kb-max-pages-coerced") ? CreateKnowledgeBodyCoerced : CreateKnowledgeBody,
      request.body,
      "body",
    );
    const maxPagesGiven = (request.body as { max_pages?: unknown } | undefined)?.max_pages !== undefined;
    if (ctx.faults.has("kb-max-pages-default-200") && !maxPagesGiven) body.max_pages = 200;
    // Addresses that need no DNS are refused at once; host names are checked again when dialled.
    const refused = body.urls.flatMap((raw, i) => {
      // The schema checked the shape; a host the URL parser cannot read is not a public address either.
      const url = URL.canParse(raw) ? new URL(raw) : undefined;
      if (url === undefined) return [`urls.${i}: is not a public address (the host cannot be read)`];
      const reason = refusalOf(url, ctx.wiring.trustedCrawlOrigin);
      return reason === undefined ? [] : [`urls.${i}: ${url.origin} ${reason}`];
    });
    if (refused.length > 0) throw ApiError.problems(400, "some urls are refused", refused);
    const { workspaceId, memberId } = request.principal;
    const kb: KnowledgeRecord = new KnowledgeRecord(
      { name: body.name, notes: body.notes, maxPages: body.max_pages, seeds: body.urls, createdBy: memberId },
      ctx.clock,
      (frame) => {
        const planted = plantedKbFrame(ctx, frame);
        if (planted !== undefined) hub.publish(topic(workspaceId, kb.id), planted);
      },
      idMinter(ctx.variants),
    );
    state(workspaceId).bases.set(kb.id, kb);
    live.add(kb);
    // 3.1: returns immediately; crawling runs on after the answer.
    const discovery = runDiscovery(ctx, kb);
    if (ctx.faults.has("kb-create-waits-for-crawl")) await discovery;
    return reply.status(201).send(header(kb));
  });

  app.get("/v1/knowledge/:kb_id", async (request) => header(find(request.principal.workspaceId, request.params)));

  app.post("/v1/knowledge/:kb_id/build", async (request) => {
    requireRole(request.principal, "EDITOR");
    const kb = find(request.principal.workspaceId, request.params);
    const body = parse(ctx, BuildKnowledgeBody, request.body, "body");
    if (kb.status !== "review") throw new ApiError(400, `the knowledge base is ${kb.status}; build_kb needs review`);
    const urls = [...new Set(body.urls.map((url) => normalizeUrl(url, url) ?? url))];
    const unknown = urls.flatMap((url, i) =>
      kb.hasPage(url) ? [] : [`urls.${i}: not among the pages discovery found`],
    );
    if (unknown.length > 0) throw ApiError.problems(400, "some urls were not discovered", unknown);
    // The build's first state is set before the first await, so the answer already shows it; a legal variant
    // builds before it answers, so the answer shows the end (3.1: build_kb moves review to "a build state").
    if (ctx.variants.has("kb-build-straight-to-ready")) await runBuild(ctx, kb, urls);
    else void runBuild(ctx, kb, urls);
    return header(kb);
  });

  app.get("/v1/knowledge/:kb_id/pages", async (request) => {
    const paging = parsePaging(ctx, request.query, ctx.faults.has("kb-pages-ceiling-200") ? 200 : 500);
    const { kb_id } = parse(ctx, KbParams, request.params, "path");
    const kb = state(request.principal.workspaceId).bases.get(kb_id);
    if (kb === undefined) {
      if (ctx.faults.has("kb-unknown-pages-empty")) return pageOf(ctx, [], paging);
      throw new ApiError(404, "knowledge base not found");
    }
    const rows = ctx.faults.has("kb-pages-newest-first") ? [...kb.pages].reverse() : kb.pages;
    return pageOf(ctx, rows, paging);
  });

  app.get("/v1/knowledge/:kb_id/events", async (request, reply) => {
    const { workspaceId } = request.principal;
    const kb = find(workspaceId, request.params);
    // The planted bug: the build's stream for editors, as starting a build is.
    if (ctx.faults.has("kb-stream-editor-only")) requireRole(request.principal, "EDITOR");
    hub.open(reply, {
      topic: topic(workspaceId, kb.id),
      // The planted fault: the stream starts with the current progress, a live-style frame, not a snapshot.
      snapshot: () =>
        ctx.faults.has("kb-stream-no-snapshot")
          ? { event: "progress", data: { kb_id: kb.id, progress: { ...kb.progress } } }
          : kb.snapshot(),
    });
    return reply;
  });

  app.delete("/v1/knowledge/:kb_id", async (request) => {
    requireRole(request.principal, "EDITOR");
    const kb = find(request.principal.workspaceId, request.params);
    kb.dispose();
    live.delete(kb);
    // The planted bug cancels the build and forgets the row.
    if (ctx.faults.has("kb-delete-keeps-row")) return { ok: true };
    state(request.principal.workspaceId).bases.delete(kb.id);
    return { ok: true };
  });
}

/** The planted `kb-max-pages-coerced`: max_pages read with z.coerce.number(), any number or numeric string (planted faults only). */
const CreateKnowledgeBodyCoerced = CreateKnowledgeBody.extend({
  max_pages: z.coerce.number().min(1).max(100_000).default(1000),
});
