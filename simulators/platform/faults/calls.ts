// Faults in telephony (2.4, 2.5, 3.2), calls (4), credits (7), events (6.1) and batches (2.12).
import type { FaultSpec } from "./fault.ts";

export const callsFaults = {
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
  "batch-exceeds-concurrency": {
    description: "the batch scheduler lets twice max_concurrency calls run at once",
    clauses: ["batches.max-concurrency"],
  },
  "batch-redials-reached": {
    description: "a reached recipient stays in the retry queue and is dialled again while attempts remain",
    clauses: ["batches.no-redial-reached"],
  },
  "retry-ignores-spacing": {
    description: "an unreached recipient is re-dialled at once instead of after retry_after_minutes",
    clauses: ["batches.retry-after"],
  },
  "batch-fails-on-credits": {
    description: "a batch that runs out of credits is marked failed instead of pausing until credits return",
    clauses: ["credits.batch-pauses"],
  },
  "completed-for-cancelled-batch": {
    description: "cancelling a batch publishes batch.completed",
    clauses: ["events.batch-completed-not-cancelled-failed"],
  },
} as const satisfies Record<string, FaultSpec>;
