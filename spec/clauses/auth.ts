import type { Clause } from "../clause.ts";

export const authClauses: Clause[] = [
  {
    id: "auth.bearer-required",
    section: "5",
    kind: "testable",
    statement: "Every endpoint except GET /health needs a credential (item 1).",
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
    statement: "A malformed or unknown token is a 401 with the message `invalid token` (item 8).",
  },
  {
    id: "auth.revoked-401",
    section: "5",
    kind: "needs-wiring",
    statement: "A revoked token is a 401 at once, passing on the control plane's verdict (items 2 and 8).",
  },
  {
    id: "auth.removed-member-401",
    section: "5",
    kind: "needs-wiring",
    statement: "Removal from the workspace makes the member's tokens a 401 on the next request (items 2, 5 and 8).",
  },
  {
    id: "auth.role-reread",
    section: "5",
    kind: "needs-wiring",
    statement: "Membership and role are re-read on every request; a demotion takes effect on the next call (item 5).",
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
    statement: "GET /health answers 200 without a credential.",
  },
];
