import type { Clause } from "../clause.ts";

// Section 5: credentials, roles and the 401/403/503 answers. Role rules of single endpoints live with the endpoint
// (calls.token-*, byok.*-admin-only).
export const authClauses: Clause[] = [
  {
    id: "auth.bearer-required",
    section: "5",
    kind: "testable",
    statement: "Every endpoint except GET /health needs a credential (item 1).",
  },
  {
    id: "auth.bearer-scheme",
    section: "5",
    kind: "testable",
    assumption: "secret.list",
    statement:
      "The token is sent as `Authorization: Bearer <token>`; a valid token under another scheme is a 401 (item 1).",
  },
  {
    id: "auth.missing-401",
    section: "5",
    kind: "testable",
    statement: "A request without a credential is a 401 with the message `not authenticated` (item 8).",
  },
  {
    id: "auth.malformed-401",
    section: "5",
    kind: "testable",
    assumption: "secret.list",
    statement:
      "A malformed or unknown token is a 401 (item 8): `invalid token`, or `not authenticated` for a header that is not `Bearer <token>` (item 8 lists the messages, not which one a malformed header gets).",
  },
  {
    id: "auth.revoked-401",
    section: "5",
    kind: "needs-wiring",
    assumption: "secret.list",
    statement:
      "A revoked token is a 401 on the very next request, with the control plane's own verdict as message (e.g. `token revoked`) (items 2 and 8).",
  },
  {
    id: "auth.removed-member-401",
    section: "5",
    kind: "needs-wiring",
    assumption: "secret.list",
    statement: "Removal from the workspace makes the member's tokens a 401 on the next request (items 2, 5 and 8).",
  },
  {
    id: "auth.role-reread",
    section: "5",
    kind: "needs-wiring",
    assumption: "secret.put",
    statement:
      "Membership and role are re-read on every request, never cached; a demotion takes effect on the next call (item 5).",
  },
  {
    id: "auth.role-change-all-tokens",
    section: "5",
    kind: "needs-wiring",
    assumption: "secret.put",
    statement:
      "A token carries its creator's live role: a role change applies to all of the creator's tokens (item 2).",
  },
  {
    id: "auth.no-token-scope",
    section: "5",
    kind: "needs-wiring",
    assumption: "secret.put; secret.list",
    statement:
      "There is no per-token scope and no read-only token: two tokens of one member are allowed exactly the same (item 2).",
  },
  {
    id: "auth.token-no-expiry",
    section: "5",
    kind: "needs-wiring",
    assumption: "secret.put; secret.list",
    statement:
      "A personal access token has no expiry: it still works however long after its issue, the clock having moved on by any amount (item 2, section 8).",
  },
  {
    id: "auth.session-cookie-accepted",
    section: "5",
    kind: "testable",
    assumption: "secret.list",
    statement:
      "The `service_session` cookie set at sign-in authenticates requests to the regional API like a token (item 3).",
  },
  {
    id: "auth.session-cookie-every-region",
    section: "5",
    kind: "testable",
    assumption: "secret.list",
    statement: "One session cookie is accepted by every region's API host (item 3).",
  },
  {
    id: "auth.session-cookie-30-days",
    section: "5",
    kind: "needs-wiring",
    assumption: "secret.list",
    statement:
      "A session cookie lasts 30 days: it is accepted up to 30 days after issue and refused with a 401 after (item 3).",
  },
  {
    id: "auth.session-cookie-unrevocable",
    section: "5",
    kind: "needs-wiring",
    assumption: "secret.put; secret.list",
    statement:
      "A session cookie is stateless and cannot be revoked before it expires: revoking every personal access token of its member leaves it working (item 3). Removal from the workspace still takes effect on the next request (items 5 and 8), so only token revocation is tested.",
  },
  {
    id: "auth.invalid-session-401",
    section: "5",
    kind: "testable",
    assumption: "secret.list",
    statement: "A malformed or expired session cookie is a 401 with the message `invalid session` (item 8).",
  },
  {
    id: "auth.role-too-low-403",
    section: "5",
    kind: "testable",
    statement: "A good credential whose role is too low gets a 403, not a 401 or 404 (item 9).",
  },
  {
    id: "auth.403-tells-which-role",
    section: "5",
    kind: "testable",
    statement:
      "Two 403 messages tell which role is too low: the 403 for an operation needing EDITOR (a VIEWER on POST /v1/calls/token) and the 403 for one needing ADMIN (an EDITOR writing or deleting a provider key) carry different messages; their exact text is not tested (item 9).",
  },
  {
    id: "auth.control-plane-503",
    section: "5",
    kind: "needs-wiring",
    statement:
      "With the control plane unreachable the answer is 503 `the control plane is unreachable, so this request cannot be authorized`, not a 401 (item 10).",
  },
  {
    id: "auth.health-unauthenticated",
    section: "4",
    kind: "testable",
    statement: "GET /health answers 200 without a credential (the only unauthenticated endpoint).",
  },
  {
    id: "auth.other-role-requirements",
    section: "5",
    kind: "not-shown",
    statement:
      "Role requirements of operations other than the calls token and secret/provider-key writes: not shown (item 6).",
  },
  {
    id: "auth.health-without-control-plane",
    section: "4",
    kind: "needs-wiring",
    statement:
      "GET /health answers 200 when the API process answers, even while the control plane is unreachable (it does not promise its dependencies).",
  },
];
