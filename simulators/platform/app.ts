// One regional instance of the reference platform: the embedded default that `run` certifies.
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { request } from "undici";
import { ApiError } from "../shared/api-error.ts";
import { createServer } from "../shared/server.ts";
import type { PlatformContext } from "./context.ts";
import { creditLedger, shareProcessLedger } from "./credits/ledger.ts";
import { plantedWriteGate } from "./credits/planted-write-gate.ts";
import { installHostile } from "./hostile/index.ts";
import { authenticate } from "./http/auth.ts";
import { closeControlPlaneClient } from "./http/control-plane-client.ts";
import { methodNotAllowed } from "./http/method-not-allowed.ts";
import { bodyLimitFor, optionalBehaviours } from "./http/optional-behaviours.ts";
import { plantedIdempotencyCache, plantedRateLimit } from "./http/planted-limits.ts";
import { profileRewrites, rewriteUrl } from "./http/profile-paths.ts";
import { profileShapes } from "./http/profile-shapes.ts";
import { variantReplies } from "./http/variant-replies.ts";
import { variantRoles } from "./http/variant-roles.ts";
import { controlHostRoutes } from "./regions/control-host.ts";
import { agentsRoutes } from "./routes/agents.ts";
import { batchesRoutes } from "./routes/batches.ts";
import { byokRoutes } from "./routes/byok.ts";
import { callsRoutes } from "./routes/calls.ts";
import { carrierWebhookRoutes } from "./routes/carrier-webhooks.ts";
import { catalogRoutes } from "./routes/catalog.ts";
import { conversationsRoutes } from "./routes/conversations.ts";
import { integrationsRoutes } from "./routes/integrations.ts";
import { knowledgeRoutes } from "./routes/knowledge.ts";
import { secretsRoutes } from "./routes/secrets.ts";
import { serviceRoutes } from "./routes/service.ts";
import { tasksRoutes } from "./routes/tasks.ts";
import { telephonyRoutes } from "./routes/telephony.ts";
import { testControlRoutes } from "./routes/test-control.ts";
import { toolsRoutes } from "./routes/tools.ts";
import { webhooksRoutes } from "./routes/webhooks.ts";
import { formatFrame } from "./sse/frame.ts";

/** Paths that need no credential: only GET /health (4), plus the test-control hooks and the signed carrier webhooks. */
function isPublic(ctx: PlatformContext, method: string, path: string): boolean {
  if (path === "/health") return method === "GET" && !ctx.faults.has("health-needs-auth");
  return path.startsWith("/_test/") || path.startsWith("/_carrier/");
}

export function buildPlatform(ctx: PlatformContext): FastifyInstance {
  const rewrites = profileRewrites(ctx.profile);
  const app = createServer({
    // The planted off-by-one refuses a body of exactly the limit (`>=` where `>` was meant).
    bodyLimit: ctx.faults.has("body-limit-off-by-one") ? bodyLimitFor(ctx.profile) - 1 : bodyLimitFor(ctx.profile),
    ...(rewrites.length > 0 ? { rewriteUrl: (method, url) => rewriteUrl(rewrites, method, url) } : {}),
    ...(ctx.faults.has("unversioned-alias")
      ? { rewriteUrl: (method: string, url: string) => rewriteUrl(rewrites, method, unversionedAlias(url)) }
      : {}),
  });
  app.decorateRequest("principal", null as never);
  // First, so a hostile answer comes whatever the credential, as a misbehaving proxy's would.
  installHostile(app, ctx.hostile ?? []);
  optionalBehaviours(app, ctx.profile);
  if (ctx.faults.has("version-header-success-only")) {
    // The version header written by the success path alone: an error answer goes out without it.
    app.addHook("onSend", async (_request, reply, payload) => {
      if (reply.statusCode >= 400) reply.removeHeader(ctx.profile.version_header);
      return payload;
    });
  }
  // A legal variant: a region whose workspaces hold no credits until someone sets a balance.
  // The planted bug: one ledger object for the process, shared by every regional instance (first, so every
  // later reader of this region's ledger gets the shared one).
  if (ctx.faults.has("credits-ledger-process-wide")) shareProcessLedger(ctx.store);
  if (ctx.variants.has("no-credits")) creditLedger(ctx.store).setAll(0);

  if (ctx.faults.has("404-plain-text")) {
    // The framework's default page for unmatched routes left in place of the envelope.
    app.addHook("onSend", async (request, reply, payload) => {
      if (reply.statusCode !== 404 || request.routeOptions.url !== undefined) return payload;
      reply.type("text/plain");
      return "Not Found";
    });
  }
  if (ctx.faults.has("errors-array-omitted")) {
    app.addHook("onSend", async (_request, reply, payload) => {
      if (reply.statusCode < 400 || typeof payload !== "string") return payload;
      const body = JSON.parse(payload) as { detail?: { errors?: unknown[] } };
      if (body.detail?.errors?.length === 0) delete body.detail.errors;
      return JSON.stringify(body);
    });
  }

  if (ctx.faults.has("403-one-message")) {
    // A shared error mapper that words every refusal alike, so the two 403s no longer tell which role is missing.
    app.addHook("onSend", async (_request, reply, payload) => {
      if (reply.statusCode !== 403 || typeof payload !== "string") return payload;
      const body = JSON.parse(payload) as { detail?: { message?: string } };
      if (body.detail !== undefined) body.detail.message = "forbidden";
      return JSON.stringify(body);
    });
  }

  // The profile's shapes and words (`serve --profile`), then the variants: each writes its server's way
  // whatever the body holds.
  profileShapes(app, ctx.profile);
  // After the planted faults' hooks: a variant writes the reply as its server would, whatever the reply is.
  variantReplies(app, ctx);

  app.addHook("onClose", () => closeControlPlaneClient(ctx));
  app.addHook("onRequest", async (request, reply) => {
    const path = request.url.split("?")[0]!;
    if (isPublic(ctx, request.method, path)) return;
    // The planted bug: a stream route hijacks its reply first, so a refused credential becomes an error frame.
    if (ctx.faults.has("sse-auth-error-frame") && path.endsWith("/events")) {
      return streamAuthenticate(request, reply, ctx);
    }
    request.principal = await authenticate(request, ctx);
  });
  variantRoles(app, ctx);
  if (ctx.faults.has("writes-402-without-credits")) plantedWriteGate(app, ctx);
  if (ctx.faults.has("idempotency-key-honoured")) plantedIdempotencyCache(app);
  if (ctx.faults.has("rate-limited")) plantedRateLimit(app);
  methodNotAllowed(app);

  // 1: no region field anywhere; the base URL is the region.
  // 4: 200 when the API process answers; it does not promise its dependencies (the planted bug does).
  app.get("/health", async () => {
    if (ctx.faults.has("health-probes-control-plane")) await probeControlPlane(ctx);
    // The planted bug: the health answer names the instance's region, for the load balancer's dashboard.
    if (ctx.faults.has("health-names-region")) return { status: "ok", region: ctx.region };
    return { status: "ok" };
  });
  agentsRoutes(app, ctx);
  byokRoutes(app, ctx);
  catalogRoutes(app, ctx);
  controlHostRoutes(app, ctx);
  integrationsRoutes(app, ctx);
  serviceRoutes(app, ctx);
  tasksRoutes(app, ctx);
  toolsRoutes(app, ctx);
  conversationsRoutes(app, ctx);
  knowledgeRoutes(app, ctx);
  secretsRoutes(app, ctx);
  testControlRoutes(app, ctx);
  telephonyRoutes(app, ctx);
  callsRoutes(app, ctx);
  batchesRoutes(app, ctx);
  carrierWebhookRoutes(app, ctx);
  webhooksRoutes(app, ctx);
  return app;
}

/** The planted `health-probes-control-plane` probe: a 503 when the control plane does not answer. */
async function probeControlPlane(ctx: PlatformContext): Promise<void> {
  try {
    const response = await request(`${ctx.wiring.controlPlaneUrl}/v1/auth/resolve`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ token: "health-probe" }),
      signal: AbortSignal.timeout(ctx.upstreamTimeoutMs),
    });
    await response.body.dump();
  } catch {
    throw new ApiError(503, "a dependency of the API is unreachable");
  }
}

/**
 * Authenticates a stream request whose reply is already an open stream: a refused credential is an `error`
 * frame on a 200 stream, which then ends (planted faults only).
 */
async function streamAuthenticate(
  request: FastifyRequest,
  reply: FastifyReply,
  ctx: PlatformContext,
): Promise<FastifyReply | undefined> {
  try {
    request.principal = await authenticate(request, ctx);
    return undefined;
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    reply.hijack();
    reply.raw.writeHead(200, { "content-type": "text/event-stream; charset=utf-8", "cache-control": "no-cache" });
    reply.raw.end(formatFrame({ event: "error", data: error.body as Record<string, unknown> }));
    return reply;
  }
}

/**
 * The planted `unversioned-alias`: the API also answers at the root, a path without /v1 read as the same path
 * under it, for clients that leave the version out (planted faults only).
 */
function unversionedAlias(url: string): string {
  const keep = ["/v1/", "/_", "/health"].some((prefix) => url.startsWith(prefix));
  return keep ? url : `/v1${url}`;
}
