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
} as const satisfies Record<string, FaultSpec>;
