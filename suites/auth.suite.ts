// Section 5: credentials on every request, 401 messages, live roles, the control-plane outage.
import { randomBytes } from "node:crypto";
import { expect } from "vitest";
import { check } from "./harness/check.ts";
import { addMember, removeMember, revokeToken, setRole, whileOffline } from "./harness/control-plane.ts";
import { allEndpoints } from "./harness/endpoints.ts";
import { type ApiResponse, call, describe } from "./harness/http.ts";
import { callOp } from "./harness/profile.ts";
import { track, uniqueName } from "./harness/resources.ts";
import { runConfig } from "./harness/run-config.ts";

const CONTROL_PLANE_UNREACHABLE = "the control plane is unreachable, so this request cannot be authorized";

function message(response: ApiResponse): unknown {
  return (response.json as { detail?: { message?: unknown } } | undefined)?.detail?.message;
}

function expect401(response: ApiResponse, text: string): void {
  expect(response.status, describe(response)).toBe(401);
  expect(message(response), describe(response)).toBe(text);
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
      await callOp("secret.delete", { name });
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

check(
  "an unknown session cookie is a 401 `invalid session`",
  ["auth.invalid-session-401"],
  async () => {
    expect401(
      await callOp("agent.list", {}, { as: { cookie: randomBytes(24).toString("base64url") } }),
      "invalid session",
    );
  },
  { needs: ["wiring"] },
);

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
