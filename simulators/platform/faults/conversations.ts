// Faults in text conversations (4, 7) and their stream frames (6.2 rules 3 and 4).
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
} as const satisfies Record<string, FaultSpec>;
