import type { Clause } from "../clause.ts";

// The two 402 gates and the per-region balance (sections 1, 4, 7, 2.12). Setting a balance needs test control;
// clauses that also need the carrier are still needs-test-control (the rarer prerequisite) and skip when not wired.
export const creditsClauses: Clause[] = [
  {
    id: "credits.token-402",
    section: "7",
    kind: "needs-test-control",
    statement: "POST /v1/calls/token is a 402 when the region's credits are insufficient.",
  },
  {
    id: "credits.outbound-402",
    section: "7",
    kind: "needs-test-control",
    statement: "POST /v1/calls/outbound is a 402 when the region's credits are insufficient.",
  },
  {
    id: "credits.402-only-two-endpoints",
    section: "7",
    kind: "needs-test-control",
    statement:
      "No endpoint other than POST /v1/calls/token and POST /v1/calls/outbound answers 402, even with no credits.",
  },
  {
    id: "credits.balance-per-region",
    section: "1",
    kind: "needs-test-control",
    statement:
      "The credit balance is per region: an empty balance in one region does not 402 calls in another that has credits.",
  },
  {
    id: "credits.inbound-refused",
    section: "7",
    kind: "needs-test-control",
    statement:
      "With insufficient credits an inbound phone call is refused at the door and reads back with close_reason `insufficient_credits`.",
  },
  {
    id: "credits.batch-pauses",
    section: "2.12",
    kind: "needs-test-control",
    assumption: "webhook.create",
    statement: "A running batch pauses, rather than failing, when credits run out.",
  },
  {
    id: "credits.pricing-behaviour",
    section: "1",
    kind: "not-shown",
    statement: "Pricing and credit behaviour beyond the two 402 gates and the per-region balance: not shown.",
  },
  {
    id: "credits.402-body",
    section: "7",
    kind: "not-shown",
    statement: "The 402 body shape (beyond the error envelope): not shown.",
  },
];
