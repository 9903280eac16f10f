// Planted faults that break calls clauses (spec/clauses/calls.ts), checked by suites/calls.suite.ts.
import type { FaultSpec } from "./fault.ts";

export const callsFaults = {
  "sessions-stay-queued": {
    description:
      "no call session ever leaves queued: outbound and batch calls are written but never dialled, web and inbound calls never start, so nothing a check waits for ever happens (the bench times a full run against it)",
    clauses: ["calls.record-readable", "events.session-completed-calls"],
  },
  "call-row-after-dial": {
    description: "POST /v1/calls/outbound writes the call row only after the carrier accepted the dial",
    clauses: ["calls.outbound-record-before-carrier"],
  },
  "calls-oldest-first": {
    description: "GET /v1/calls lists oldest first",
    clauses: ["calls.list-newest-first"],
  },
  "calls-by-last-activity": {
    description:
      "GET /v1/calls lists newest first by the call's last change (its end, else its answer, else its creation)",
    clauses: ["calls.list-newest-first"],
  },
  "viewer-gets-call-token": {
    description: "POST /v1/calls/token has no role check, so a VIEWER can start a web call",
    clauses: ["calls.token-viewer-403"],
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
  "editor-refused-call-token": {
    description: "POST /v1/calls/token asks for the ADMIN role: an EDITOR gets a 403",
    clauses: ["calls.token-editor-allowed"],
  },
  "media-token-unsigned": {
    description:
      "the web call token is an unsecured JWT (alg none), so a browser could forge a room token: a fault of a server whose profile says its token is a JWT (an opaque token is never parsed)",
    clauses: ["calls.token-mints"],
    profile: { readings: { web_call_token: "jwt" } },
  },
  "media-token-30-days": {
    description: "the web call token lives 30 days, like a session cookie, instead of being short-lived",
    clauses: ["calls.token-mints"],
  },
  "inline-agent-name-and-prompt-only": {
    description:
      "a web call token for an inline agent starts a session that runs only its name and prompt, the rest of the definition dropped",
    clauses: ["calls.token-inline-agent"],
  },
  "calls-list-ceiling-500": {
    description:
      "GET /v1/calls reads its paging with the 500 ceiling copied from the conversation items list, so limit 201 is answered, not a 422",
    clauses: ["calls.list-paged"],
  },
  "call-event-stream-mounted": {
    description:
      "a debug event stream of the call record is left mounted: GET /v1/calls/{session_id}/events answers a text/event-stream with a snapshot frame",
    clauses: ["calls.no-call-event-stream"],
  },
  "outbound-dialled-twice": {
    description:
      "POST /v1/calls/outbound dials the carrier, then the dial worker finds the row still queued and dials the same number again",
    clauses: ["calls.outbound-one-call"],
  },
  "call-record-lookup-unchecked": {
    description:
      "GET /v1/calls/{session_id} calls the text-session reader without checking it exists, so an unknown session is a 500 (a TypeError), not a 404",
    clauses: ["calls.record-unknown-404"],
  },
  "token-team-unsupported": {
    description:
      "POST /v1/calls/token knows only agent_id and agent as an agent source: a body with an agent_team is a 422",
    clauses: ["calls.token-team"],
  },
} as const satisfies Record<string, FaultSpec>;
