// Faults in text conversations (4, 7), their text windows' session payloads (6.1) and their stream frames
// (6.2 rules 3 and 4, the frame table).
import type { FaultSpec } from "./fault.ts";

export const conversationsFaults = {
  "message-not-deduped": {
    description: "a re-sent client_message_id is stored again as a second item",
    clauses: ["conversations.dedupe-client-message-id"],
  },
  "items-newest-first": {
    description: "conversation items list newest first, like the other lists, instead of oldest first",
    clauses: ["conversations.items-oldest-first"],
  },
  "delta-cumulative": {
    description: "assistant.delta carries the text so far instead of the next chunk",
    clauses: ["streams.delta-not-cumulative"],
  },
  "completed-text-drops-first-delta": {
    description: "assistant.completed text joins the deltas after the first one (an off-by-one)",
    clauses: ["streams.completed-text-joins-deltas"],
  },
  "item-created-no-id-line": {
    description: "item.created frames have no SSE id: line",
    clauses: ["streams.item-created-id-line"],
  },
  "text-telephony-fields-null": {
    description: "the text worker fills from_number, to_number and phone_number_id with null like a call record",
    clauses: ["events.text-no-telephony-fields"],
  },
  "turn-frames-missing": {
    description: "the turn lifecycle goes to the log only: no turn frame is ever sent on the conversation stream",
    clauses: ["streams.turn-frames"],
  },
  "turn-failed-sent-as-turn": {
    description:
      "a turn that could not be queued is reported as a turn frame with status failed instead of turn.failed",
    clauses: ["streams.turn-failed"],
  },
  "assistant-started-names-reply": {
    description:
      "assistant.started's trigger_item_id holds the new reply's item id instead of the triggering message's",
    clauses: ["streams.assistant-started-trigger"],
  },
} as const satisfies Record<string, FaultSpec>;
