// Integration triggers (2.3, paged) and MCP tools (unpaged), read-only in the API. Integrations and triggers
// are seeded through test control under /_test/integrations, and an inbound channel message is reported
// there the way the messaging provider would; the credential names the workspace.
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { InboundMessage, IntegrationSeed, type Trigger, TriggerSeed } from "../../../spec/integration.ts";
import { ApiError } from "../../shared/api-error.ts";
import type { PlatformContext } from "../context.ts";
import { conversationRuntime } from "../conversations/runtime.ts";
import { authenticate } from "../http/auth.ts";
import { pageOf, parsePaging } from "../http/paging.ts";
import { parse } from "../http/parse.ts";
import { mintId } from "../ids.ts";
import { receiveInbound } from "../integrations/inbound.ts";
import { type Integration, integrationsOf } from "../integrations/state.ts";
import { closeOutbound } from "../outbound/send.ts";

const IntegrationParams = z.object({ integration_id: z.uuid() });

/** Planted `trigger-metadata-json-text`: metadata as its column's JSON text (planted faults only). */
function metadataAsText(trigger: Trigger): object {
  return { ...trigger, metadata: JSON.stringify(trigger.metadata) };
}

/** Planted `trigger-type-without-provider`: the event name alone, the provider left in the integration (planted faults only). */
function bareTriggerType(trigger: Trigger): object {
  return { ...trigger, trigger_type: "message.inbound" };
}

export function integrationsRoutes(app: FastifyInstance, ctx: PlatformContext): void {
  const runtime = conversationRuntime(app, ctx);
  app.addHook("onClose", async () => closeOutbound(ctx));

  function find(workspaceId: string, params: unknown): Integration {
    const { integration_id } = parse(ctx, IntegrationParams, params, "path");
    const integration = integrationsOf(ctx, workspaceId).get(integration_id);
    if (integration === undefined) throw new ApiError(404, "integration not found");
    return integration;
  }

  app.get("/v1/integrations/:integration_id/triggers", async (request) => {
    const paging = parsePaging(ctx, request.query);
    // The planted bug: triggers are selected by integration_id without looking the integration up first.
    if (ctx.faults.has("triggers-unknown-integration-empty")) {
      const { integration_id } = parse(ctx, IntegrationParams, request.params, "path");
      if (!integrationsOf(ctx, request.principal.workspaceId).has(integration_id)) return pageOf(ctx, [], paging);
    }
    const integration = find(request.principal.workspaceId, request.params);
    // A legal variant lists them oldest first: 2.1 does not name triggers among the newest-first lists.
    const rows = ctx.variants.has("triggers-oldest-first")
      ? [...integration.triggers]
      : [...integration.triggers].reverse();
    // The planted bug: the store query is given the limit but not the offset.
    if (ctx.faults.has("triggers-offset-ignored")) return pageOf(ctx, rows, { ...paging, offset: 0 });
    // The planted bugs: metadata served as the JSON text of its column; trigger_type as the bare event name.
    if (ctx.faults.has("trigger-metadata-json-text")) return pageOf(ctx, rows.map(metadataAsText), paging);
    if (ctx.faults.has("trigger-type-without-provider")) return pageOf(ctx, rows.map(bareTriggerType), paging);
    return pageOf(ctx, rows, paging);
  });

  app.get("/v1/integrations/:integration_id/mcp-tools", async (request) => {
    const tools = find(request.principal.workspaceId, request.params).mcp_tools;
    // The planted bug: the list goes through the shared paged-list helper, as the triggers list does.
    if (ctx.faults.has("mcp-tools-paged")) return pageOf(ctx, tools, parsePaging(ctx, request.query));
    return tools;
  });

  app.post("/_test/integrations", async (request, reply) => {
    const { workspaceId } = await authenticate(request, ctx);
    const seed = parse(ctx, IntegrationSeed, request.body, "body");
    const integration: Integration = {
      id: mintId(ctx),
      provider: seed.provider,
      mcp_tools: seed.mcp_tools,
      triggers: [],
      channelUrl: seed.channel_url,
      threads: new Map(),
    };
    integrationsOf(ctx, workspaceId).set(integration.id, integration);
    return reply.status(201).send({ id: integration.id, provider: integration.provider });
  });

  app.post("/_test/integrations/:integration_id/triggers", async (request, reply) => {
    const { workspaceId } = await authenticate(request, ctx);
    const integration = find(workspaceId, request.params);
    const seed = parse(ctx, TriggerSeed, request.body, "body");
    const at = new Date(ctx.clock.now()).toISOString();
    const trigger: Trigger = {
      id: mintId(ctx),
      integration_id: integration.id,
      agent_id: seed.agent_id ?? mintId(ctx),
      trigger_type: `${integration.provider}.message.inbound`,
      reply_mode: seed.reply_mode,
      status: seed.status,
      enabled: seed.enabled,
      metadata: seed.metadata,
      provider_subscription_ref: `sub_${mintId(ctx).replaceAll("-", "")}`,
      created_at: at,
      updated_at: at,
    };
    integration.triggers.push(trigger);
    return reply.status(201).send(trigger);
  });

  // The messaging provider reports an inbound message: each listening trigger's agent answers it.
  app.post("/_test/integrations/:integration_id/inbound", async (request, reply) => {
    const { workspaceId } = await authenticate(request, ctx);
    const integration = find(workspaceId, request.params);
    const message = parse(ctx, InboundMessage, request.body, "body");
    return reply.status(202).send(receiveInbound(ctx, runtime, workspaceId, integration, message));
  });

  app.delete("/_test/integrations/:integration_id", async (request) => {
    const { workspaceId } = await authenticate(request, ctx);
    const integration = find(workspaceId, request.params);
    integrationsOf(ctx, workspaceId).delete(integration.id);
    return { ok: true };
  });
}
