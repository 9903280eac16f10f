// 2.2 knowledge-base header, 3.1 its statuses, the POST /v1/knowledge body (4), and the shapes the
// profile assumes where 4.1 leaves get_kb/build_kb open (spec/profile.ts, kb.get and kb.build).
import { z } from "zod";
import { httpUrl, Timestamp, Uuid } from "./common.ts";

/** 2.2 and 3.1. */
export const KB_STATUSES = ["discovering", "review", "transcribing", "generating", "ready", "error"] as const;
export const KbStatus = z.enum(KB_STATUSES);
export type KbStatus = z.infer<typeof KbStatus>;

/** 3.1: the states build_kb may move a knowledge base to. */
export const BUILD_STATUSES: readonly KbStatus[] = ["transcribing", "generating", "ready", "error"];

export const KbProgress = z.object({
  done: z.int(),
  failed: z.int(),
  total: z.int(),
  message: z.string(),
  phase: z.string(),
});
export type KbProgress = z.infer<typeof KbProgress>;

/** 2.2 header view: every field of the table, typed as the table says. */
export const KnowledgeBase = z.object({
  id: Uuid,
  name: z.string(),
  status: KbStatus,
  created_at: Timestamp,
  updated_at: Timestamp,
  created_by: Uuid,
  error: z.string(),
  node_count: z.int(),
  url_count: z.int(),
  seeds: z.array(z.string()),
  progress: KbProgress,
});
export type KnowledgeBase = z.infer<typeof KnowledgeBase>;

/** 4 POST /v1/knowledge, with the defaults the table gives. */
export const CreateKnowledgeBody = z.object({
  name: z.string().min(1).max(200),
  max_pages: z.int().min(1).max(100_000).default(1000),
  notes: z.string().max(20_000).default(""),
  urls: z.array(httpUrl("must be an http(s) URL")).max(100).default([]),
});
export type CreateKnowledgeBody = z.infer<typeof CreateKnowledgeBody>;

/** Profile assumption (4.1, kb.build): the body of build_kb is the URLs selected from the review list. */
export const BuildKnowledgeBody = z.object({
  urls: z.array(z.string()).min(1, "select at least one URL").max(10_000),
});
export type BuildKnowledgeBody = z.infer<typeof BuildKnowledgeBody>;

/**
 * A row of GET /v1/knowledge/{kb_id}/pages. Its fields are not shown; the profile assumes one row per
 * page discovery found (oldest first, so in the order found), which is where `review` lists what was found.
 */
export const KnowledgePage = z.object({
  id: Uuid,
  url: z.string(),
  title: z.string(),
  /** discovered (found by the crawl), transcribed or failed (by a build). */
  status: z.enum(["discovered", "transcribed", "failed"]),
  created_at: Timestamp,
  updated_at: Timestamp,
});
export type KnowledgePage = z.infer<typeof KnowledgePage>;

/**
 * 6.2 frames of GET /v1/knowledge/{kb_id}/events: snapshot (status and progress), progress (one step of the
 * build), status (a new state). Payload fields beyond those named are not shown, so a frame may carry more
 * (loose: the OpenAPI document says so too); the checks read frames with these.
 */
export const KbSnapshotFrame = z.looseObject({ event: z.literal("snapshot"), status: KbStatus, progress: KbProgress });
export const KbProgressFrame = z.looseObject({ event: z.literal("progress"), progress: KbProgress });
/**
 * 6.2 names the progress frame "(one step of the running build)", not its fields: the 2.2 progress object may
 * also be written at the frame's top level (the `kb-progress-frame-flat` variant).
 */
export const KbProgressFrameFlat = z.looseObject({ ...KbProgress.shape, event: z.literal("progress") });
export const KbStatusFrame = z.looseObject({ event: z.literal("status"), status: KbStatus });
export const KB_FRAME_SCHEMAS = {
  snapshot: KbSnapshotFrame,
  progress: KbProgressFrame,
  status: KbStatusFrame,
} as const;
export const KB_FRAME_NAMES = Object.keys(KB_FRAME_SCHEMAS) as Array<keyof typeof KB_FRAME_SCHEMAS>;
