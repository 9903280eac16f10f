import type { Clause } from "../clause.ts";

// The calls endpoints: web call token, one outbound call, the call list and the call record.
// The 402 gates are in credits, batches in batches, the completed-session payload in events.
export const callsClauses: Clause[] = [
  {
    id: "calls.token-viewer-403",
    section: "5",
    kind: "testable",
    statement: "POST /v1/calls/token needs EDITOR: a VIEWER is a 403 (cannot start a web call over the API).",
  },
  {
    id: "calls.token-editor-allowed",
    section: "5",
    kind: "testable",
    assumption: "agent.create",
    statement: "POST /v1/calls/token is not refused with 403 for an EDITOR or an ADMIN.",
  },
  {
    id: "calls.token-mints",
    section: "4",
    kind: "testable",
    assumption: "agent.create",
    statement:
      "POST /v1/calls/token for a stored agent answers with a short-lived real-time media room token for a browser (profile: the token is a non-empty string whose expires_at is at most web_call_token_max_ttl_seconds after issue; under readings.web_call_token jwt, also a signed JWT, never alg none, whose exp is expires_at).",
  },
  {
    id: "calls.token-inline-agent",
    section: "4",
    kind: "testable",
    statement:
      "POST /v1/calls/token accepts a whole inline agent definition instead of a stored agent, and the session it starts runs that definition.",
  },
  {
    id: "calls.token-team",
    section: "4",
    kind: "testable",
    assumption: "agent.create",
    statement: "POST /v1/calls/token accepts an agent team.",
  },
  {
    id: "calls.outbound-record-before-carrier",
    section: "4",
    kind: "needs-wiring",
    statement:
      "POST /v1/calls/outbound writes the call record before the carrier is contacted: it is listed even when the dial fails.",
  },
  {
    id: "calls.outbound-one-call",
    section: "4",
    kind: "needs-wiring",
    statement: "POST /v1/calls/outbound places exactly one phone call at the carrier.",
  },
  {
    id: "calls.outbound-carrier-502",
    section: "7",
    kind: "needs-wiring",
    statement:
      "When the carrier API gives no answer, POST /v1/calls/outbound is a 502 (and the call record written before it remains).",
  },
  {
    id: "calls.list-paged",
    section: "4",
    kind: "testable",
    statement: "GET /v1/calls answers a page envelope, limit 1..200.",
  },
  {
    id: "calls.list-newest-first",
    section: "2.1",
    kind: "needs-wiring",
    statement: "GET /v1/calls lists newest first by start.",
  },
  {
    id: "calls.list-window",
    section: "4",
    kind: "needs-wiring",
    statement: "GET /v1/calls with start and end lists only the calls inside that window.",
  },
  {
    id: "calls.list-contact-key",
    section: "4",
    kind: "needs-wiring",
    statement: "GET /v1/calls?contact_key= lists only the calls with that contact key.",
  },
  {
    id: "calls.list-batch-id",
    section: "4",
    kind: "needs-wiring",
    statement: "GET /v1/calls?batch_id= lists only the calls of that batch.",
  },
  {
    id: "calls.record-readable",
    section: "1",
    kind: "needs-wiring",
    statement: "What a finished call did is read back from GET /v1/calls/{session_id}.",
  },
  {
    id: "calls.record-unknown-404",
    section: "7",
    kind: "testable",
    statement: "GET /v1/calls/{session_id} for a session not in the workspace is a 404.",
  },
  {
    id: "calls.no-call-event-stream",
    section: "1",
    kind: "testable",
    statement: "There is no event stream for a voice or video call (e.g. GET /v1/calls/{session_id}/events is a 404).",
  },
  {
    id: "calls.record-fields",
    section: "2.13",
    kind: "not-shown",
    statement: "Fields of the call session record beyond the groups of the completed-session payload: not shown.",
  },
  {
    id: "calls.session-states",
    section: "3.3",
    kind: "not-shown",
    statement: "States and transitions of call sessions: not shown.",
  },
  {
    id: "calls.token-bodies",
    section: "4.1",
    kind: "not-shown",
    statement: "Request and response bodies of POST /v1/calls/token beyond the fields named: not shown.",
  },
  {
    id: "calls.outbound-bodies",
    section: "4.1",
    kind: "not-shown",
    statement: "Request and response bodies of POST /v1/calls/outbound beyond the fields named: not shown.",
  },
  {
    id: "calls.list-query-parameters",
    section: "4.1",
    kind: "not-shown",
    statement: "Query parameters of GET /v1/calls beyond start, end, contact_key and batch_id: not shown.",
  },
  {
    id: "calls.token-lifetime",
    section: "8",
    kind: "not-shown",
    statement: "The web call token lifetime: not shown.",
  },
];
