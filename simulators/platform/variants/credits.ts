// Credits (7: 402 "Returned only by POST /v1/calls/token and POST /v1/calls/outbound. The balance is per
// region"): a region whose workspaces hold none still serves everything else.
import type { VariantSpec } from "./variant.ts";

export const creditVariants = {
  "no-credits": {
    description:
      "every workspace of the region starts with no credits: only web call tokens and outbound calls may be refused for it (402), so every check that needs no credits still passes",
    section: "7",
    layer: "credits",
    reach: [
      "agents",
      "errors",
      "auth",
      "service",
      "tools",
      "tasks",
      "catalog",
      "webhooks",
      "delivery",
      "knowledge",
      "versioning",
      "conversations",
      "streams",
      "integrations",
      "byok",
    ],
    // Checks in reach that place calls fund the region through test control first (throughCreditGate).
    alone: "a full run places calls, which need credits: only the checks that need none can pass",
  },
} as const satisfies Record<string, VariantSpec>;
