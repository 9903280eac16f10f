// The control-plane simulator's admin API, for the auth checks that change a member, add tokens or
// workspaces, move the control plane's clock, or take it offline.

import { registerSecret } from "../../runner/client/redact.ts";
import { helperJson, type Method, simulatorOrigin } from "../../runner/client/simulator-client.ts";
import type { Role } from "../../spec/target.ts";

function admin(path: string, method: Method, body?: unknown): Promise<unknown> {
  const origin = simulatorOrigin("control_plane", "control-plane simulator");
  return helperJson("control-plane simulator", `${origin}/_admin${path}`, method, body);
}

export interface TestMember {
  memberId: string;
  token: string;
  session: string;
}

interface MadeMember {
  member_id: string;
  token: string;
  session_cookie: string;
}

function testMember(made: MadeMember): TestMember {
  registerSecret(made.token);
  registerSecret(made.session_cookie);
  return { memberId: made.member_id, token: made.token, session: made.session_cookie };
}

/** A fresh member for checks that revoke, demote or remove, so the run's own tokens stay intact. */
export async function addMember(role: Role): Promise<TestMember> {
  return testMember((await admin("/members", "POST", { role })) as MadeMember);
}

/** A new workspace of its own, and its first member (ADMIN unless asked otherwise). */
export async function addWorkspace(role: Role = "ADMIN"): Promise<TestMember & { workspaceId: string }> {
  const made = (await admin("/workspaces", "POST", { role })) as MadeMember & { workspace_id: string };
  return { ...testMember(made), workspaceId: made.workspace_id };
}

/** Another personal access token of the member; `issuedAt` in the past stands for one created that long ago. */
export async function addToken(memberId: string, issuedAt?: Date): Promise<string> {
  const body = issuedAt === undefined ? {} : { issued_at: issuedAt.toISOString() };
  const { token } = (await admin(`/members/${memberId}/tokens`, "POST", body)) as { token: string };
  registerSecret(token);
  return token;
}

/** The control plane's current time (epoch ms), which decides when a session cookie ends. */
export async function controlPlaneNow(): Promise<number> {
  return ((await admin("/clock", "GET")) as { now_ms: number }).now_ms;
}

/** Runs `body` with a function that moves the control plane's clock forward, and always puts the clock back. */
export async function withControlPlaneClock<T>(
  body: (advance: (ms: number) => Promise<void>) => Promise<T>,
): Promise<T> {
  try {
    return await body(async (ms) => {
      await admin("/clock/advance", "POST", { ms });
    });
  } finally {
    await admin("/clock/reset", "POST");
  }
}

export const setRole = (memberId: string, role: Role) => admin(`/members/${memberId}/role`, "POST", { role });
export const removeMember = (memberId: string) => admin(`/members/${memberId}`, "DELETE");
export const revokeToken = (token: string) => admin("/tokens/revoke", "POST", { token });
export const setOffline = (offline: boolean) => admin("/offline", "POST", { offline });

/** Why a check that takes the control plane offline runs alone (runner/framework/exclusive.ts). */
export const TAKES_CONTROL_PLANE_OFFLINE =
  "takes the control plane offline: every other check's requests are a 503 meanwhile";

/** Runs `body` with the control plane offline, and always brings it back. */
export async function whileOffline<T>(body: () => Promise<T>): Promise<T> {
  await setOffline(true);
  try {
    return await body();
  } finally {
    await setOffline(false);
  }
}
