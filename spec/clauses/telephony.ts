import type { Clause } from "../clause.ts";

// 2.4 remote numbers, 2.5 phone numbers, 3.2 readiness and the telephony endpoints of section 4.
export const telephonyClauses: Clause[] = [
  {
    id: "telephony.remote-numbers-paged",
    section: "4",
    kind: "needs-wiring",
    statement:
      "GET /v1/telephony/accounts/{account_id}/remote-numbers answers a page of remote numbers with limit 1..200 (201 is a 422).",
  },
  {
    id: "telephony.remote-number-shape",
    section: "2.4",
    kind: "needs-wiring",
    statement: "A remote number has e164 (an E.164 number), already_imported (boolean), label and provider_number_id.",
  },
  {
    id: "telephony.remote-numbers-live",
    section: "4",
    kind: "needs-wiring",
    statement:
      "Remote numbers are read live from the carrier: a number added at the carrier is listed at once, without import.",
  },
  {
    id: "telephony.remote-already-imported",
    section: "2.4",
    kind: "needs-wiring",
    assumption: "phone.import",
    statement: "already_imported is true exactly when the service already has the number, false otherwise.",
  },
  {
    id: "telephony.remote-numbers-bad-credentials",
    section: "4",
    kind: "needs-wiring",
    statement:
      "Listing remote numbers proves the carrier credentials work: with credentials the carrier refuses, it fails (or the account is refused at create, where a server may prove them first).",
  },
  {
    id: "telephony.remote-numbers-502",
    section: "7",
    kind: "needs-wiring",
    statement: "When the carrier API gives no answer, listing remote numbers is a 502.",
  },
  {
    id: "telephony.remote-numbers-unknown-404",
    section: "7",
    kind: "testable",
    statement: "Remote numbers of a carrier account not in the workspace is a 404.",
  },
  {
    id: "telephony.phone-numbers-paged",
    section: "4",
    kind: "testable",
    statement: "GET /v1/telephony/phone-numbers answers a page of phone numbers with limit 1..200 (201 is a 422).",
  },
  {
    id: "telephony.phone-number-shape",
    section: "2.5",
    kind: "needs-wiring",
    assumption: "phone.import",
    statement:
      "A phone number has id, e164, label, provider, provider_number_id, provider_state (object), telephony_account_id, inbound_agent_id, can_inbound, can_outbound, readiness, status, status_message, rtc_dispatch_rule_id, rtc_inbound_trunk_id, last_synced_at, created_at, updated_at.",
  },
  {
    id: "telephony.readiness-enum",
    section: "3.2",
    kind: "needs-wiring",
    assumption: "phone.import",
    statement: "readiness is one of live, needs_agent, needs_carrier_setup, setting_up, error, disabled.",
  },
  {
    id: "telephony.readiness-live-answers",
    section: "2.5",
    kind: "needs-wiring",
    assumption: "phone.import",
    statement: "A number whose readiness is live answers inbound calls.",
  },
  {
    id: "telephony.inbound-agent-answers",
    section: "2.5",
    kind: "needs-wiring",
    assumption: "phone.update",
    statement:
      "An inbound call to a number is answered by the number's inbound_agent_id (its session names that agent), and once inbound_agent_id changes the next inbound call follows it.",
  },
  {
    id: "telephony.readiness-not-live-without-agent",
    section: "2.5",
    kind: "needs-wiring",
    assumption: "phone.import",
    statement:
      "readiness collapses routing into its answer: a number that can answer inbound (can_inbound) but has no inbound agent does not read live, since live means answering inbound (the spec names no exact value for it).",
  },
  {
    id: "telephony.phone-numbers-account-filter",
    section: "4",
    kind: "needs-wiring",
    assumption: "phone.import",
    statement:
      "The optional carrier-account filter of GET /v1/telephony/phone-numbers lists only that account's numbers.",
  },
  {
    id: "telephony.readiness-transitions",
    section: "3.2",
    kind: "not-shown",
    statement: "Transitions between readiness values: not shown.",
  },
  {
    id: "telephony.import-phone-numbers-path",
    section: "4.1",
    kind: "not-shown",
    assumption: "phone.import",
    statement: "Path and payload of the import_phone_numbers operation: not shown.",
  },
];
