// Agents (2.9, 4): create/list/get/delete (profile paths), PATCH replaces whole, validate, publish.
import type { FastifyInstance } from "fastify";
import { AgentConfig, type AgentRecord } from "../../../spec/agent.ts";
import { ApiError } from "../../shared/api-error.ts";
import { channelRequired } from "../agents/channel-required.ts";
import { withDefaults } from "../agents/defaults.ts";
import { agentValidation, assertAgentWritable } from "../agents/rules.ts";
import { looseUntypedFields } from "../agents/untyped-fields.ts";
import { listedLanguageCode } from "../catalog/variant-catalog.ts";
import type { PlatformContext } from "../context.ts";
import { requireRole } from "../http/auth.ts";
import { pageOf, parsePaging } from "../http/paging.ts";
import { parse, pathId, withoutNullMembers } from "../http/parse.ts";
import { mintId } from "../ids.ts";
import type { WorkspaceState } from "../store.ts";

const NAME_TAKEN = "an agent with that name already exists";

export function agentsRoutes(app: FastifyInstance, ctx: PlatformContext): void {
  const ws = (workspaceId: string) => ctx.store.workspace(workspaceId);

  /** 2.9 marks no field nullable: a legal variant reads an explicit null as the field left out. */
  const agentBody = (body: unknown) => {
    const read = ctx.variants.has("null-as-absent") ? withoutNullMembers(body) : body;
    return ctx.variants.has("untyped-fields-loose") ? looseUntypedFields(read) : read;
  };

  function find(state: WorkspaceState, params: unknown): AgentRecord {
    const agent_id = pathId(ctx, "agent_id", params);
    const agent = state.agents.get(agent_id);
    if (agent === undefined) throw new ApiError(404, "agent not found");
    return agent;
  }

  function assertNameFree(state: WorkspaceState, name: string, except?: string): void {
    if (ctx.faults.has("agent-names-not-unique")) return;
    for (const agent of state.agents.values()) {
      if (agent.name === name && agent.id !== except) throw new ApiError(400, NAME_TAKEN);
    }
  }

  app.post("/v1/agents", async (request, reply) => {
    requireRole(request.principal, "EDITOR");
    const body = agentBody(request.body);
    channelRequired(ctx, body);
    const config = parse(ctx, AgentConfig, body, "body");
    const state = ws(request.principal.workspaceId);
    assertNameFree(state, config.name);
    assertAgentWritable(ctx, request.principal.workspaceId, config);
    const now = new Date(ctx.clock.now()).toISOString();
    const agent: AgentRecord = {
      id: mintId(ctx),
      name: config.name,
      config: ctx.faults.has("agent-defaults-win")
        ? defaultsOver(config, listedLanguageCode(ctx, "en"))
        : withDefaults(config, listedLanguageCode(ctx, "en")),
      published_version: null,
      published_config: null,
      created_at: now,
      updated_at: now,
    };
    state.agents.set(agent.id, agent);
    state.touch(agent.id);
    return reply.status(201).send(agent);
  });

  app.get("/v1/agents", async (request) => {
    const paging = parsePaging(ctx, request.query);
    const state = ws(request.principal.workspaceId);
    const ordered = byCreation(ctx, state.agents.values()) ?? state.newestFirst(state.agents.values());
    if (ctx.faults.has("oldest-first")) ordered.reverse();
    return pageOf(ctx, ordered, paging);
  });

  app.get("/v1/agents/:agent_id", async (request) => find(ws(request.principal.workspaceId), request.params));

  app.patch("/v1/agents/:agent_id", async (request) => {
    requireRole(request.principal, "EDITOR");
    const state = ws(request.principal.workspaceId);
    const agent = find(state, request.params);
    channelRequired(ctx, agentBody(request.body));
    const config = parse(ctx, AgentConfig, agentBody(request.body), "body");
    assertNameFree(state, config.name, agent.id);
    assertAgentWritable(ctx, request.principal.workspaceId, config);
    // 4: the agent is written whole; anything omitted reverts to its default.
    agent.config = ctx.faults.has("agent-patch-merges")
      ? { ...agent.config, ...config }
      : withDefaults(config, listedLanguageCode(ctx, "en"));
    agent.name = config.name;
    // The planted bug writes a published agent's live config along with its draft.
    if (ctx.faults.has("agent-patch-writes-live") && agent.published_config !== null) {
      agent.published_config = structuredClone(agent.config);
    }
    agent.updated_at = new Date(ctx.clock.now()).toISOString();
    state.touch(agent.id);
    return agent;
  });

  app.delete("/v1/agents/:agent_id", async (request) => {
    requireRole(request.principal, "EDITOR");
    const state = ws(request.principal.workspaceId);
    const agent = find(state, request.params);
    state.agents.delete(agent.id);
    state.agentVersions.delete(agent.id);
    state.editSeq.delete(agent.id);
    // The planted bug answers the deleted record, as many REST APIs do, where 2.7 says {ok: true}.
    if (ctx.faults.has("agent-delete-answers-record")) return agent;
    return { ok: true };
  });

  app.post("/v1/agents/:agent_id/validate", async (request) => {
    const state = ws(request.principal.workspaceId);
    const agent = find(state, request.params);
    const result = agentValidation(ctx, request.principal.workspaceId, agent.config, (id) => state.agents.has(id));
    if (ctx.faults.has("validate-400-on-errors") && result.errors.length > 0) {
      throw new ApiError(400, "the agent has validation errors", result.errors);
    }
    return result;
  });

  app.post("/v1/agents/:agent_id/publish", async (request) => {
    requireRole(request.principal, "EDITOR");
    const state = ws(request.principal.workspaceId);
    const agent = find(state, request.params);
    const result = agentValidation(ctx, request.principal.workspaceId, agent.config, (id) => state.agents.has(id));
    if (result.errors.length > 0 && !ctx.faults.has("publish-succeeds-with-errors")) {
      throw new ApiError(400, "the agent has validation errors and was not published", result.errors);
    }
    agent.published_version = (agent.published_version ?? 0) + 1;
    agent.published_config = structuredClone(agent.config);
    const versions = state.agentVersions.get(agent.id) ?? new Map<number, AgentConfig>();
    state.agentVersions.set(agent.id, versions.set(agent.published_version, agent.published_config));
    return { ...agent, warnings: result.warnings };
  });
}

/** Planted `agents-by-creation`: newest created first, whatever was edited since (planted faults only). */
function byCreation<T>(ctx: PlatformContext, inCreationOrder: Iterable<T>): T[] | undefined {
  return ctx.faults.has("agents-by-creation") ? [...inCreationOrder].reverse() : undefined;
}

/** Planted `agent-defaults-win`: the defaults spread after the body, so every defaulted field is reset (planted faults only). */
function defaultsOver(config: AgentConfig, language: string): AgentConfig {
  return { ...config, ...withDefaults({ name: config.name } as AgentConfig, language) };
}
