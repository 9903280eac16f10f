// Workspace secrets (5 item 6): writes are ADMIN only; lists are readable by every role and show
// a name and a masked tail, never a value. Paths are profile assumptions (4.1).
import type { FastifyInstance } from "fastify";
import { SecretWrite } from "../../../spec/byok.ts";
import { pathParams } from "../../../spec/path-params.ts";
import { ApiError } from "../../shared/api-error.ts";
import type { PlatformContext } from "../context.ts";
import { requireRole } from "../http/auth.ts";
import { pageOf, parsePaging } from "../http/paging.ts";
import { parse } from "../http/parse.ts";

const NameParams = pathParams("name");

/** The last four characters behind a fixed mask, so the length is not disclosed either. */
export function maskedTail(ctx: PlatformContext, value: string): string {
  // 5 item 6 shows "a masked tail", not its form: the served profile's.
  const { prefix, chars } = ctx.profile.masked_tail;
  return `${prefix}${value.slice(-chars)}`;
}

export function secretsRoutes(app: FastifyInstance, ctx: PlatformContext): void {
  app.get("/v1/secrets", async (request) => {
    const paging = parsePaging(ctx, request.query);
    const state = ctx.store.workspace(request.principal.workspaceId);
    const rows = [...state.secrets.values()]
      .sort((a, b) => a.name.localeCompare(b.name))
      .map((s) => ({
        name: s.name,
        // The planted bug hides only the first character.
        masked: ctx.faults.has("secret-list-masks-first-char") ? `*${s.value.slice(1)}` : maskedTail(ctx, s.value),
        updated_at: s.updated_at,
      }));
    if (ctx.faults.has("secret-list-whole-empty")) return { secrets: [] };
    // 2.1 names no secret list among the paged ones: a server may answer it whole.
    return ctx.variants.has("masked-lists-whole") ? { secrets: rows } : pageOf(ctx, rows, paging);
  });

  app.put("/v1/secrets/:name", async (request, reply) => {
    requireRole(request.principal, "ADMIN");
    const { name } = parse(ctx, NameParams, request.params, "path");
    const { value } = parse(ctx, SecretWrite, request.body, "body");
    const updated_at = new Date(ctx.clock.now()).toISOString();
    const secrets = ctx.store.workspace(request.principal.workspaceId).secrets;
    if (!secrets.has(name) && ctx.variants.has("put-201-on-create")) reply.status(201);
    secrets.set(name, { name, value, updated_at });
    return { name, masked: maskedTail(ctx, value), updated_at };
  });

  app.delete("/v1/secrets/:name", async (request) => {
    requireRole(request.principal, "ADMIN");
    const { name } = parse(ctx, NameParams, request.params, "path");
    if (!ctx.store.workspace(request.principal.workspaceId).secrets.delete(name)) {
      throw new ApiError(404, "secret not found");
    }
    // The planted bug answers the delete in the shape of another API's.
    if (ctx.faults.has("secret-delete-answers-deleted")) return { deleted: true };
    return { ok: true };
  });
}
