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
} as const satisfies Record<string, FaultSpec>;
