// GET /v1/email/senders and GET /v1/observability (4): the whole list, unpaged (a bare JSON array; any
// paging query is ignored). Rows are seeded through test control (/_test/email-senders, /_test/observability).
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { ApiError } from "../../shared/api-error.ts";
import type { PlatformContext } from "../context.ts";
import { authenticate } from "../http/auth.ts";
import { pageOf, parsePaging } from "../http/paging.ts";
import { parse } from "../http/parse.ts";
import { mintId } from "../ids.ts";
import { serviceListsOf } from "../service/lists.ts";

const SenderSeed = z.object({
  email: z.email(),
  name: z.string().min(1).max(200),
  verified: z.boolean().default(true),
});
const SinkSeed = z.object({
  kind: z.string().min(1).max(50),
  name: z.string().min(1).max(200),
  enabled: z.boolean().default(true),
});
const IdParams = z.object({ id: z.uuid() });

export function serviceRoutes(app: FastifyInstance, ctx: PlatformContext): void {
  app.get("/v1/email/senders", async (request) => {
    const { senders } = serviceListsOf(ctx, request.principal.workspaceId);
    // The planted bug serves it through the paged lists' helper.
    if (ctx.faults.has("email-senders-paged")) return pageOf(ctx, senders, parsePaging(ctx, request.query));
    // The planted bug wraps the whole list with a count, like the galleries' total_count.
    return ctx.faults.has("unpaged-list-count") ? { items: senders, count: senders.length } : senders;
  });
  app.get("/v1/observability", async (request) => {
    const { sinks } = serviceListsOf(ctx, request.principal.workspaceId);
    // The planted bug applies a limit and offset sent in the query to the bare list.
    if (ctx.faults.has("observability-honours-paging")) {
      const { limit, offset } = parsePaging(ctx, request.query);
      return sinks.slice(offset, offset + limit);
    }
    return sinks;
  });

  app.post("/_test/email-senders", async (request, reply) => {
    const { workspaceId } = await authenticate(request, ctx);
    const row = { id: mintId(ctx), ...parse(ctx, SenderSeed, request.body, "body") };
    serviceListsOf(ctx, workspaceId).senders.push(row);
    return reply.status(201).send(row);
  });

  app.post("/_test/observability", async (request, reply) => {
    const { workspaceId } = await authenticate(request, ctx);
    const row = { id: mintId(ctx), ...parse(ctx, SinkSeed, request.body, "body") };
    serviceListsOf(ctx, workspaceId).sinks.push(row);
    return reply.status(201).send(row);
  });

  for (const [path, list] of [
    ["/_test/email-senders/:id", "senders"],
    ["/_test/observability/:id", "sinks"],
  ] as const) {
    app.delete(path, async (request) => {
      const { workspaceId } = await authenticate(request, ctx);
      const { id } = parse(ctx, IdParams, request.params, "path");
      const rows: Array<{ id: string }> = serviceListsOf(ctx, workspaceId)[list];
      const at = rows.findIndex((row) => row.id === id);
      if (at < 0) throw new ApiError(404, "row not found");
      rows.splice(at, 1);
      return { ok: true };
    });
  }
}
