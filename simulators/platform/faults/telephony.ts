// Planted faults that break telephony clauses (spec/clauses/telephony.ts), checked by suites/telephony.suite.ts.
import type { FaultSpec } from "./fault.ts";

export const telephonyFaults = {
  "remote-numbers-refusal-empty": {
    description:
      "listing remote numbers with credentials the carrier refuses answers an empty page, as if the account owned none (4: the listing `also proves the carrier credentials work`)",
    clauses: ["telephony.remote-numbers-bad-credentials"],
  },
  "remote-numbers-cached": {
    description: "remote numbers are read from the carrier once per account and served from a cache afterwards",
    clauses: ["telephony.remote-numbers-live"],
  },
  "readiness-live-without-agent": {
    description: "readiness ignores routing: an imported number with no inbound agent reads live",
    clauses: ["telephony.readiness-live-answers", "telephony.readiness-not-live-without-agent"],
  },
  "inbound-agent-cached": {
    description:
      "the voice webhook caches each number's agent on its first inbound call, so a changed inbound_agent_id is not followed",
    clauses: ["telephony.inbound-agent-answers"],
  },
} as const satisfies Record<string, FaultSpec>;
