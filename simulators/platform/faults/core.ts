// Faults in paging (2.1), errors (7), auth (5) and agents (4).
import type { FaultSpec } from "./fault.ts";

export const coreFaults = {
  "has-more-without-extra-row": {
    description: "has_more is computed as items.length === limit instead of reading limit+1 rows",
    clauses: ["paging.has-more-extra-row"],
  },
  "limit-clamped": {
    description: "a limit above the ceiling is silently clamped to 200 instead of a 422",
    clauses: ["paging.limit-above-ceiling-422"],
  },
  "offset-omitted": {
    description: "the page envelope leaves out offset when it is 0",
    clauses: ["paging.envelope-fields"],
  },
  "default-limit-50": {
    description: "the default page size is 50 instead of 200",
    clauses: ["paging.default-limit"],
  },
  "oldest-first": {
    description: "agents list oldest first instead of newest first by last edit",
    clauses: ["paging.newest-first"],
  },
  "total-in-page": {
    description: "the page envelope carries a total count",
    clauses: ["paging.no-total-no-cursor"],
  },
  "negative-offset-accepted": {
    description: "a negative offset is treated as 0 instead of a 422",
    clauses: ["paging.offset-non-negative"],
  },
  "errors-array-omitted": {
    description: "errors with a single problem leave detail.errors out instead of an empty array",
    clauses: ["errors.envelope", "errors.errors-always-array"],
  },
  "422-body-prefix": {
    description: "422 lines keep the `body.` prefix on field paths",
    clauses: ["errors.422-prefix-stripped"],
  },
  "422-generic-message": {
    description: "a 422 with one problem says `validation failed` instead of that problem's line",
    clauses: ["errors.422-single-problem-message"],
  },
  "404-plain-text": {
    description: "unknown routes answer the framework's plain-text 404 instead of the envelope",
    clauses: ["errors.envelope", "errors.unknown-route-404"],
  },
  "missing-credential-invalid-token": {
    description: "a request without a credential answers `invalid token` instead of `not authenticated`",
    clauses: ["auth.missing-401"],
  },
  "malformed-credential-400": {
    description:
      "an Authorization header that is not `Bearer <token>` is refused by header validation: 400 `bad Authorization header`",
    clauses: ["auth.malformed-401"],
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
  "agent-patch-merges": {
    description: "PATCH /v1/agents/{id} merges into the stored config instead of replacing it",
    clauses: ["agents.patch-replaces"],
  },
  "agent-names-not-unique": {
    description: "agent create does not check for an existing name",
    clauses: ["agents.names-unique"],
  },
} as const satisfies Record<string, FaultSpec>;
