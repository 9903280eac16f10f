// Planted faults that break events clauses (spec/clauses/events.ts), checked by suites/events.suite.ts.
import type { FaultSpec } from "./fault.ts";

export const eventsFaults = {
  "in-progress-payload-differs": {
    description: "session.in_progress carries an extra stage field, so its payload differs from session.started",
    clauses: ["events.in-progress-identical"],
  },
  "recording-ready-without-audio": {
    description: "recording.ready fires for every answered call, even when no audio was stored",
    clauses: ["events.recording-ready-needs-audio"],
  },
  "recording-ready-after-completed": {
    description:
      "the recording upload is confirmed after the session is closed, so recording.ready is emitted after session.completed",
    clauses: ["events.recording-ready", "events.emission-order"],
  },
  "transcript-newest-first": {
    description: "a call's transcript lists the last turn first",
    clauses: ["events.transcript-oldest-first"],
  },
  "completed-before-billing": {
    description: "session.completed is published before billing stored the cost, so it disagrees with GET",
    clauses: ["events.session-completed-agrees"],
  },
  "queued-for-batch-calls": {
    description: "batch calls announce session.queued like one-at-a-time outbound calls",
    clauses: ["events.session-queued-not-batches"],
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
  "completed-for-cancelled-batch": {
    description: "cancelling a batch publishes batch.completed",
    clauses: ["events.batch-completed-not-cancelled-failed"],
  },
  "batch-completed-twice": {
    description: "the last call's end publishes batch.completed, and so does the scheduler when it sees the batch done",
    clauses: ["events.batch-completed"],
  },
  "text-telephony-fields-null": {
    description: "the text worker fills from_number, to_number and phone_number_id with null like a call record",
    clauses: ["events.text-no-telephony-fields"],
  },
  "batch-completed-on-failure": {
    description: "a batch that fails still sends batch.completed: the end-of-run hook fires on every exit",
    clauses: ["events.batch-completed-not-cancelled-failed"],
  },
  "in-progress-pretty-printed": {
    description:
      "session.in_progress is serialised by a second code path that pretty-prints it: the same JSON, other bytes than session.started's",
    clauses: ["events.in-progress-identical"],
  },
  "session-envelope-agent-id-null": {
    description: "session events carry agent_id null in the envelope (the id is only in the payload)",
    clauses: ["events.session-envelope-agent-id"],
  },
  "web-call-announced-queued": {
    description: "POST /v1/calls/token announces the web call's new row with session.queued, like an outbound call's",
    clauses: ["events.session-queued-not-web-calls"],
  },
  "web-call-start-unannounced": {
    description:
      "a web call's room marks the row started itself instead of going through the session lifecycle, so no session.started is sent",
    clauses: ["events.session-started-web-call"],
  },
  "in-progress-for-web-calls": {
    description:
      "session.in_progress is left out for text windows only (a test of channel === text), so web calls send it too",
    clauses: ["events.in-progress-phone-only"],
  },
  "analysis-merged-into-userdata": {
    description: "the analysis writer copies the model's summary into userdata too, where the CRM export reads fields",
    clauses: ["events.analysis-not-in-userdata"],
  },
  "screen-recording-omitted-for-phone": {
    description:
      "the session payload leaves out screen_recording for phone calls (no screen to record), in session.completed and GET alike",
    clauses: ["events.completed-groups"],
  },
  "recording-link-in-payload": {
    description:
      "the recording group carries a fifth field, url, a link to the stored audio (null when none was stored)",
    clauses: ["events.recording-no-link"],
  },
  "transfer-empty-object": {
    description: "transfer is an empty object, not null, when no transfer was attempted (a `?? {}` default)",
    clauses: ["events.transfer-null"],
  },
  "internal-ended-event-delivered": {
    description:
      "the call worker's internal session.ended notice (on hang-up, before analysis) goes out on the bus webhooks read, and is delivered",
    clauses: ["events.known-types-only"],
  },
  "transfer-event-type-listed": {
    description: "event-types `all` still lists session.transferred, the transfer event of an older release",
    clauses: ["events.no-transfer-event"],
  },
  "webhook-test-payload-id": {
    description: "the webhook.test payload names the webhook `id` (as the webhook record does) instead of webhook_id",
    clauses: ["events.webhook-test-payload"],
  },
  "webhook-first-match-only": {
    description:
      "delivery looks the event's webhook up with a find where a filter belonged: only the oldest matching webhook of the workspace receives it",
    clauses: ["events.workspace-wide"],
  },
  "webhook-same-tick-batched": {
    description:
      "the events one tick publishes for a webhook (session.started and session.in_progress) go out together, as a JSON array in one request",
    clauses: ["events.separate-requests"],
  },
  "webhook-disabled-still-delivered": {
    description: "the delivery filter never looks at the webhook's status, so a disabled webhook still receives events",
    clauses: ["events.inactive-not-delivered"],
  },
  "in-progress-deduplicated-for-all-types": {
    description:
      "a webhook with an empty list is spared the duplicate: it receives session.started but never session.in_progress",
    clauses: ["events.empty-list-all-types"],
  },
  "subscription-matches-family": {
    description:
      "subscriptions match on the event's family (the part before the dot), so a webhook subscribed to session.completed gets every session.* event",
    clauses: ["events.subscription-filter"],
  },
} as const satisfies Record<string, FaultSpec>;
