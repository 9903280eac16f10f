// Control-plane simulator: resolves personal access tokens and session cookies to a workspace
// member and live role (section 5); its admin API (admin.ts) revokes, demotes, removes, adds
// workspaces and tokens, moves its clock and takes it offline.
import { ApiError, parsePart } from "../shared/api-error.ts";
import { type RegisteredRoute, registeredRoutes } from "../shared/route-table.ts";
import { createServer, type Listen, listenOn } from "../shared/server.ts";
import { adminRoutes } from "./admin.ts";
import { ControlPlaneModel } from "./model.ts";
import { ResolveBody } from "./schemas.ts";

export interface ControlPlane {
  url: string;
  model: ControlPlaneModel;
  credentials: { admin: string; editor: string; viewer: string; session_cookie: string };
  /** Every route it registered (robustness tests reach each one). */
  routes: readonly RegisteredRoute[];
  close(): Promise<void>;
}

/** The verdict's JSON shape, so fastify compiles its serializer once instead of walking each verdict. */
const VERDICT_SCHEMA = {
  type: "object",
  properties: {
    workspace_id: { type: "string" },
    member_id: { type: "string" },
    role: { type: "string" },
    issued_at: { type: "string" },
    expires_at: { type: ["string", "null"] },
  },
  required: ["workspace_id", "member_id", "role", "issued_at", "expires_at"],
} as const;

export async function startControlPlane(listen: Listen = {}): Promise<ControlPlane> {
  const model = new ControlPlaneModel();
  const admin = model.addMember("ADMIN");
  const editor = model.addMember("EDITOR");
  const viewer = model.addMember("VIEWER");
  const app = createServer();

  // Offline: the control plane is unreachable, so every non-admin connection is dropped unanswered.
  // A callback hook, not an async one: it runs before every resolve, which every platform request makes.
  app.addHook("onRequest", (request, reply, done) => {
    if (model.offline && !request.url.startsWith("/_admin")) {
      request.raw.socket.destroy();
      reply.hijack();
    }
    done();
  });

  app.post("/v1/auth/resolve", { schema: { response: { 200: VERDICT_SCHEMA } } }, async (request, reply) => {
    const body = parsePart(ResolveBody, request.body);
    const verdict = "token" in body ? model.resolveToken(body.token) : model.resolveSession(body.session);
    if (!verdict.ok) throw new ApiError(401, verdict.message);
    const { ok: _ok, ...resolved } = verdict;
    return reply.send(resolved);
  });

  adminRoutes(app, model);

  const url = await listenOn(app, listen);
  return {
    url,
    model,
    routes: registeredRoutes(app),
    credentials: { admin: admin.token, editor: editor.token, viewer: viewer.token, session_cookie: admin.session },
    close: () => app.close(),
  };
}
