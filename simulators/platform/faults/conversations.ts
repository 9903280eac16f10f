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
  "client-message-id-optional": {
    description:
      "client_message_id is optional in the message schema: a message without one is accepted, with an id the server makes",
    clauses: ["conversations.client-message-id-required"],
  },
  "client-message-id-any-string": {
    description: "client_message_id is checked as a non-empty string, not as a UUID",
    clauses: ["conversations.client-message-id-uuid"],
  },
  "items-ceiling-200": {
    description: "the items list takes the usual paging ceiling of 200, so limit=500 is a 422",
    clauses: ["conversations.items-limit-500"],
  },
  "items-bare-array": {
    description: "the items list answers the page's rows as a bare array, without has_more, limit and offset",
    clauses: ["conversations.items-paged"],
  },
  "items-unknown-empty-page": {
    description:
      "the items list queries items by conversation id without looking the conversation up: an id the workspace does not hold is an empty page, not a 404",
    clauses: ["conversations.items-unknown-404"],
  },
  "opening-message-not-stored": {
    description:
      "a message that starts a conversation is answered and replied to, but the new-conversation path never writes it as an item",
    clauses: ["conversations.message-accepted"],
  },
} as const satisfies Record<string, FaultSpec>;
