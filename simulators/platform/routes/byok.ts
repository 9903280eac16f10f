// Provider keys (4, 5 items 6-7, 7): writes are ADMIN only and verified with the provider before anything
// is stored; the list (profile `byok.list`) is readable by every role and shows a name and a masked tail.
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { ProviderKeyWrite } from "../../../spec/byok.ts";
import { pathParams } from "../../../spec/path-params.ts";
import { ApiError } from "../../shared/api-error.ts";
import { verifyKey } from "../byok/verify.ts";
import { providerKeys, removeKey, type StoredProviderKey, storeKey } from "../byok-keys.ts";
import { catalogOf, knownProviders } from "../catalog/catalog.ts";
import type { PlatformContext } from "../context.ts";
import { requireRole } from "../http/auth.ts";
import { pageOf, parsePaging } from "../http/paging.ts";
import { parse } from "../http/parse.ts";
import { maskedTail } from "./secrets.ts";

const ProviderParams = pathParams("provider");

/** The `byok-key-form-422` variant's body: a key of the form the (simulated) provider issues, or a 422. */
const KeyOfProviderForm = z.object({
  api_key: z.string().regex(/^sk-[a-z]+-[0-9a-f]{48}$/, "not a key of the form the provider issues"),
});

export const KEY_REJECTED = "the provider rejected the key";
export const PROVIDER_UNREACHABLE = "the provider could not be reached to verify the key; nothing was stored";

export function byokRoutes(app: FastifyInstance, ctx: PlatformContext): void {
  const writerRole = ctx.faults.has("byok-editor-can-write") ? "EDITOR" : "ADMIN";

  app.get("/v1/byok", async (request) => {
    // The planted bug guards the list with the writers' role, as the routes beside it.
    if (ctx.faults.has("byok-list-admin-only")) requireRole(request.principal, writerRole);
    const paging = parsePaging(ctx, request.query);
    const workspaceId = request.principal.workspaceId;
    const keys = ctx.faults.has("byok-delete-keeps-listing")
      ? listing(ctx, workspaceId)
      : providerKeys(ctx, workspaceId);
    const rows = [...keys.values()]
      .sort((a, b) => a.provider.localeCompare(b.provider))
      .map((key) => ({
        name: key.provider,
        masked: ctx.faults.has("byok-list-full-value") ? key.value : maskedTail(ctx, key.value),
        updated_at: key.updated_at,
      }));
    // 2.1 names no provider-key list among the paged ones: a server may answer it whole.
    return ctx.variants.has("masked-lists-whole") ? rows : pageOf(ctx, rows, paging);
  });

  app.put("/v1/byok/:provider", async (request, reply) => {
    requireRole(request.principal, writerRole);
    const { provider } = parse(ctx, ProviderParams, request.params, "path");
    const { api_key } = parse(
      ctx,
      ctx.variants.has("byok-key-form-422") ? KeyOfProviderForm : ProviderKeyWrite,
      request.body,
      "body",
    );
    if (!knownProviders(catalogOf(ctx)).includes(provider)) {
      throw new ApiError(400, `unknown provider ${provider} (not in the catalog)`);
    }
    const workspaceId = request.principal.workspaceId;
    const previous = providerKeys(ctx, workspaceId).get(provider);
    // The planted bug strips the trailing newline a pasted key may carry without looking for one.
    const value = ctx.faults.has("byok-key-last-char-dropped") ? api_key.slice(0, -1) : api_key;
    const key = { provider, value, updated_at: new Date(ctx.clock.now()).toISOString() };
    const early = ctx.faults.has("byok-stores-before-verifying");
    if (early) storeKey(ctx, workspaceId, key);
    const verdict = await verifyKey(ctx, api_key);
    if (verdict === "unreachable") {
      if (ctx.faults.has("byok-502-wipes-existing")) removeKey(ctx, workspaceId, provider);
      throw new ApiError(502, PROVIDER_UNREACHABLE);
    }
    if (verdict === "rejected") {
      if (early && previous !== undefined) storeKey(ctx, workspaceId, previous);
      else if (early) removeKey(ctx, workspaceId, provider);
      if (ctx.faults.has("byok-rejected-key-422")) {
        // The line names the field by the platform's name; the profile's boundary names it as the request did.
        const line = `api_key: ${KEY_REJECTED}`;
        throw new ApiError(422, line, [line]);
      }
      throw new ApiError(400, KEY_REJECTED);
    }
    const answer = { name: provider, masked: maskedTail(ctx, api_key), updated_at: key.updated_at };
    // The planted insert ignores a conflict: a replacement answers as stored, and the first key stays.
    if (ctx.faults.has("byok-put-keeps-first-key") && previous !== undefined) return answer;
    storeKey(ctx, workspaceId, key);
    if (ctx.faults.has("byok-delete-keeps-listing")) listing(ctx, workspaceId).set(provider, key);
    if (previous === undefined && ctx.variants.has("put-201-on-create")) reply.status(201);
    return answer;
  });

  app.delete("/v1/byok/:provider", async (request) => {
    requireRole(request.principal, writerRole);
    const { provider } = parse(ctx, ProviderParams, request.params, "path");
    if (!removeKey(ctx, request.principal.workspaceId, provider)) {
      throw new ApiError(404, `no key is stored for ${provider}`);
    }
    return { ok: true };
  });
}

/**
 * The planted `byok-delete-keeps-listing`: the list reads a table of key rows that PUT writes beside the key
 * store and DELETE never clears (planted faults only).
 */
function listing(ctx: PlatformContext, workspaceId: string): Map<string, StoredProviderKey> {
  return ctx.store.workspace(workspaceId).slice("byok-listing", () => new Map<string, StoredProviderKey>());
}
