// Wire shapes of the control plane: the resolve body a server sends and the admin bodies checks send.
import { z } from "zod";
import { Role } from "../../spec/target.ts";
import { MAX_ADVANCE_MS } from "./clock.ts";

export const ResolveBody = z.union([z.object({ token: z.string().min(1) }), z.object({ session: z.string().min(1) })]);

export const MemberBody = z.object({ role: Role, workspace_id: z.uuid().optional() });
export const RoleBody = z.object({ role: Role });
export const WorkspaceBody = z.object({ role: Role.default("ADMIN") });
export const WorkspaceQuery = z.object({ workspace_id: z.uuid().optional() });
export const MemberParams = z.object({ member_id: z.string() });
export const TokenBody = z.object({ issued_at: z.iso.datetime({ offset: true }).optional() });
export const RevokeBody = z.object({ token: z.string().min(1) });
export const AdvanceBody = z.object({ ms: z.number().int().min(0).max(MAX_ADVANCE_MS) });
