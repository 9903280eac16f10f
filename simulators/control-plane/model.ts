// The control plane's state: workspaces, their members and the members' credentials (section 5).
// The run's workspace exists from the start; more are added through the admin API, so checks can
// prove another workspace's rows are invisible.
import { randomBytes, randomUUID } from "node:crypto";
import type { Role } from "../../spec/target.ts";
import { ControlPlaneClock } from "./clock.ts";

/** Section 5, item 3 and the limits table (8): a session cookie lasts 30 days. */
export const SESSION_LIFE_MS = 30 * 24 * 60 * 60 * 1000;

export interface Member {
  id: string;
  workspace_id: string;
  role: Role;
  removed: boolean;
}

interface Issued {
  memberId: string;
  issuedAt: number;
}

export type Verdict =
  | {
      ok: true;
      workspace_id: string;
      member_id: string;
      role: Role;
      /** When the credential was issued, on the control plane's clock. */
      issued_at: string;
      /** A session's end of life; null for a token, which never expires (5, item 2). */
      expires_at: string | null;
    }
  | { ok: false; message: string };

/** A signed-looking opaque string with no prefix and no expiry (5, item 2). */
function opaqueToken(): string {
  return randomBytes(32).toString("base64url");
}

const iso = (ms: number) => new Date(ms).toISOString();

export class ControlPlaneModel {
  readonly clock = new ControlPlaneClock();
  /** The run's workspace: the one the target's credentials belong to. */
  readonly workspaceId: string = randomUUID();
  private readonly workspaces = new Set<string>([this.workspaceId]);
  private readonly members = new Map<string, Member>();
  private readonly tokens = new Map<string, Issued & { revoked: boolean }>();
  private readonly sessions = new Map<string, Issued>();
  offline = false;

  addWorkspace(): string {
    const id = randomUUID();
    this.workspaces.add(id);
    return id;
  }

  hasWorkspace(id: string): boolean {
    return this.workspaces.has(id);
  }

  /** A new member with one token and one signed-in session. */
  addMember(role: Role, workspaceId = this.workspaceId): { member: Member; token: string; session: string } {
    if (!this.workspaces.has(workspaceId)) throw new RangeError("no such workspace");
    const member: Member = { id: randomUUID(), workspace_id: workspaceId, role, removed: false };
    this.members.set(member.id, member);
    const session = opaqueToken();
    this.sessions.set(session, { memberId: member.id, issuedAt: this.clock.now() });
    return { member, token: this.addToken(member.id).token, session };
  }

  /** Another personal access token of the member, issued now or at `issuedAt` (a token minted long ago). */
  addToken(memberId: string, issuedAt = this.clock.now()): { token: string; issuedAt: number } {
    const token = opaqueToken();
    this.tokens.set(token, { memberId, issuedAt, revoked: false });
    return { token, issuedAt };
  }

  member(id: string): Member | undefined {
    return this.members.get(id);
  }

  listMembers(workspaceId = this.workspaceId): Member[] {
    return [...this.members.values()].filter((member) => member.workspace_id === workspaceId);
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
    return this.verdictFor(row, null);
  }

  /** Stateless and unrevocable, but over 30 days after issue it is refused like a malformed one (5, items 3, 8). */
  resolveSession(session: string): Verdict {
    const row = this.sessions.get(session);
    if (row === undefined) return { ok: false, message: "invalid session" };
    const expiresAt = row.issuedAt + SESSION_LIFE_MS;
    if (this.clock.now() >= expiresAt) return { ok: false, message: "invalid session" };
    return this.verdictFor(row, expiresAt);
  }

  private verdictFor(row: Issued, expiresAt: number | null): Verdict {
    const member = this.members.get(row.memberId);
    if (member === undefined || member.removed) return { ok: false, message: "not a member of this workspace" };
    return {
      ok: true,
      workspace_id: member.workspace_id,
      member_id: member.id,
      role: member.role,
      issued_at: iso(row.issuedAt),
      expires_at: expiresAt === null ? null : iso(expiresAt),
    };
  }
}
