// Planted faults that break auth clauses (spec/clauses/auth.ts), checked by suites/auth.suite.ts.
import type { FaultSpec } from "./fault.ts";

export const authFaults = {
  "missing-credential-invalid-token": {
    description: "a request without a credential answers `invalid token` instead of `not authenticated`",
    clauses: ["auth.missing-401"],
  },
  "malformed-credential-400": {
    description:
      "an Authorization header that is not `Bearer <token>` is refused by header validation: 400 `bad Authorization header`",
    clauses: ["auth.malformed-401"],
  },
  "bearer-found-anywhere": {
    description:
      "the token is taken from `Bearer <token>` wherever it ends the Authorization header, so `NotBearer <token>` is accepted",
    clauses: ["auth.bearer-scheme"],
  },
  "bearer-first-word": {
    description: "the token is the first word after `Bearer `, and whatever follows it in the header is ignored",
    clauses: ["auth.malformed-401"],
  },
  "session-cookie-alone-only": {
    description:
      "the Cookie header is read as the one pair `service_session=<value>`: a session cookie sent beside the domain's other cookies is not found",
    clauses: ["auth.session-cookie-accepted"],
  },
  "valueless-session-cookie-503": {
    description:
      "a `service_session` pair with no value is sent to the control plane as an empty session, whose refusal the platform answers 503",
    clauses: ["auth.invalid-session-401"],
  },
  "role-cached": {
    description: "the control plane's verdict is cached per token for a minute",
    clauses: ["auth.revoked-401", "auth.removed-member-401", "auth.role-reread"],
  },
  "outage-is-401": {
    description: "an unreachable control plane is answered 401 instead of 503",
    clauses: ["auth.control-plane-503"],
  },
  "health-needs-auth": {
    description: "GET /health sits behind the authentication hook",
    clauses: ["auth.health-unauthenticated"],
  },
  "403-one-message": {
    description: "every 403 is answered `forbidden`, whichever role the operation needs",
    clauses: ["auth.403-tells-which-role"],
  },
  "role-from-first-token": {
    description:
      "a member's role is kept from the verdict of the first token seen for that member; the verdicts of the member's other tokens only prove they are still valid",
    clauses: ["auth.role-change-all-tokens"],
  },
  "extra-tokens-read-only": {
    description: "every token of a member but the first one the platform saw is treated as a read-only token",
    clauses: ["auth.no-token-scope"],
  },
  "session-verdict-cached": {
    description:
      "a session cookie is stateless, so its verdict is cached for an hour and an expired cookie keeps working",
    clauses: ["auth.session-cookie-30-days"],
  },
  "session-dies-with-tokens": {
    description:
      "a `token revoked` verdict signs the token's member out everywhere, so the member's session cookie is refused from then on",
    clauses: ["auth.session-cookie-unrevocable"],
  },
  "token-expires-30-days": {
    description:
      "the 30-day session life is enforced on tokens too, from the issue time the control plane's verdict carries",
    clauses: ["auth.token-no-expiry"],
  },
  "health-probes-control-plane": {
    description: "GET /health probes the control plane and answers 503 while it is unreachable",
    clauses: ["auth.health-without-control-plane"],
  },
  "session-cookie-home-region-only": {
    description:
      "only the home region (the dashboard's) reads the session cookie; another region's API takes bearer tokens alone, so the cookie there is a 401",
    clauses: ["auth.session-cookie-every-region"],
  },
} as const satisfies Record<string, FaultSpec>;
