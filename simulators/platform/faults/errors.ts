// Planted faults that break errors clauses (spec/clauses/errors.ts), checked by suites/errors.suite.ts.
import type { FaultSpec } from "./fault.ts";

export const errorsFaults = {
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
  "other-workspace-403": {
    description:
      "an agent id in the path is looked up across every workspace, and a row of another workspace answers 403 `not allowed` instead of 404",
    clauses: ["errors.other-workspace-404"],
  },
  "401-verdict-in-errors": {
    description:
      "a 401 decided by the control plane relays its verdict both as the message and as the one line of detail.errors",
    clauses: ["errors.single-problem-empty-errors"],
  },
  "rate-limited": {
    description:
      "a per-credential rate limiter answers 429 beyond 40 requests in a rolling 10 s (7: nothing rate-limits inbound requests); a paged read's many requests meet it",
    clauses: ["errors.no-429", "paging.pages-concatenate"],
  },
  "body-limit-off-by-one": {
    description:
      "the body-size check is off by one (`>=` where `>` was meant): a body of exactly max_body_bytes is a 413 (a fault of a server whose profile declares the limit)",
    clauses: ["optional.body-size-limit"],
    profile: { optional: { "body-size-limit": "must-work" } },
  },
} as const satisfies Record<string, FaultSpec>;
