// Planted faults that break service clauses (spec/clauses/service.ts), checked by suites/service.suite.ts.
import type { FaultSpec } from "./fault.ts";

export const serviceFaults = {
  "webhook-patch-url-ignored": {
    description: "PATCH /v1/webhooks/{id} answers 2xx but keeps the old url",
    clauses: ["service.patch-merge-omitted-kept"],
  },
  "phone-patch-null-kept": {
    description:
      "the phone-number PATCH skips fields sent as null as if omitted: label and inbound agent cannot be cleared",
    clauses: ["service.patch-null-clears"],
  },
  "email-senders-paged": {
    description: "GET /v1/email/senders is served through the paged lists' helper: a page envelope, 200 rows at most",
    clauses: ["service.email-senders-unpaged"],
  },
  "observability-honours-paging": {
    description:
      "GET /v1/observability answers a bare list but applies a limit and offset sent in the query, so rows are left out",
    clauses: ["service.observability-unpaged"],
  },
  "idempotency-key-honoured": {
    description:
      "an idempotency middleware keeps each POST's 2xx answer by its Idempotency-Key header and replays it for a later POST with that key, whatever its body",
    clauses: ["service.no-idempotency-key"],
  },
  "unversioned-alias": {
    description:
      "the API is also mounted at the root: a path without /v1 is served as the same path under it, for clients that leave the version out",
    clauses: ["service.v1-prefix"],
  },
} as const satisfies Record<string, FaultSpec>;
