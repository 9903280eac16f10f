// Tools (2.10, 3.3, 4): create/list/get/delete (profile paths), PATCH merging top-level fields and
// replacing `operations` whole, validate (always 200) and publish (integer versions, 9).
import type { FastifyInstance } from "fastify";
import type { z } from "zod";
import type { InlineTool } from "../../../spec/agent.ts";
import { ToolCreate, ToolPatch } from "../../../spec/tool.ts";
import { ApiError } from "../../shared/api-error.ts";
import type { PlatformContext } from "../context.ts";
import { requireRole } from "../http/auth.ts";
import { pageOf, parsePaging } from "../http/paging.ts";
import { parse, pathId } from "../http/parse.ts";
import { mintId } from "../ids.ts";
import { toolNameProblem } from "../tools/names.ts";
import { operationTreeProblems } from "../tools/operations.ts";
import { type StoredTool, toolsOf } from "../tools/state.ts";
import { validateTool } from "../tools/validation.ts";

export const TOOL_NAME_TAKEN = "a tool with that name already exists";

/** 4: top-level fields merge; `operations`, when sent, replaces the whole tree. */
function mergeTool(ctx: PlatformContext, stored: InlineTool, patch: z.infer<typeof ToolPatch>): InlineTool {
  if (ctx.faults.has("tool-patch-replaces-whole")) return { name: stored.name, ...patch };
  const merged: InlineTool = { ...stored, ...patch };
  if (ctx.faults.has("tool-patch-merges-operations") && patch.operations !== undefined) {
    const before = stored.operations ?? [];
    merged.operations = before.map((op, i) => ({ ...op, ...patch.operations![i] }));
    merged.operations.push(...patch.operations.slice(before.length));
  }
  return merged;
}

/** A name this server does not take is a 422 (7: the request does not match the operation schema). */
function assertNameForm(ctx: PlatformContext, name: string | undefined): void {
  const problem = toolNameProblem(ctx, name);
  if (problem !== undefined) throw ApiError.validation([problem]);
}

function assertTreeSound(ctx: PlatformContext, tool: InlineTool): void {
  const problems = ctx.faults.has("tool-url-presence-only") ? urlPresenceOnly(tool) : operationTreeProblems(tool);
  if (problems.length === 0) return;
  throw ApiError.problems(400, "the operation tree is broken", problems);
}

export function toolsRoutes(app: FastifyInstance, ctx: PlatformContext): void {
  const now = () => new Date(ctx.clock.now()).toISOString();

  function find(workspaceId: string, params: unknown): StoredTool {
    const tool_id = pathId(ctx, "tool_id", params);
    const tool = toolsOf(ctx, workspaceId).get(tool_id);
    if (tool === undefined) throw new ApiError(404, "tool not found");
    return tool;
  }

  function assertNameFree(workspaceId: string, name: string, except?: string): void {
    if (ctx.faults.has("tool-names-not-unique")) return;
    for (const { record } of toolsOf(ctx, workspaceId).values()) {
      if (record.name === name && record.id !== except) throw new ApiError(400, TOOL_NAME_TAKEN);
    }
  }

  app.post("/v1/tools", async (request, reply) => {
    requireRole(request.principal, "EDITOR");
    const config = parse(ctx, ToolCreate, request.body, "body");
    assertNameForm(ctx, config.name);
    const workspaceId = request.principal.workspaceId;
    assertNameFree(workspaceId, config.name);
    assertTreeSound(ctx, config);
    const at = now();
    const record = {
      id: mintId(ctx),
      name: config.name,
      config: plantedStored(ctx, config) ?? config,
      published_version: null,
      published_config: null,
      created_at: at,
      updated_at: at,
    };
    toolsOf(ctx, workspaceId).set(record.id, { record, versions: new Map() });
    ctx.store.workspace(workspaceId).touch(record.id);
    return reply.status(201).send(record);
  });

  app.get("/v1/tools", async (request) => {
    const paging = parsePaging(ctx, request.query);
    const state = ctx.store.workspace(request.principal.workspaceId);
    const rows = [...toolsOf(ctx, request.principal.workspaceId).values()].map((tool) => tool.record);
    return pageOf(ctx, byCreation(ctx, rows) ?? state.newestFirst(rows), paging);
  });

  app.get("/v1/tools/:tool_id", async (request) => find(request.principal.workspaceId, request.params).record);

  app.patch("/v1/tools/:tool_id", async (request) => {
    requireRole(request.principal, "EDITOR");
    const workspaceId = request.principal.workspaceId;
    const tool = find(workspaceId, request.params);
    const patch = parse(ctx, ToolPatch, request.body, "body");
    assertNameForm(ctx, patch.name);
    const config = mergeTool(ctx, tool.record.config, patch);
    assertNameFree(workspaceId, config.name, tool.record.id);
    assertTreeSound(ctx, config);
    // Writes land on the draft (9): the published versions are never touched here.
    tool.record.config = config;
    tool.record.name = config.name;
    tool.record.updated_at = now();
    ctx.store.workspace(workspaceId).touch(tool.record.id);
    return tool.record;
  });

  app.delete("/v1/tools/:tool_id", async (request, reply) => {
    requireRole(request.principal, "EDITOR");
    const workspaceId = request.principal.workspaceId;
    const tool = find(workspaceId, request.params);
    toolsOf(ctx, workspaceId).delete(tool.record.id);
    ctx.store.workspace(workspaceId).editSeq.delete(tool.record.id);
    // The planted bug answers a bodiless 204, the REST habit, where 2.7 says {ok: true}.
    if (ctx.faults.has("tool-delete-204")) return reply.status(204).send();
    return { ok: true };
  });

  app.post("/v1/tools/:tool_id/validate", async (request) => {
    const tool = find(request.principal.workspaceId, request.params);
    // The planted bug reads the published config where there is one; validate judges the draft (7).
    const judged = ctx.faults.has("tool-validate-reads-published")
      ? (tool.record.published_config ?? tool.record.config)
      : tool.record.config;
    const result = validateTool(judged, ctx.variants.has("tool-description-required"));
    if (ctx.faults.has("validate-400-on-errors") && result.errors.length > 0) {
      throw new ApiError(400, "the tool has validation errors", result.errors);
    }
    return result;
  });

  app.post("/v1/tools/:tool_id/publish", async (request) => {
    requireRole(request.principal, "EDITOR");
    const tool = find(request.principal.workspaceId, request.params);
    const result = validateTool(tool.record.config, ctx.variants.has("tool-description-required"));
    if (result.errors.length > 0 && !ctx.faults.has("publish-succeeds-with-errors")) {
      throw new ApiError(400, "the tool has validation errors and was not published", result.errors);
    }
    // Warnings never block a publish (7); the planted bug counts them as errors.
    if (result.warnings.length > 0 && ctx.faults.has("tool-publish-blocks-on-warnings")) {
      throw new ApiError(400, "the tool has validation warnings and was not published", result.warnings);
    }
    const version = (tool.record.published_version ?? 0) + 1;
    // Publish makes the draft the live version (3.3); the planted bug keeps re-publishing the first snapshot.
    const source = ctx.faults.has("tool-republish-keeps-first-config")
      ? (tool.record.published_config ?? tool.record.config)
      : tool.record.config;
    const snapshot = structuredClone(source);
    tool.versions.set(version, snapshot);
    tool.record.published_version = version;
    tool.record.published_config = structuredClone(snapshot);
    return { ...tool.record, warnings: result.warnings };
  });
}

/** Planted `tools-by-creation`: newest created first, whatever was edited since (planted faults only). */
function byCreation<T>(ctx: PlatformContext, inCreationOrder: T[]): T[] | undefined {
  return ctx.faults.has("tools-by-creation") ? [...inCreationOrder].reverse() : undefined;
}

/** The planted `tool-url-presence-only`: an http operation's url is looked for, never parsed (planted faults only). */
function urlPresenceOnly(tool: InlineTool): string[] {
  return operationTreeProblems(tool).filter((line) => {
    const at = /^operations\.(\d+)\.config\.url:/.exec(line);
    return at === null || tool.operations?.[Number(at[1])]?.config?.url === undefined;
  });
}

/**
 * What the planted store bugs keep of a created tool (planted faults only): the top-level fields through a
 * compact() that drops false ones, or each operation's timeout converted to milliseconds.
 */
function plantedStored(ctx: PlatformContext, config: InlineTool): InlineTool | undefined {
  if (ctx.faults.has("tool-false-fields-dropped")) {
    return Object.fromEntries(Object.entries(config).filter(([, value]) => value !== false)) as InlineTool;
  }
  if (ctx.faults.has("operation-timeout-in-ms")) {
    const operations = config.operations?.map((op) =>
      op.config?.timeout === undefined ? op : { ...op, config: { ...op.config, timeout: op.config.timeout * 1000 } },
    );
    return { ...config, ...(operations === undefined ? {} : { operations }) };
  }
  return undefined;
}
