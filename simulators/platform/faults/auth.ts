// Faults in credentials beyond one token per member (5, items 2 and 3) and in workspace isolation (7).
import type { FaultSpec } from "./fault.ts";

export const authFaults = {
  "other-workspace-403": {
    description:
      "an agent id in the path is looked up across every workspace, and a row of another workspace answers 403 `not allowed` instead of 404",
    clauses: ["errors.other-workspace-404"],
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
} as const satisfies Record<string, FaultSpec>;
