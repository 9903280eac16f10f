// Section 5: credentials on every request, 401 messages, live roles, the control-plane outage.

import { randomBytes } from "node:crypto";
import { expect } from "vitest";
import { type ApiResponse, call, explain, type Who } from "../runner/client/http-client.ts";
import { decoy, registerSecret } from "../runner/client/redact.ts";
import { assertDeleted, track, uniqueName } from "../runner/client/resources.ts";
import { runConfig } from "../runner/client/run-config.ts";
import { check } from "../runner/framework/check.ts";
import { expectStatus } from "../runner/framework/response.ts";
import { checksSideBySide } from "../runner/framework/side-by-side.ts";
import { createAgent, minimalAgent } from "./helpers/agents.ts";
import { deleteKey, putKey } from "./helpers/byok.ts";
import { firstPair, keyProviders, listedPairs } from "./helpers/catalog.ts";
import {
  addMember,
  addToken,
  controlPlaneNow,
  removeMember,
  revokeToken,
  setRole,
  TAKES_CONTROL_PLANE_OFFLINE,
  whileOffline,
  withControlPlaneClock,
} from "./helpers/control-plane.ts";
import { allEndpoints } from "./helpers/endpoints.ts";
import { callOp } from "./helpers/profile.ts";

checksSideBySide(
  "each check asks with its own credential or session and reads back only what it made; no check changes a member's role",
);

const CONTROL_PLANE_UNREACHABLE = "the control plane is unreachable, so this request cannot be authorized";

function message(response: ApiResponse): unknown {
  return (response.json as { detail?: { message?: unknown } } | undefined)?.detail?.message;
}

function expect401(response: ApiResponse, text: string): void {
  expectStatus(response, 401);
  expect(message(response), explain(response)).toBe(text);
}

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * A write whose role requirement the spec shows (5 item 6: writing secrets is ADMIN only): an ADMIN's is a
 * 2xx, anyone else's a 403. Every other operation's requirement is not shown, so the role checks write this.
 * The secret is deleted at the end of the file.
 */
async function adminWrite(as: Who, name = secretName()): Promise<ApiResponse> {
  const response = await callOp("secret.put", { name }, { as, body: { value: "capct-value-1234" } });
  if (response.status < 300) {
    track(`secret ${name}`, async () => {
      assertDeleted(await callOp("secret.delete", { name }));
    });
  }
  return response;
}

/** A read every role may make (5 item 6: the secret list is readable by everyone). */
const anyRoleRead = (as: Who): Promise<ApiResponse> => callOp("secret.list", {}, { as });

const secretName = () => uniqueName("secret").replace(/[^A-Za-z0-9_.-]/g, "_");

function expect2xx(response: ApiResponse, label: string): void {
  expect(response.status, `${label}: ${explain(response)}`).toBeGreaterThanOrEqual(200);
  expect(response.status, `${label}: ${explain(response)}`).toBeLessThan(300);
}

check("GET /health answers 200 without a credential", ["auth.health-unauthenticated"], async () => {
  const response = await call("/health", { as: "none" });
  expectStatus(response, 200);
});

check(
  "every endpoint but GET /health answers 401 `not authenticated` without a credential",
  ["auth.bearer-required", "auth.missing-401"],
  async () => {
    // Independent requests, sent at once (the run bounds how many are in flight); judged in order. The key rows
    // name a provider the catalog lists, so nothing but the missing credential is wrong with them.
    const provider = (await listedPairs("llm"))[0]?.provider ?? "provider";
    const responses = await Promise.all(
      allEndpoints(provider).map((endpoint) =>
        call(endpoint.path, {
          method: endpoint.method,
          as: "none",
          ...(["POST", "PUT", "PATCH"].includes(endpoint.method) ? { body: {} } : {}),
          timeoutMs: 5_000,
        }),
      ),
    );
    for (const response of responses) expect401(response, "not authenticated");
  },
);

// 5 item 8 lists `not authenticated` (no credential) and `invalid token` without saying which a header that is
// not `Bearer <token>` gets: either is a fair reading. A `Bearer` value a server may hand its control plane (one
// never issued, or with a space inside) is `invalid token` when the control plane is the simulator (its verdict
// passes through); an unwired server's own control plane may word its verdict otherwise.
const MALFORMED = ["not authenticated", "invalid token"];

interface Malformed {
  label: string;
  /** The Authorization header, built around a token the server accepts (the viewer's) where the case needs one. */
  header(valid: string): string;
  messages: readonly string[];
  /** A `Bearer` value a server may hand its control plane, whose own verdict it then passes through (item 8). */
  mayReachControlPlane?: true;
}

const MALFORMED_HEADERS: Malformed[] = [
  {
    label: "a token of the wrong scheme",
    header: () => `Basic ${randomBytes(12).toString("base64")}`,
    messages: MALFORMED,
  },
  // A valid token is what a lenient parser lets through: `header.split(" ")[1]`, `includes("Bearer ")`.
  { label: "a valid token under another scheme", header: (valid) => `Basic ${valid}`, messages: MALFORMED },
  {
    label: "a valid token under a scheme ending in Bearer",
    header: (valid) => `NotBearer ${valid}`,
    messages: MALFORMED,
  },
  { label: "the Bearer scheme with no token", header: () => "Bearer", messages: MALFORMED },
  {
    label: "a token with a space inside",
    header: () => "Bearer abc def",
    messages: MALFORMED,
    mayReachControlPlane: true,
  },
  {
    label: "a valid token followed by a second word",
    header: (valid) => `Bearer ${valid} extra`,
    messages: MALFORMED,
    mayReachControlPlane: true,
  },
  {
    label: "a token that was never issued",
    // A decoy: no secret, so the report keeps it as sent and its replay sends it again.
    header: () => `Bearer ${decoy(randomBytes(24).toString("base64url"))}`,
    messages: ["invalid token"],
    mayReachControlPlane: true,
  },
];

for (const { label, header, messages, mayReachControlPlane } of MALFORMED_HEADERS) {
  check(
    `${label} is a 401 (${messages.map((m) => `\`${m}\``).join(" or ")})`,
    ["auth.malformed-401", "auth.bearer-scheme"],
    async () => {
      const response = await anyRoleRead({ authorization: header(runConfig().target.credentials.viewer) });
      expectStatus(response, 401);
      if (mayReachControlPlane && !runConfig().target.wired) {
        expect(typeof message(response), explain(response)).toBe("string");
        return;
      }
      expect(messages as readonly unknown[], explain(response)).toContain(message(response));
    },
  );
}

check(
  "a revoked token is a 401 at once, carrying the control plane's verdict",
  ["auth.revoked-401"],
  async () => {
    const member = await addMember("EDITOR");
    expect2xx(await anyRoleRead({ token: member.token }), "a read before the revocation");
    await revokeToken(member.token);
    expect401(await anyRoleRead({ token: member.token }), "token revoked");
  },
  { needs: ["wiring"] },
);

check(
  "a removed member's token is a 401 on the very next request",
  ["auth.removed-member-401"],
  async () => {
    const member = await addMember("EDITOR");
    expect2xx(await anyRoleRead({ token: member.token }), "a read before the removal");
    await removeMember(member.memberId);
    const response = await anyRoleRead({ token: member.token });
    expectStatus(response, 401);
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
    expectStatus(first, "2xx");
    await setRole(member.memberId, "EDITOR");
    const demoted = await write();
    expectStatus(demoted, 403, "after demotion to EDITOR");
    await setRole(member.memberId, "ADMIN");
    const promoted = await write();
    expectStatus(promoted, "2xx", "after promotion back to ADMIN");
  },
  { needs: ["wiring"] },
);

check(
  "a role change applies to every token of the member, each on its very next request",
  ["auth.role-change-all-tokens", "auth.role-too-low-403"],
  async () => {
    // Secret writes, whose requirement 5 item 6 shows (ADMIN only): a demotion to EDITOR must refuse them.
    const member = await addMember("ADMIN");
    const tokens = [member.token, await addToken(member.memberId)];
    const name = secretName();
    const writes = async (order: number[], role: string, expected: "2xx" | 403) => {
      for (const i of order) {
        const response = await adminWrite({ token: tokens[i]! }, name);
        const label = `a secret write with token #${i + 1} of a member now ${role}`;
        if (expected === "2xx") expect2xx(response, label);
        else expectStatus(response, 403, label);
      }
    };
    await writes([0, 1], "ADMIN", "2xx");
    // Each order once: a server that refreshes the role through one token only is caught whichever it is.
    await setRole(member.memberId, "EDITOR");
    await writes([1, 0], "EDITOR", 403);
    await setRole(member.memberId, "ADMIN");
    await writes([1, 0], "ADMIN again", "2xx");
    await setRole(member.memberId, "EDITOR");
    await writes([0, 1], "EDITOR again", 403);
  },
  { needs: ["wiring"] },
);

check(
  "every token of a member is allowed exactly the same: no token is scoped or read-only",
  ["auth.no-token-scope"],
  async () => {
    // An ADMIN's tokens each write and delete secrets (ADMIN only, 5 item 6) and read the list (everyone).
    const admin = await addMember("ADMIN");
    const tokens = [admin.token, await addToken(admin.memberId), await addToken(admin.memberId)];
    for (const [i, token] of tokens.entries()) {
      const name = secretName();
      expect2xx(await adminWrite({ token }, name), `a secret write with token #${i + 1} of one ADMIN`);
      const next = (i + 1) % tokens.length;
      const deleted = await callOp("secret.delete", { name }, { as: { token: tokens[next]! } });
      expect2xx(deleted, `deleting it with token #${next + 1}`);
      expect2xx(await anyRoleRead({ token }), `the secret list with token #${i + 1}`);
    }
    // An operation whose role requirement is not shown: whatever the answer, every token of one EDITOR gets the
    // same one (a scoped or read-only token would stand out).
    const editor = await addMember("EDITOR");
    const editorTokens = [editor.token, await addToken(editor.memberId)];
    const statuses: number[] = [];
    for (const token of editorTokens) {
      const response = await callOp("agent.create", {}, { body: minimalAgent(uniqueName("agent")), as: { token } });
      const id = (response.json as { id?: unknown } | undefined)?.id;
      if (response.status < 300 && typeof id === "string") {
        track(`agent ${id}`, async () => {
          assertDeleted(await callOp("agent.delete", { agent_id: id }));
        });
      }
      statuses.push(response.status);
    }
    expect(new Set(statuses).size, `agent creates with each token of one EDITOR answered ${statuses.join(", ")}`).toBe(
      1,
    );
    // The same holds for refusals: a VIEWER's tokens are all refused the secret write, none more or less.
    const viewer = await addMember("VIEWER");
    for (const [i, token] of [viewer.token, await addToken(viewer.memberId)].entries()) {
      const refused = await adminWrite({ token });
      expectStatus(refused, 403, `a secret write with token #${i + 1} of one VIEWER`);
      expect2xx(await anyRoleRead({ token }), `the secret list with the VIEWER's token #${i + 1}`);
    }
  },
  { needs: ["wiring"] },
);

check(
  "a token works however long ago it was issued: it has no expiry",
  ["auth.token-no-expiry"],
  async () => {
    const member = await addMember("ADMIN");
    const now = await controlPlaneNow();
    for (const [label, age] of [
      ["30 days and a second", 30 * DAY_MS + 1_000],
      ["a year", 366 * DAY_MS],
      ["ten years", 3_653 * DAY_MS],
    ] as const) {
      const token = await addToken(member.memberId, new Date(now - age));
      expect2xx(await anyRoleRead({ token }), `a read with a token issued ${label} ago`);
      expect2xx(await adminWrite({ token }), `a write with a token issued ${label} ago`);
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
    const read = () => anyRoleRead({ cookie: member.session });
    expect2xx(await read(), "right after sign-in");
    await withControlPlaneClock(async (advance) => {
      await advance(30 * DAY_MS - 60_000);
      expect2xx(await read(), "a minute before 30 days after sign-in");
      await advance(120_000);
      const expired = await read();
      expectStatus(expired, 401, "a minute past 30 days after sign-in");
      expect(message(expired), explain(expired)).toBe("invalid session");
    });
  },
  {
    needs: ["wiring"],
    exclusive: "moves the control plane's clock 30 days on: every session cookie of the run expires meanwhile",
  },
);

check(
  "the 403 for a role below EDITOR and the 403 for a role below ADMIN carry two different messages",
  ["auth.403-tells-which-role"],
  async () => {
    const agent = await createAgent();
    const belowEditor = await callOp("call.token", {}, { body: { agent_id: agent.id }, as: "viewer" });
    // The 403 status itself is auth.role-too-low-403's, checked with these very requests elsewhere.
    expectStatus(belowEditor, 403, "a VIEWER asking for a web call token");
    const editorMessage = message(belowEditor);
    expect(typeof editorMessage, explain(belowEditor)).toBe("string");
    // A provider other than the agents' llm one, so a wrongly allowed write never touches the key replies use.
    const llm = (await firstPair("llm")).provider;
    const provider = (await keyProviders()).find((p) => p !== llm) ?? llm;
    const key = `sk-never-issued-${randomBytes(16).toString("hex")}`;
    registerSecret(key);
    for (const [label, response] of [
      [`an EDITOR deleting the ${provider} key`, await deleteKey(provider, "editor")],
      [`an EDITOR writing a ${provider} key`, await putKey(provider, key, "editor")],
    ] as const) {
      expectStatus(response, 403, label);
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
    const member = await addMember("ADMIN");
    const cookie: Who = { cookie: member.session };
    expect2xx(await anyRoleRead(cookie), "the cookie before any revocation");
    for (const [i, token] of [member.token, await addToken(member.memberId)].entries()) {
      expect2xx(await anyRoleRead({ token }), `token #${i + 1} before its revocation`);
      await revokeToken(token);
      const refused = await anyRoleRead({ token });
      expectStatus(refused, 401, `token #${i + 1} once revoked`);
    }
    expect2xx(await anyRoleRead(cookie), "a read with the cookie once every token is revoked");
    expect2xx(await adminWrite(cookie), "a write with the cookie once every token is revoked");
  },
  { needs: ["wiring"] },
);

check(
  "GET /health stays 200 while the control plane is unreachable",
  ["auth.health-without-control-plane"],
  async () => {
    // 4: "200 when the API process answers. Does not promise the database or media layer is reachable".
    const response = await whileOffline(() => call("/health", { as: "none" }));
    expectStatus(response, 200);
  },
  { needs: ["wiring"], exclusive: TAKES_CONTROL_PLANE_OFFLINE },
);

check(
  "with the control plane unreachable the answer is 503 with the exact message, not a 401",
  ["auth.control-plane-503"],
  async () => {
    const response = await whileOffline(() => callOp("agent.list"));
    expectStatus(response, 503);
    expect(message(response), explain(response)).toBe(CONTROL_PLANE_UNREACHABLE);
    const after = await callOp("agent.list");
    expectStatus(after, 200, "once the control plane is back");
  },
  { needs: ["wiring"], exclusive: TAKES_CONTROL_PLANE_OFFLINE },
);

check(
  "the session cookie is accepted as a credential, alone or among the other cookies of its domain",
  ["auth.session-cookie-accepted"],
  async () => {
    const session = runConfig().target.credentials.session_cookie!;
    expectStatus(await anyRoleRead({ cookie: session }), 200);
    // Set on the registrable domain (item 3), it reaches the API host beside that domain's other cookies,
    // in a Cookie header of `; `-separated pairs (RFC 6265 5.4).
    const cookie = `theme=dark; service_session=${session}; _ga=GA1.2.3456`;
    expectStatus(await callOp("secret.list", {}, { as: "none", headers: { cookie } }), 200);
  },
  { needs: ["session-cookie"] },
);

check("an unknown session cookie is a 401 `invalid session`", ["auth.invalid-session-401"], async () => {
  expect401(await anyRoleRead({ cookie: randomBytes(24).toString("base64url") }), "invalid session");
});

check(
  "a Cookie header naming service_session without a value is a 401 (`invalid session` or `not authenticated`)",
  ["auth.invalid-session-401"],
  async () => {
    // A malformed credential is a 401 (item 8), never the 503 of an unreachable control plane (item 10). Item 8
    // does not say whether a pair with no value is a malformed cookie or no cookie at all: either message.
    const response = await callOp(
      "secret.list",
      {},
      { as: "none", headers: { cookie: "theme=dark; service_session" } },
    );
    expectStatus(response, 401);
    expect(["invalid session", "not authenticated"], explain(response)).toContain(message(response));
  },
);

check(
  "one session cookie is accepted in every region",
  ["auth.session-cookie-every-region"],
  async () => {
    const session = runConfig().target.credentials.session_cookie!;
    for (let region = 0; region < runConfig().target.regions.length; region++) {
      const response = await callOp("secret.list", {}, { as: { cookie: session }, region });
      expectStatus(response, 200, `region #${region + 1}`);
    }
  },
  { needs: ["session-cookie", "two-regions"] },
);
