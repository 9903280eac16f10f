// Faults in telephony (2.4, 2.5, 3.2), calls (4), credits (7) and call events (6.1). Batch scheduler faults
// are in batches.ts.
import type { FaultSpec } from "./fault.ts";

export const callsFaults = {
  "phone-patch-null-kept": {
    description:
      "the phone-number PATCH skips fields sent as null as if omitted: label and inbound agent cannot be cleared",
    clauses: ["service.patch-null-clears"],
  },
  "remote-numbers-cached": {
    description: "remote numbers are read from the carrier once per account and served from a cache afterwards",
    clauses: ["telephony.remote-numbers-live"],
  },
  "readiness-live-without-agent": {
    description: "readiness ignores routing: an imported number with no inbound agent reads live",
    clauses: ["telephony.readiness-live-answers", "telephony.readiness-not-live-without-agent"],
  },
  "call-row-after-dial": {
    description: "POST /v1/calls/outbound writes the call row only after the carrier accepted the dial",
    clauses: ["calls.outbound-record-before-carrier"],
  },
  "calls-oldest-first": {
    description: "GET /v1/calls lists oldest first",
    clauses: ["calls.list-newest-first"],
  },
  "viewer-gets-call-token": {
    description: "POST /v1/calls/token has no role check, so a VIEWER can start a web call",
    clauses: ["calls.token-viewer-403"],
  },
  "outbound-402-missing": {
    description: "POST /v1/calls/outbound dials without checking the region's credit balance",
    clauses: ["credits.outbound-402"],
  },
  "in-progress-payload-differs": {
    description: "session.in_progress carries an extra stage field, so its payload differs from session.started",
    clauses: ["events.in-progress-identical"],
  },
  "recording-ready-without-audio": {
    description: "recording.ready fires for every answered call, even when no audio was stored",
    clauses: ["events.recording-ready-needs-audio"],
  },
  "completed-before-billing": {
    description: "session.completed is published before billing stored the cost, so it disagrees with GET",
    clauses: ["events.session-completed-agrees"],
  },
  "queued-for-batch-calls": {
    description: "batch calls announce session.queued like one-at-a-time outbound calls",
    clauses: ["events.session-queued-not-batches"],
  },
  "inbound-agent-cached": {
    description:
      "the voice webhook caches each number's agent on its first inbound call, so a changed inbound_agent_id is not followed",
    clauses: ["telephony.inbound-agent-answers"],
  },
  "inbound-ignores-credits": {
    description: "the voice webhook answers inbound calls without checking the region's credit balance",
    clauses: ["credits.inbound-refused"],
  },
  "calls-window-end-ignored": {
    description: "GET /v1/calls applies the start of the window but ignores its end",
    clauses: ["calls.list-window"],
  },
  "calls-contact-key-matches-to": {
    description: "GET /v1/calls?contact_key= compares the dialled number instead of the contact key",
    clauses: ["calls.list-contact-key"],
  },
  "calls-batch-filter-keeps-unbatched": {
    description: "GET /v1/calls?batch_id= lets calls without a batch through (`!row.batch_id || ...`)",
    clauses: ["calls.list-batch-id"],
  },
  "media-token-unsigned": {
    description: "the web call token is an unsecured JWT (alg none), so a browser could forge a room token",
    clauses: ["calls.token-mints"],
  },
  "media-token-30-days": {
    description: "the web call token lives 30 days, like a session cookie, instead of being short-lived",
    clauses: ["calls.token-mints"],
  },
  "completed-before-analysis": {
    description: "session.completed is published after billing but before the analysis model answered",
    clauses: ["events.session-completed-calls", "events.session-completed-agrees"],
  },
  "transfer-recorded-after-completed": {
    description:
      "a transfer ends the session first and records the transfer afterwards, so session.completed says none",
    clauses: ["events.transfer-ends-session"],
  },
} as const satisfies Record<string, FaultSpec>;
