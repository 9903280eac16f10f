// Planted faults that break credits clauses (spec/clauses/credits.ts), checked by suites/credits.suite.ts.
import type { FaultSpec } from "./fault.ts";

export const creditsFaults = {
  "token-402-missing": {
    description: "POST /v1/calls/token mints a web call token without checking the region's credit balance",
    clauses: ["credits.token-402"],
  },
  "outbound-402-missing": {
    description: "POST /v1/calls/outbound dials without checking the region's credit balance",
    clauses: ["credits.outbound-402"],
  },
  "inbound-ignores-credits": {
    description: "the voice webhook answers inbound calls without checking the region's credit balance",
    clauses: ["credits.inbound-refused"],
  },
  "writes-402-without-credits": {
    description: "every write answers 402 while the region has no credits, not only the token and outbound calls",
    clauses: ["credits.402-only-two-endpoints"],
  },
  "batch-fails-on-credits": {
    description: "a batch that runs out of credits is marked failed instead of pausing until credits return",
    clauses: ["credits.batch-pauses"],
  },
  "batch-pause-one-dial-late": {
    description:
      "the scheduler checks the balance only after its next dial, so one call goes out after credits ran out",
    clauses: ["credits.batch-pauses"],
  },
  "credits-ledger-process-wide": {
    description:
      "the credit ledger is one object of the process, shared by every regional instance, so a workspace's balance is the same in every region",
    clauses: ["credits.balance-per-region"],
  },
} as const satisfies Record<string, FaultSpec>;
