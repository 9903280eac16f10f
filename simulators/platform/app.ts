// One regional instance of the reference platform: the embedded default that `run` certifies.
import type { FastifyInstance } from "fastify";
import { createServer } from "../shared/server.ts";
import type { PlatformContext } from "./context.ts";
import { authenticate } from "./http/auth.ts";
import { agentsRoutes } from "./routes/agents.ts";
import { secretsRoutes } from "./routes/secrets.ts";

/** Paths that need no credential: only GET /health (4), plus the test-control hooks. */
function isPublic(ctx: PlatformContext, method: string, path: string): boolean {
  if (path === "/health") return method === "GET" && !ctx.faults.has("health-needs-auth");
  return path.startsWith("/_test/");
}

export function buildPlatform(ctx: PlatformContext): FastifyInstance {
  const app = createServer();
  app.decorateRequest("principal", null as never);

  if (ctx.faults.has("404-plain-text")) {
    app.setNotFoundHandler((_request, reply) => reply.status(404).type("text/plain").send("Not Found"));
  }
  if (ctx.faults.has("errors-array-omitted")) {
    app.addHook("onSend", async (_request, reply, payload) => {
      if (reply.statusCode < 400 || typeof payload !== "string") return payload;
      const body = JSON.parse(payload) as { detail?: { errors?: unknown[] } };
      if (body.detail?.errors?.length === 0) delete body.detail.errors;
      return JSON.stringify(body);
    });
  }

  app.addHook("onRequest", async (request) => {
    const path = request.url.split("?")[0]!;
    if (isPublic(ctx, request.method, path)) return;
    request.principal = await authenticate(request, ctx);
  });

  app.get("/health", async () => ({ status: "ok", region: ctx.region }));
  agentsRoutes(app, ctx);
  secretsRoutes(app, ctx);
  return app;
}
