// Section 5: credentials on every request, 401 messages, live roles, the control-plane outage.
import { randomBytes } from "node:crypto";
import { expect } from "vitest";
import { check } from "../runner/check.ts";
import { type ApiResponse, call, describe, type Who } from "../runner/http-client.ts";
import { registerSecret } from "../runner/redact.ts";
import { assertDeleted, track, uniqueName } from "../runner/resources.ts";
import { runConfig } from "../runner/run-config.ts";
import { createAgent } from "./helpers/agents.ts";
import { deleteKey, putKey } from "./helpers/byok.ts";
import { catalogProviders, firstPair } from "./helpers/catalog.ts";
import {
  addMember,
  addToken,
  controlPlaneNow,
  removeMember,
  revokeToken,
  setRole,
  whileOffline,
  withControlPlaneClock,
} from "./helpers/control-plane.ts";
import { allEndpoints } from "./helpers/endpoints.ts";
import { callOp } from "./helpers/profile.ts";

const CONTROL_PLANE_UNREACHABLE = "the control plane is unreachable, so this request cannot be authorized";

function message(response: ApiResponse): unknown {
  return (response.json as { detail?: { message?: unknown } } | undefined)?.detail?.message;
}

function expect401(response: ApiResponse, text: string): void {
  expect(response.status, describe(response)).toBe(401);
  expect(message(response), describe(response)).toBe(text);
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** An EDITOR write (an agent create) with a credential; an agent it does create is deleted at the end of the file. */
async function editorWrite(as: Who): Promise<ApiResponse> {
  const response = await callOp("agent.create", {}, { body: { name: uniqueName("agent") }, as });
  const id = (response.json as { id?: unknown } | undefined)?.id;
  if (response.status < 300 && typeof id === "string") {
    track(`agent ${id}`, async () => {
      assertDeleted(await callOp("agent.delete", { agent_id: id }));
    });
  }
  return response;
}

function expect2xx(response: ApiResponse, label: string): void {
  expect(response.status, `${label}: ${describe(response)}`).toBeGreaterThanOrEqual(200);
  expect(response.status, `${label}: ${describe(response)}`).toBeLessThan(300);
}

check("GET /health answers 200 without a credential", ["auth.health-unauthenticated"], async () => {
  const response = await call("/health", { as: "none" });
  expect(response.status, describe(response)).toBe(200);
});

check(
  "every endpoint but GET /health answers 401 `not authenticated` without a credential",
  ["auth.bearer-required", "auth.missing-401"],
  async () => {
    for (const endpoint of allEndpoints()) {
      const response = await call(endpoint.path, {
        method: endpoint.method,
        as: "none",
        ...(["POST", "PUT", "PATCH"].includes(endpoint.method) ? { body: {} } : {}),
        timeoutMs: 5_000,
      });
      expect401(response, "not authenticated");
    }
  },
);

for (const [label, authorization] of [
  ["a token of the wrong scheme", `Basic ${randomBytes(12).toString("base64")}`],
  ["the Bearer scheme with no token", "Bearer"],
  ["a token that was never issued", `Bearer ${randomBytes(32).toString("base64url")}`],
  ["a token with a space inside", "Bearer abc def"],
] as const) {
  check(`${label} is a 401 \`invalid token\``, ["auth.malformed-401", "auth.bearer-scheme"], async () => {
    expect401(await callOp("agent.list", {}, { as: { authorization } }), "invalid token");
  });
}

check(
  "a revoked token is a 401 at once, carrying the control plane's verdict",
  ["auth.revoked-401"],
  async () => {
    const member = await addMember("EDITOR");
    expect((await callOp("agent.list", {}, { as: { token: member.token } })).status).toBe(200);
    await revokeToken(member.token);
    expect401(await callOp("agent.list", {}, { as: { token: member.token } }), "token revoked");
  },
  { needs: ["wiring"] },
);

check(
  "a removed member's token is a 401 on the very next request",
  ["auth.removed-member-401"],
  async () => {
    const member = await addMember("EDITOR");
    expect((await callOp("agent.list", {}, { as: { token: member.token } })).status).toBe(200);
    await removeMember(member.memberId);
    const response = await callOp("agent.list", {}, { as: { token: member.token } });
    expect(response.status, describe(response)).toBe(401);
  },
  { needs: ["wiring"] },
);

check(
  "a demotion and a promotion take effect on the next request (secret writes need ADMIN)",
  ["auth.role-reread", "auth.role-too-low-403", "byok.secret-put-admin-only"],
  async () => {
    const member = await addMember("ADMIN");
    const name = uniqueName("secret").replace(/[^A-Za-z0-9_.-]/g, "_");
    const write = () =>
      callOp("secret.put", { name }, { as: { token: member.token }, body: { value: "capct-value-1234" } });
    track(`secret ${name}`, async () => {
      assertDeleted(await callOp("secret.delete", { name }));
    });
    const first = await write();
    expect(first.status, describe(first)).toBe(200);
    await setRole(member.memberId, "EDITOR");
    const demoted = await write();
    expect(demoted.status, `after demotion to EDITOR: ${describe(demoted)}`).toBe(403);
    await setRole(member.memberId, "ADMIN");
    const promoted = await write();
    expect(promoted.status, `after promotion back to ADMIN: ${describe(promoted)}`).toBe(200);
  },
  { needs: ["wiring"] },
);

check(
  "a role change applies to every token of the member, each on its very next request",
  ["auth.role-change-all-tokens", "auth.role-too-low-403"],
  async () => {
    const member = await addMember("EDITOR");
    const tokens = [member.token, await addToken(member.memberId)];
    const writes = async (order: number[], role: string, expected: "2xx" | 403) => {
      for (const i of order) {
        const response = await editorWrite({ token: tokens[i]! });
        const label = `token #${i + 1} of a member now ${role}`;
        if (expected === "2xx") expect2xx(response, label);
        else expect(response.status, `${label}: ${describe(response)}`).toBe(403);
      }
    };
    await writes([0, 1], "EDITOR", "2xx");
    // Each order once: a server that refreshes the role through one token only is caught whichever it is.
    await setRole(member.memberId, "VIEWER");
    await writes([1, 0], "VIEWER", 403);
    await setRole(member.memberId, "EDITOR");
    await writes([1, 0], "EDITOR again", "2xx");
    await setRole(member.memberId, "VIEWER");
    await writes([0, 1], "VIEWER again", 403);
  },
  { needs: ["wiring"] },
);

check(
  "every token of a member is allowed exactly the same: no token is scoped or read-only",
  ["auth.no-token-scope"],
  async () => {
    const editor = await addMember("EDITOR");
    const tokens = [editor.token, await addToken(editor.memberId), await addToken(editor.memberId)];
    for (const [i, token] of tokens.entries()) {
      const created = await editorWrite({ token });
      expect2xx(created, `agent create with token #${i + 1} of one EDITOR`);
      const next = tokens[(i + 1) % tokens.length]!;
      const agentId = (created.json as { id: string }).id;
      const deleted = await callOp("agent.delete", { agent_id: agentId }, { as: { token: next } });
      expect2xx(deleted, `deleting it with token #${((i + 1) % tokens.length) + 1}`);
      expect2xx(await callOp("agent.list", {}, { as: { token } }), `agent list with token #${i + 1}`);
    }
    // The same holds for refusals: a VIEWER's tokens are all refused the write, none more or less.
    const viewer = await addMember("VIEWER");
    for (const [i, token] of [viewer.token, await addToken(viewer.memberId)].entries()) {
      const refused = await editorWrite({ token });
      expect(refused.status, `agent create with token #${i + 1} of one VIEWER: ${describe(refused)}`).toBe(403);
      expect2xx(await callOp("agent.list", {}, { as: { token } }), `agent list with the VIEWER's token #${i + 1}`);
    }
  },
  { needs: ["wiring"] },
);

check(
  "a token works however long ago it was issued: it has no expiry",
  ["auth.token-no-expiry"],
  async () => {
    const member = await addMember("EDITOR");
    const now = await controlPlaneNow();
    for (const [label, age] of [
      ["30 days and a second", 30 * DAY_MS + 1_000],
      ["a year", 366 * DAY_MS],
      ["ten years", 3_653 * DAY_MS],
    ] as const) {
      const token = await addToken(member.memberId, new Date(now - age));
      expect2xx(await callOp("agent.list", {}, { as: { token } }), `a read with a token issued ${label} ago`);
      expect2xx(await editorWrite({ token }), `a write with a token issued ${label} ago`);
    }
  },
  { needs: ["wiring"] },
);

check(
  "a session cookie is accepted up to 30 days after sign-in and is a 401 `invalid session` after",
  ["auth.session-cookie-30-days", "auth.invalid-session-401"],
  async () => {
    // A fresh sign-in of its own; the control plane's clock is put back afterwards for the run's cookie.
    const member = await addMember("VIEWER");
    const read = () => callOp("agent.list", {}, { as: { cookie: member.session } });
    expect2xx(await read(), "right after sign-in");
    await withControlPlaneClock(async (advance) => {
      await advance(30 * DAY_MS - 60_000);
      expect2xx(await read(), "a minute before 30 days after sign-in");
      await advance(120_000);
      const expired = await read();
      expect(expired.status, `a minute past 30 days after sign-in: ${describe(expired)}`).toBe(401);
      expect(message(expired), describe(expired)).toBe("invalid session");
    });
  },
  { needs: ["wiring"] },
);

check(
  "the 403 for a role below EDITOR and the 403 for a role below ADMIN carry two different messages",
  ["auth.403-tells-which-role"],
  async () => {
    const agent = await createAgent();
    const belowEditor = await call("/v1/calls/token", { method: "POST", body: { agent_id: agent.id }, as: "viewer" });
    // The 403 status itself is auth.role-too-low-403's, checked with these very requests elsewhere.
    expect(belowEditor.status, `a VIEWER asking for a web call token: ${describe(belowEditor)}`).toBe(403);
    const editorMessage = message(belowEditor);
    expect(typeof editorMessage, describe(belowEditor)).toBe("string");
    // A provider other than the agents' llm one, so a wrongly allowed write never touches the key replies use.
    const llm = (await firstPair("llm")).provider;
    const provider = (await catalogProviders()).find((p) => p !== llm) ?? llm;
    const key = `sk-never-issued-${randomBytes(16).toString("hex")}`;
    registerSecret(key);
    for (const [label, response] of [
      [`an EDITOR deleting the ${provider} key`, await deleteKey(provider, "editor")],
      [`an EDITOR writing a ${provider} key`, await putKey(provider, key, "editor")],
    ] as const) {
      expect(response.status, `${label}: ${describe(response)}`).toBe(403);
      expect(
        message(response),
        `${label}: the message of the VIEWER's 403 was ${JSON.stringify(editorMessage)}`,
      ).not.toBe(editorMessage);
    }
  },
);

check(
  "a session cookie keeps working, reads and writes, after every token of its member is revoked",
  ["auth.session-cookie-unrevocable"],
  async () => {
    // A fresh sign-in of its own; its member gets a second token, and both are revoked.
    const member = await addMember("EDITOR");
    const cookie: Who = { cookie: member.session };
    expect2xx(await callOp("agent.list", {}, { as: cookie }), "the cookie before any revocation");
    for (const [i, token] of [member.token, await addToken(member.memberId)].entries()) {
      expect2xx(await callOp("agent.list", {}, { as: { token } }), `token #${i + 1} before its revocation`);
      await revokeToken(token);
      const refused = await callOp("agent.list", {}, { as: { token } });
      expect(refused.status, `token #${i + 1} once revoked: ${describe(refused)}`).toBe(401);
    }
    expect2xx(await callOp("agent.list", {}, { as: cookie }), "a read with the cookie once every token is revoked");
    expect2xx(await editorWrite(cookie), "a write with the cookie once every token is revoked");
  },
  { needs: ["wiring"] },
);

check(
  "GET /health stays 200 while the control plane is unreachable",
  ["auth.health-without-control-plane"],
  async () => {
    // 4: "200 when the API process answers. Does not promise the database or media layer is reachable".
    const response = await whileOffline(() => call("/health", { as: "none" }));
    expect(response.status, describe(response)).toBe(200);
  },
  { needs: ["wiring"] },
);

check(
  "with the control plane unreachable the answer is 503 with the exact message, not a 401",
  ["auth.control-plane-503"],
  async () => {
    const response = await whileOffline(() => callOp("agent.list"));
    expect(response.status, describe(response)).toBe(503);
    expect(message(response), describe(response)).toBe(CONTROL_PLANE_UNREACHABLE);
    const after = await callOp("agent.list");
    expect(after.status, `once the control plane is back: ${describe(after)}`).toBe(200);
  },
  { needs: ["wiring"] },
);

check(
  "the session cookie is accepted as a credential",
  ["auth.session-cookie-accepted"],
  async () => {
    const session = runConfig().target.credentials.session_cookie!;
    const response = await callOp("agent.list", {}, { as: { cookie: session } });
    expect(response.status, describe(response)).toBe(200);
  },
  { needs: ["session-cookie"] },
);

check("an unknown session cookie is a 401 `invalid session`", ["auth.invalid-session-401"], async () => {
  expect401(
    await callOp("agent.list", {}, { as: { cookie: randomBytes(24).toString("base64url") } }),
    "invalid session",
  );
});

check(
  "one session cookie is accepted in every region",
  ["auth.session-cookie-every-region"],
  async () => {
    const session = runConfig().target.credentials.session_cookie!;
    for (let region = 0; region < runConfig().target.regions.length; region++) {
      const response = await callOp("agent.list", {}, { as: { cookie: session }, region });
      expect(response.status, `region #${region + 1}: ${describe(response)}`).toBe(200);
    }
  },
  { needs: ["session-cookie", "two-regions"] },
);
