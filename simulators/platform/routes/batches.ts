// Call batches (2.12, 4): POST /v1/calls/batches, and the profile's read and cancel. The create answer
// is not shown (2.13): the reference answers 201 with the batch (`CallBatch` in spec/calls.ts: id,
// status, counts...). The batch then runs on its own scheduler (batches/scheduler.ts).
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { CallBatchBody, CallingWindow } from "../../../spec/calls.ts";
import { ApiError } from "../../shared/api-error.ts";
import { publishBatchCompleted, runBatch } from "../batches/scheduler.ts";
import { type BatchRow, batchesState, batchView } from "../batches/state.ts";
import { dialSource } from "../calls/dial-source.ts";
import type { PlatformContext } from "../context.ts";
import { requireRole } from "../http/auth.ts";
import { parse } from "../http/parse.ts";
import { mintId } from "../ids.ts";

const BatchParams = z.object({ batch_id: z.uuid() });

/** Defaults for what the request leaves out (2.13: not shown). */
const DEFAULTS = { maxAttempts: 1, maxConcurrency: 5, retryAfterMinutes: 60, timezone: "UTC" } as const;

export function batchesRoutes(app: FastifyInstance, ctx: PlatformContext): void {
  // Closing the instance stops every scheduler, so no batch timer outlives the server.
  const shutdown = new AbortController();
  app.addHook("onClose", async () => shutdown.abort());

  function find(workspaceId: string, params: unknown): BatchRow {
    const { batch_id } = parse(ctx, BatchParams, params, "path");
    const batch = batchesState(ctx, workspaceId).batches.get(batch_id);
    if (batch === undefined) throw new ApiError(404, "batch not found");
    return batch;
  }

  // The planted unit slip keeps epoch seconds where the scheduler compares milliseconds.
  const startAtMs = (iso: string) => (ctx.faults.has("start-at-in-seconds") ? Date.parse(iso) / 1000 : Date.parse(iso));

  app.post("/v1/calls/batches", async (request, reply) => {
    requireRole(request.principal, "EDITOR");
    const body = parse(ctx, plantedBatchBody(ctx) ?? CallBatchBody, request.body, "body");
    const { workspaceId } = request.principal;
    const { phone, account, agent } = dialSource(ctx, workspaceId, body);
    const now = ctx.clock.now();
    const batch: BatchRow = {
      id: mintId(ctx),
      workspaceId,
      name: body.name ?? `Batch of ${body.recipients.length}`,
      status: body.start_at !== undefined && Date.parse(body.start_at) > now ? "scheduled" : "running",
      fromPhoneNumberId: phone.id,
      timezone: body.timezone ?? agent.config.timezone ?? DEFAULTS.timezone,
      maxAttempts: body.max_attempts ?? DEFAULTS.maxAttempts,
      maxConcurrency: body.max_concurrency ?? DEFAULTS.maxConcurrency,
      retryAfterMinutes: body.retry_after_minutes ?? DEFAULTS.retryAfterMinutes,
      callingWindow: body.calling_window ?? null,
      startAtMs: body.start_at === undefined ? null : startAtMs(body.start_at),
      created_at: new Date(now).toISOString(),
      completed_at: null,
      agent,
      recipients: body.recipients.map((r) => ({
        to: r.to,
        userdata: { ...(body.vars ?? {}), ...(r.userdata ?? {}) },
        attempts: 0,
        state: "pending",
        notBefore: 0,
      })),
      active: 0,
      wake: () => undefined,
    };
    batchesState(ctx, workspaceId).batches.set(batch.id, batch);
    void runBatch(ctx, batch, phone, account, shutdown.signal).catch(() => {
      batch.status = "failed";
    });
    return reply.status(201).send(batchView(batch));
  });

  app.get("/v1/calls/batches/:batch_id", async (request) =>
    batchView(find(request.principal.workspaceId, request.params)),
  );

  app.post("/v1/calls/batches/:batch_id/cancel", async (request) => {
    requireRole(request.principal, "EDITOR");
    const batch = find(request.principal.workspaceId, request.params);
    if (batch.status === "completed" || batch.status === "failed" || batch.status === "cancelled") {
      throw new ApiError(400, `the batch is already ${batch.status}`);
    }
    batch.status = "cancelled";
    batch.wake();
    if (ctx.faults.has("completed-for-cancelled-batch")) publishBatchCompleted(ctx, batch);
    return batchView(batch);
  });
}

/**
 * The batch body as the planted faults read it (planted faults only): weekdays checked as integers without
 * their 1..7 range, or start_at by a strict RFC 3339 pattern that has no fractional seconds.
 */
function plantedBatchBody(ctx: PlatformContext): z.ZodType<CallBatchBody> | undefined {
  if (ctx.faults.has("batch-days-unranged")) {
    const days = z.array(z.int()).min(1).max(7);
    return CallBatchBody.extend({ calling_window: CallingWindow.extend({ days }).optional() });
  }
  if (ctx.faults.has("batch-start-at-no-fraction")) {
    const start_at = z.string().regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:Z|[+-]\d{2}:\d{2})$/, "not a timestamp");
    return CallBatchBody.extend({ start_at: start_at.optional() });
  }
  return undefined;
}
