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
  "remote-numbers-limit-unbounded": {
    description:
      "the remote-number listing hands its limit to the carrier as PageSize without the 1..200 bound, so limit 201 is answered, not a 422",
    clauses: ["telephony.remote-numbers-paged"],
  },
  "remote-number-e164-without-plus": {
    description: "remote numbers carry e164 as normalised for storage, its leading + stripped (`14155550100`)",
    clauses: ["telephony.remote-number-shape"],
  },
  "remote-already-imported-by-e164": {
    description:
      "already_imported looks the carrier number up by its e164 in the index keyed by provider_number_id, so it is always false",
    clauses: ["telephony.remote-already-imported"],
  },
  "remote-numbers-carrier-down-504": {
    description: "listing remote numbers answers a carrier that gives no answer with 504 Gateway Timeout, not 502",
    clauses: ["telephony.remote-numbers-502"],
  },
  "remote-numbers-unknown-account-default": {
    description:
      "a carrier account id the workspace does not have falls back to the region's own carrier account, so its remote numbers are listed instead of a 404",
    clauses: ["telephony.remote-numbers-unknown-404"],
  },
  "phone-numbers-limit-zero-all": {
    description: "GET /v1/telephony/phone-numbers reads limit=0 as no limit (`limit || 200`) instead of a 422",
    clauses: ["telephony.phone-numbers-paged"],
  },
  "phone-list-lean-projection": {
    description:
      "the phone-number list is served from a lean projection without provider_state, rtc_dispatch_rule_id and rtc_inbound_trunk_id (a number read alone has them)",
    clauses: ["telephony.phone-number-shape"],
  },
  "readiness-no-agent-legacy-word": {
    description:
      "readiness says `no_agent`, the dashboard's old word, for a number that can answer inbound but has no agent, not needs_agent",
    clauses: ["telephony.readiness-enum"],
  },
  "phone-numbers-account-filter-stripped": {
    description:
      "the phone-number list's query schema lacks the carrier-account filter, so it is stripped and every number is listed",
    clauses: ["telephony.phone-numbers-account-filter"],
  },
} as const satisfies Record<string, FaultSpec>;
