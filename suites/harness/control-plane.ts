// The control-plane simulator's admin API, for the auth checks that change a member or the outage.
import type { Role } from "../../spec/target.ts";
import { registerSecret } from "./redact.ts";
import { helperJson, type Method, simulatorOrigin } from "./simulator-client.ts";

function admin(path: string, method: Method, body?: unknown): Promise<unknown> {
  const origin = simulatorOrigin("control_plane", "control-plane simulator");
  return helperJson("control-plane simulator", `${origin}/_admin${path}`, method, body);
}

export interface TestMember {
  memberId: string;
  token: string;
  session: string;
}

/** A fresh member for checks that revoke, demote or remove, so the run's own tokens stay intact. */
export async function addMember(role: Role): Promise<TestMember> {
  const made = (await admin("/members", "POST", { role })) as {
    member_id: string;
    token: string;
    session_cookie: string;
  };
  registerSecret(made.token);
  registerSecret(made.session_cookie);
  return { memberId: made.member_id, token: made.token, session: made.session_cookie };
}

export const setRole = (memberId: string, role: Role) => admin(`/members/${memberId}/role`, "POST", { role });
export const removeMember = (memberId: string) => admin(`/members/${memberId}`, "DELETE");
export const revokeToken = (token: string) => admin("/tokens/revoke", "POST", { token });
export const setOffline = (offline: boolean) => admin("/offline", "POST", { offline });

/** Runs `body` with the control plane offline, and always brings it back. */
export async function whileOffline<T>(body: () => Promise<T>): Promise<T> {
  await setOffline(true);
  try {
    return await body();
  } finally {
    await setOffline(false);
  }
}
