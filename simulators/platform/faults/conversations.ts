// Planted faults that break conversations clauses (spec/clauses/conversations.ts), checked by suites/conversations.suite.ts.
import type { FaultSpec } from "./fault.ts";

export const conversationsFaults = {
  "message-not-deduped": {
    description: "a re-sent client_message_id is stored again as a second item",
    clauses: ["conversations.dedupe-client-message-id"],
  },
  "conversations-by-last-activity": {
    description: "conversations list newest first by their last item instead of by start",
    clauses: ["conversations.list-newest-first"],
  },
  "items-newest-first": {
    description: "conversation items list newest first, like the other lists, instead of oldest first",
    clauses: ["conversations.items-oldest-first"],
  },
} as const satisfies Record<string, FaultSpec>;
