// The control-plane simulator over real loopback HTTP: verdicts, second workspaces, extra tokens of
// one member, issue times, the movable clock and session cookie life, and bad input to the admin API.
import { request } from "undici";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { type ControlPlane, startControlPlane } from "../../../simulators/control-plane/server.ts";

const TIMEOUT = 3_000;
const DAY_MS = 24 * 60 * 60 * 1000;
let cp: ControlPlane;

beforeAll(async () => {
  cp = await startControlPlane();
});
afterAll(async () => {
  await cp?.close();
});
afterEach(async () => {
  expect((await post("/_admin/clock/reset")).status).toBe(200);
});

async function send(method: "GET" | "POST" | "DELETE", path: string, json?: unknown, rawBody?: string) {
  const body = rawBody ?? (json === undefined ? undefined : JSON.stringify(json));
  const response = await request(cp.url + path, {
    method,
    headers: body === undefined ? {} : { "content-type": "application/json" },
    body,
    signal: AbortSignal.timeout(TIMEOUT),
  });
  const text = await response.body.text();
  // biome-ignore lint/suspicious/noExplicitAny: test reads loosely shaped JSON answers
  return { status: response.statusCode, body: (text === "" ? undefined : JSON.parse(text)) as any };
}

const post = (path: string, json?: unknown, rawBody?: string) => send("POST", path, json, rawBody);
const resolve = (credential: { token: string } | { session: string }) => post("/v1/auth/resolve", credential);

describe("workspaces", () => {
  it("a new workspace's first member resolves to that workspace, not the run's", async () => {
    const made = await post("/_admin/workspaces", {});
    expect(made.status).toBe(201);
    expect(made.body.role).toBe("ADMIN");
    expect(made.body.workspace_id).not.toBe(cp.model.workspaceId);
    const verdict = await resolve({ token: made.body.token });
    expect(verdict.status).toBe(200);
    expect(verdict.body).toMatchObject({ workspace_id: made.body.workspace_id, member_id: made.body.member_id });
    const run = await resolve({ token: cp.credentials.admin });
    expect(run.body.workspace_id).toBe(cp.model.workspaceId);
  });

  it("adds members to a named workspace and lists each workspace's own", async () => {
    const ws = (await post("/_admin/workspaces", { role: "VIEWER" })).body;
    expect(ws.role).toBe("VIEWER");
    const editor = await post("/_admin/members", { role: "EDITOR", workspace_id: ws.workspace_id });
    expect(editor.status).toBe(200);
    expect((await resolve({ session: editor.body.session_cookie })).body.workspace_id).toBe(ws.workspace_id);
    const listed = await send("GET", `/_admin/members?workspace_id=${ws.workspace_id}`);
    expect(listed.body.members.map((m: { id: string }) => m.id).sort()).toEqual(
      [ws.member_id, editor.body.member_id].sort(),
    );
    const run = await send("GET", "/_admin/members");
    expect(run.body.members.map((m: { id: string }) => m.id)).not.toContain(ws.member_id);
  });

  it("refuses an unknown workspace with 404 and a non-UUID with 422, in the envelope", async () => {
    const unknown = await post("/_admin/members", { role: "EDITOR", workspace_id: crypto.randomUUID() });
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({ detail: { message: "no such workspace", errors: [] } });
    const bad = await post("/_admin/members", { role: "EDITOR", workspace_id: "nope" });
    expect(bad.status).toBe(422);
    expect(bad.body.detail.errors[0]).toMatch(/^workspace_id: /);
    expect((await post("/_admin/workspaces", { role: "OWNER" })).status).toBe(422);
  });
});

describe("more tokens of one member", () => {
  it("every token carries the member's live role, and revoking one leaves the other", async () => {
    const member = (await post("/_admin/members", { role: "EDITOR" })).body;
    const second = await post(`/_admin/members/${member.member_id}/tokens`, {});
    expect(second.status).toBe(201);
    expect(second.body.token).not.toBe(member.token);
    await post(`/_admin/members/${member.member_id}/role`, { role: "VIEWER" });
    for (const token of [member.token, second.body.token]) {
      expect((await resolve({ token })).body).toMatchObject({ member_id: member.member_id, role: "VIEWER" });
    }
    await post("/_admin/tokens/revoke", { token: member.token });
    expect((await resolve({ token: member.token })).body.detail.message).toBe("token revoked");
    expect((await resolve({ token: second.body.token })).status).toBe(200);
  });

  it("a token says when it was issued, never expires, and may be issued in the past", async () => {
    const member = (await post("/_admin/members", { role: "EDITOR" })).body;
    const now = (await send("GET", "/_admin/clock")).body.now_ms as number;
    const issuedAt = new Date(now - 3_653 * DAY_MS).toISOString();
    const old = await post(`/_admin/members/${member.member_id}/tokens`, { issued_at: issuedAt });
    expect(old.body.issued_at).toBe(issuedAt);
    expect((await resolve({ token: old.body.token })).body).toMatchObject({ issued_at: issuedAt, expires_at: null });
    await post("/_admin/clock/advance", { ms: 50 * 365 * DAY_MS });
    expect((await resolve({ token: old.body.token })).status).toBe(200);
    expect((await resolve({ token: member.token })).status).toBe(200);
  });

  it("refuses an unknown member, a future issue time and a malformed one", async () => {
    expect((await post(`/_admin/members/${crypto.randomUUID()}/tokens`, {})).status).toBe(404);
    const member = (await post("/_admin/members", { role: "EDITOR" })).body;
    const future = await post(`/_admin/members/${member.member_id}/tokens`, {
      issued_at: new Date(Date.now() + DAY_MS).toISOString(),
    });
    expect(future.status).toBe(400);
    expect(future.body.detail.message).toBe("issued_at is in the future");
    const malformed = await post(`/_admin/members/${member.member_id}/tokens`, { issued_at: "yesterday" });
    expect(malformed.status).toBe(422);
    expect(malformed.body.detail.message).toMatch(/^issued_at: /);
  });
});

describe("the clock and the session cookie's 30 days", () => {
  it("a session is accepted until 30 days after issue, then `invalid session`; reset brings it back", async () => {
    const member = (await post("/_admin/members", { role: "VIEWER" })).body;
    const fresh = await resolve({ session: member.session_cookie });
    expect(fresh.status).toBe(200);
    expect(Date.parse(fresh.body.expires_at) - Date.parse(fresh.body.issued_at)).toBe(30 * DAY_MS);
    const moved = await post("/_admin/clock/advance", { ms: 30 * DAY_MS - 60_000 });
    expect(moved.body.offset_ms).toBe(30 * DAY_MS - 60_000);
    expect((await resolve({ session: member.session_cookie })).status).toBe(200);
    await post("/_admin/clock/advance", { ms: 120_000 });
    const expired = await resolve({ session: member.session_cookie });
    expect(expired.status).toBe(401);
    expect(expired.body).toEqual({ detail: { message: "invalid session", errors: [] } });
    expect((await resolve({ token: member.token })).status).toBe(200);
    const reset = await post("/_admin/clock/reset");
    expect(reset.body.offset_ms).toBe(0);
    expect(Math.abs(reset.body.now_ms - Date.now())).toBeLessThan(1_000);
    expect((await resolve({ session: member.session_cookie })).status).toBe(200);
  });

  it("moves forward only, within a hundred years, and answers bad bodies with the envelope", async () => {
    for (const body of [{ ms: -1 }, { ms: 1.5 }, { ms: 101 * 365 * DAY_MS }, {}, { ms: "1" }]) {
      const response = await post("/_admin/clock/advance", body);
      expect(response.status, JSON.stringify(body)).toBe(422);
      expect(Array.isArray(response.body.detail.errors)).toBe(true);
    }
    const notJson = await post("/_admin/clock/advance", undefined, "{ms:");
    expect(notJson.status).toBe(400);
    expect(typeof notJson.body.detail.message).toBe("string");
    expect((await send("GET", "/_admin/clock")).body.offset_ms).toBe(0);
  });
});

describe("offline", () => {
  it("drops every resolve unanswered while its admin API still answers; back online, verdicts return", async () => {
    expect((await post("/_admin/offline", { offline: true })).status).toBe(200);
    try {
      await expect(resolve({ token: cp.credentials.admin })).rejects.toThrow();
      expect((await send("GET", "/_admin/members")).status).toBe(200);
    } finally {
      expect((await post("/_admin/offline", { offline: false })).status).toBe(200);
    }
    const verdict = await resolve({ token: cp.credentials.admin });
    expect(verdict.status).toBe(200);
    expect(verdict.body).toEqual({
      workspace_id: cp.model.workspaceId,
      member_id: expect.any(String),
      role: "ADMIN",
      issued_at: expect.any(String),
      expires_at: null,
    });
  });
});
