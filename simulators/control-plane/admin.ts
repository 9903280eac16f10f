// The control plane's admin API (/_admin): members and workspaces, roles, removal, extra tokens,
// revocation, the outage switch and the clock. Checks drive it; a server under test never calls it.
import type { FastifyInstance } from "fastify";
import type { Role } from "../../spec/target.ts";
import { ApiError, parsePart } from "../shared/api-error.ts";
import { OfflineBody } from "../shared/offline-body.ts";
import type { ControlPlaneModel } from "./model.ts";
import {
  AdvanceBody,
  MemberBody,
  MemberParams,
  RevokeBody,
  RoleBody,
  TokenBody,
  WorkspaceBody,
  WorkspaceQuery,
} from "./schemas.ts";

export function adminRoutes(app: FastifyInstance, model: ControlPlaneModel): void {
  const memberOr404 = (params: unknown) => {
    const { member_id } = parsePart(MemberParams, params);
    const member = model.member(member_id);
    if (member === undefined) throw new ApiError(404, "no such member");
    return member;
  };
  const newMember = (role: Role, workspaceId?: string) => {
    const { member, token, session } = model.addMember(role, workspaceId);
    return { member_id: member.id, workspace_id: member.workspace_id, role, token, session_cookie: session };
  };
  const clock = () => ({
    now: new Date(model.clock.now()).toISOString(),
    now_ms: model.clock.now(),
    offset_ms: model.clock.offsetMs,
  });

  app.get("/_admin/members", async (request) => {
    const { workspace_id = model.workspaceId } = parsePart(WorkspaceQuery, request.query);
    if (!model.hasWorkspace(workspace_id)) throw new ApiError(404, "no such workspace");
    return { workspace_id, members: model.listMembers(workspace_id) };
  });
  app.post("/_admin/members", async (request) => {
    const { role, workspace_id } = parsePart(MemberBody, request.body);
    if (workspace_id !== undefined && !model.hasWorkspace(workspace_id)) throw new ApiError(404, "no such workspace");
    return newMember(role, workspace_id);
  });
  // A second workspace, with its first member (ADMIN unless asked otherwise).
  app.post("/_admin/workspaces", async (request, reply) => {
    const { role } = parsePart(WorkspaceBody, request.body);
    return reply.code(201).send(newMember(role, model.addWorkspace()));
  });
  app.post("/_admin/members/:member_id/role", async (request) => {
    const member = memberOr404(request.params);
    member.role = parsePart(RoleBody, request.body).role;
    return { ok: true };
  });
  app.delete("/_admin/members/:member_id", async (request) => {
    memberOr404(request.params).removed = true;
    return { ok: true };
  });
  // Another token of the same member, as a second "create token" in the dashboard; `issued_at` in the
  // past stands for a token created that long ago.
  app.post("/_admin/members/:member_id/tokens", async (request, reply) => {
    const member = memberOr404(request.params);
    const { issued_at } = parsePart(TokenBody, request.body);
    const at = issued_at === undefined ? model.clock.now() : Date.parse(issued_at);
    if (at > model.clock.now()) throw new ApiError(400, "issued_at is in the future");
    const { token, issuedAt } = model.addToken(member.id, at);
    return reply.code(201).send({ member_id: member.id, token, issued_at: new Date(issuedAt).toISOString() });
  });
  app.post("/_admin/tokens/revoke", async (request) => {
    const { token } = parsePart(RevokeBody, request.body);
    if (!model.revoke(token)) throw new ApiError(404, "no such token");
    return { ok: true };
  });
  app.post("/_admin/offline", async (request) => {
    const { offline } = parsePart(OfflineBody, request.body);
    model.offline = offline;
    return { ok: true, offline };
  });
  app.get("/_admin/clock", async () => clock());
  app.post("/_admin/clock/advance", async (request) => {
    model.clock.advance(parsePart(AdvanceBody, request.body).ms);
    return clock();
  });
  app.post("/_admin/clock/reset", async () => {
    model.clock.reset();
    return clock();
  });
}
