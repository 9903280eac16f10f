// Tasks (4): create/list/get/patch (profile paths), DELETE /v1/tasks/{task_id}, unique names, and the run
// history read path (profile `task.runs`), which outlives the task. Runs are seeded through test control
// (how a task runs is not shown).
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { TaskCreate, TaskPatch, type TaskRecord, TaskRunsQuery } from "../../../spec/task.ts";
import { ApiError } from "../../shared/api-error.ts";
import type { PlatformContext } from "../context.ts";
import { authenticate, requireRole } from "../http/auth.ts";
import { pageOf, parsePaging } from "../http/paging.ts";
import { parse, pathId } from "../http/parse.ts";
import { mintId } from "../ids.ts";
import { type TasksState, tasksOf } from "../tasks/state.ts";

const RunSeed = z.object({ task_id: z.uuid(), status: z.string().min(1).max(50).default("completed") });
export const TASK_NAME_TAKEN = "a task with that name already exists";
/** What one read of a remote store costs in the planted race (a slow region, widened so two creates overlap). */
const STORE_ROUND_TRIP_MS = 200;

function storeRoundTrip(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, STORE_ROUND_TRIP_MS));
}

export function tasksRoutes(app: FastifyInstance, ctx: PlatformContext): void {
  const now = () => new Date(ctx.clock.now()).toISOString();

  function find(state: TasksState, params: unknown): TaskRecord {
    const task_id = pathId(ctx, "task_id", params);
    const task = state.tasks.get(task_id);
    if (task === undefined) throw new ApiError(404, "task not found");
    return task;
  }

  function assertNameFree(state: TasksState, name: string, except?: string): void {
    for (const task of state.tasks.values()) {
      if (task.name === name && task.id !== except) throw new ApiError(400, TASK_NAME_TAKEN);
    }
  }

  app.post("/v1/tasks", async (request, reply) => {
    requireRole(request.principal, "EDITOR");
    const body = parse(ctx, TaskCreate, request.body, "body");
    const state = tasksOf(ctx, request.principal.workspaceId);
    assertNameFree(state, body.name);
    // The planted race: an awaited store round trip between the name check and the insert.
    if (ctx.faults.has("task-create-name-race")) await storeRoundTrip();
    const at = now();
    const task: TaskRecord = {
      id: mintId(ctx),
      name: body.name,
      description: body.description ?? null,
      agent_id: body.agent_id ?? null,
      instructions: body.instructions ?? null,
      created_at: at,
      updated_at: at,
    };
    state.tasks.set(task.id, task);
    ctx.store.workspace(request.principal.workspaceId).touch(task.id);
    return reply.status(201).send(task);
  });

  app.get("/v1/tasks", async (request) => {
    const paging = parsePaging(ctx, request.query);
    const rows = ctx.store
      .workspace(request.principal.workspaceId)
      .newestFirst(tasksOf(ctx, request.principal.workspaceId).tasks.values());
    // A legal variant: 2.1 names agents and tools, not tasks, among the lists by last edit.
    if (ctx.variants.has("tasks-by-name")) rows.sort((a, b) => a.name.localeCompare(b.name));
    return pageOf(ctx, rows, paging);
  });

  app.get("/v1/tasks/:task_id", async (request) => find(tasksOf(ctx, request.principal.workspaceId), request.params));

  // The general PATCH rule (4): omitted fields stay as they are, an explicit null clears.
  app.patch("/v1/tasks/:task_id", async (request) => {
    requireRole(request.principal, "EDITOR");
    const state = tasksOf(ctx, request.principal.workspaceId);
    const task = find(state, request.params);
    const patch = parse(ctx, TaskPatch, request.body, "body");
    if (patch.name !== undefined && !ctx.faults.has("task-rename-skips-name-check")) {
      assertNameFree(state, patch.name, task.id);
    }
    for (const key of ["name", "description", "agent_id", "instructions"] as const) {
      if (patch[key] !== undefined) Object.assign(task, { [key]: patch[key] });
    }
    task.updated_at = now();
    ctx.store.workspace(request.principal.workspaceId).touch(task.id);
    return task;
  });

  app.delete("/v1/tasks/:task_id", async (request) => {
    requireRole(request.principal, "EDITOR");
    const state = tasksOf(ctx, request.principal.workspaceId);
    // The planted idempotent delete: an id the workspace does not hold reads as already deleted.
    if (ctx.faults.has("task-delete-unknown-ok") && !state.tasks.has(pathId(ctx, "task_id", request.params))) {
      return { ok: true };
    }
    const task = find(state, request.params);
    // The planted soft delete: the task is only marked, and no read looks at the mark.
    if (ctx.faults.has("task-delete-soft")) {
      state.archived.add(task.id);
      return { ok: true };
    }
    state.tasks.delete(task.id);
    ctx.store.workspace(request.principal.workspaceId).editSeq.delete(task.id);
    if (ctx.faults.has("task-delete-erases-history")) {
      for (let i = state.runs.length - 1; i >= 0; i--) if (state.runs[i]!.task_id === task.id) state.runs.splice(i, 1);
    }
    return { ok: true };
  });

  app.get("/v1/task-runs", async (request) => {
    const paging = parsePaging(ctx, request.query);
    const { task_id } = parse(
      ctx,
      TaskRunsQuery,
      { task_id: (request.query as { task_id?: unknown }).task_id },
      "query",
    );
    const runs = tasksOf(ctx, request.principal.workspaceId).runs.filter(
      (run) => task_id === undefined || run.task_id === task_id,
    );
    return pageOf(ctx, [...runs].reverse(), paging);
  });

  // Test control: one finished run of a task (the credential names the workspace).
  app.post("/_test/task-runs", async (request, reply) => {
    const { workspaceId } = await authenticate(request, ctx);
    const seed = parse(ctx, RunSeed, request.body, "body");
    const state = tasksOf(ctx, workspaceId);
    const task = state.tasks.get(seed.task_id);
    if (task === undefined) throw new ApiError(404, "task not found");
    const at = now();
    const run = {
      id: mintId(ctx),
      task_id: task.id,
      task_name: task.name,
      status: seed.status,
      started_at: at,
      finished_at: at,
    };
    state.runs.push(run);
    return reply.status(201).send(run);
  });
}
