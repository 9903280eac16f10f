// Control-plane simulator: resolves personal access tokens and session cookies to a workspace
// member and live role (section 5), with an admin API to revoke, demote, remove and go offline.
import { z } from "zod";
import { Role } from "../../spec/target.ts";
import { ApiError, parsePart } from "../shared/api-error.ts";
import { createServer, listenLoopback } from "../shared/server.ts";
import { ControlPlaneModel } from "./model.ts";

export interface ControlPlane {
  url: string;
  model: ControlPlaneModel;
  credentials: { admin: string; editor: string; viewer: string; session_cookie: string };
  close(): Promise<void>;
}

const ResolveBody = z.union([z.object({ token: z.string().min(1) }), z.object({ session: z.string().min(1) })]);
const RoleBody = z.object({ role: Role });
const MemberParams = z.object({ member_id: z.string() });

export async function startControlPlane(): Promise<ControlPlane> {
  const model = new ControlPlaneModel();
  const admin = model.addMember("ADMIN");
  const editor = model.addMember("EDITOR");
  const viewer = model.addMember("VIEWER");
  const app = createServer();

  // Offline: the control plane is unreachable, so every non-admin connection is dropped unanswered.
  app.addHook("onRequest", async (request, reply) => {
    if (model.offline && !request.url.startsWith("/_admin")) {
      request.raw.socket.destroy();
      return reply.hijack();
    }
  });

  app.post("/v1/auth/resolve", async (request, reply) => {
    const body = parsePart(ResolveBody, request.body);
    const verdict = "token" in body ? model.resolveToken(body.token) : model.resolveSession(body.session);
    if (!verdict.ok) throw new ApiError(401, verdict.message);
    const { ok: _ok, ...resolved } = verdict;
    return reply.send(resolved);
  });

  app.get("/_admin/members", async () => ({ workspace_id: model.workspaceId, members: model.listMembers() }));
  app.post("/_admin/members", async (request) => {
    const { role } = parsePart(RoleBody, request.body);
    const { member, token, session } = model.addMember(role);
    return { member_id: member.id, role: member.role, token, session_cookie: session };
  });
  app.post("/_admin/members/:member_id/role", async (request) => {
    const { member_id } = parsePart(MemberParams, request.params);
    const { role } = parsePart(RoleBody, request.body);
    const member = model.member(member_id);
    if (member === undefined) throw new ApiError(404, "no such member");
    member.role = role;
    return { ok: true };
  });
  app.delete("/_admin/members/:member_id", async (request) => {
    const { member_id } = parsePart(MemberParams, request.params);
    const member = model.member(member_id);
    if (member === undefined) throw new ApiError(404, "no such member");
    member.removed = true;
    return { ok: true };
  });
  app.post("/_admin/tokens/revoke", async (request) => {
    const { token } = parsePart(z.object({ token: z.string().min(1) }), request.body);
    if (!model.revoke(token)) throw new ApiError(404, "no such token");
    return { ok: true };
  });
  app.post("/_admin/offline", async (request) => {
    const { offline } = parsePart(z.object({ offline: z.boolean() }), request.body);
    model.offline = offline;
    return { ok: true, offline };
  });

  const url = await listenLoopback(app);
  return {
    url,
    model,
    credentials: { admin: admin.token, editor: editor.token, viewer: viewer.token, session_cookie: admin.session },
    close: () => app.close(),
  };
}
