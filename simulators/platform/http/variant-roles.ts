// Role requirements of the role variants (5 item 6: "Role requirements of other operations: not shown"),
// laid over the routes' own: what the spec shows (web call tokens need EDITOR, secret and provider-key
// writes ADMIN, their lists and the streams open to everyone) holds whatever the variant.
import type { FastifyInstance } from "fastify";
import { ApiError } from "../../shared/api-error.ts";
import type { PlatformContext } from "../context.ts";

/** Writes of agents, tools, tasks and webhooks (and knowledge bases): no role requirement is shown for them. */
const UNSHOWN_WRITES = new Set([
  "POST /v1/agents",
  "PATCH /v1/agents/:agent_id",
  "DELETE /v1/agents/:agent_id",
  "POST /v1/agents/:agent_id/publish",
  "POST /v1/tools",
  "PATCH /v1/tools/:tool_id",
  "DELETE /v1/tools/:tool_id",
  "POST /v1/tools/:tool_id/publish",
  "POST /v1/tasks",
  "PATCH /v1/tasks/:task_id",
  "DELETE /v1/tasks/:task_id",
  "POST /v1/webhooks",
  "PATCH /v1/webhooks/:webhook_id",
  "DELETE /v1/webhooks/:webhook_id",
  "POST /v1/webhooks/:webhook_id/rotate-secret",
  "POST /v1/webhooks/:webhook_id/test",
]);
const KNOWLEDGE_WRITES = new Set([
  "POST /v1/knowledge",
  "POST /v1/knowledge/:kb_id/build",
  "DELETE /v1/knowledge/:kb_id",
]);

/** What 4 and 5 item 6 open to every role (the streams are "any authenticated"), and the EDITOR gate 5 shows. */
const OPEN_TO_VIEWERS = new Set([
  "GET /v1/secrets",
  "GET /v1/byok",
  "GET /v1/conversations/:conversation_id/events",
  "GET /v1/knowledge/:kb_id/events",
  "POST /v1/calls/token",
]);

export function variantRoles(app: FastifyInstance, ctx: PlatformContext): void {
  const { variants } = ctx;
  if (!variants.has("viewer-may-write") && !variants.has("writes-need-admin") && !variants.has("viewer-reads-refused"))
    return;
  app.addHook("onRequest", async (request) => {
    const principal = request.principal;
    if (principal === null || principal === undefined) return;
    const route = `${request.method} ${request.routeOptions.url ?? ""}`;
    const write = UNSHOWN_WRITES.has(route) || KNOWLEDGE_WRITES.has(route);
    if (variants.has("viewer-may-write") && principal.role === "VIEWER" && write) {
      request.principal = { ...principal, role: "EDITOR" };
    }
    if (variants.has("writes-need-admin") && principal.role === "EDITOR" && UNSHOWN_WRITES.has(route)) {
      throw new ApiError(403, "this operation needs the ADMIN role");
    }
    if (variants.has("viewer-reads-refused") && principal.role === "VIEWER" && !OPEN_TO_VIEWERS.has(route)) {
      // Writes keep the routes' own refusals; reads not opened to every role are refused here.
      if (request.method === "GET") throw new ApiError(403, "this operation needs the EDITOR role");
    }
  });
}
