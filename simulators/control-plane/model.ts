// The control plane's state: one workspace, its members and their credentials (section 5).
import { randomBytes, randomUUID } from "node:crypto";
import type { Role } from "../../spec/target.ts";

export interface Member {
  id: string;
  role: Role;
  removed: boolean;
}

export type Verdict =
  | { ok: true; workspace_id: string; member_id: string; role: Role }
  | { ok: false; message: string };

/** A signed-looking opaque string with no prefix and no expiry (5, item 2). */
function opaqueToken(): string {
  return randomBytes(32).toString("base64url");
}

export class ControlPlaneModel {
  readonly workspaceId = randomUUID();
  private readonly members = new Map<string, Member>();
  private readonly tokens = new Map<string, { memberId: string; revoked: boolean }>();
  private readonly sessions = new Map<string, string>();
  offline = false;

  addMember(role: Role): { member: Member; token: string; session: string } {
    const member: Member = { id: randomUUID(), role, removed: false };
    this.members.set(member.id, member);
    const token = opaqueToken();
    this.tokens.set(token, { memberId: member.id, revoked: false });
    const session = opaqueToken();
    this.sessions.set(session, member.id);
    return { member, token, session };
  }

  member(id: string): Member | undefined {
    return this.members.get(id);
  }

  listMembers(): Member[] {
    return [...this.members.values()];
  }

  revoke(token: string): boolean {
    const row = this.tokens.get(token);
    if (row === undefined) return false;
    row.revoked = true;
    return true;
  }

  /** Membership and role are read at the moment of the call, never cached (5, item 5). */
  resolveToken(token: string): Verdict {
    const row = this.tokens.get(token);
    if (row === undefined) return { ok: false, message: "invalid token" };
    if (row.revoked) return { ok: false, message: "token revoked" };
    return this.verdictFor(row.memberId);
  }

  resolveSession(session: string): Verdict {
    const memberId = this.sessions.get(session);
    if (memberId === undefined) return { ok: false, message: "invalid session" };
    return this.verdictFor(memberId);
  }

  private verdictFor(memberId: string): Verdict {
    const member = this.members.get(memberId);
    if (member === undefined || member.removed) return { ok: false, message: "not a member of this workspace" };
    return { ok: true, workspace_id: this.workspaceId, member_id: member.id, role: member.role };
  }
}
