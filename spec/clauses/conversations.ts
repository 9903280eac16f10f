import type { Clause } from "../clause.ts";

// Text conversations: POST /v1/conversations/messages and the items list. Stream frames are in streams.
export const conversationsClauses: Clause[] = [
  {
    id: "conversations.client-message-id-required",
    section: "4",
    kind: "testable",
    statement: "POST /v1/conversations/messages without client_message_id is a 422 naming client_message_id.",
  },
  {
    id: "conversations.client-message-id-uuid",
    section: "4",
    kind: "testable",
    statement: "A client_message_id that is not a UUID is a 422.",
  },
  {
    id: "conversations.message-accepted",
    section: "4",
    kind: "needs-wiring",
    statement: "A valid message is accepted and appears as an item of its conversation.",
  },
  {
    id: "conversations.dedupe-client-message-id",
    section: "7",
    kind: "needs-wiring",
    statement:
      "Re-sending a message with the same client_message_id is ignored: the conversation holds one item for it, not two.",
  },
  {
    id: "conversations.items-paged",
    section: "4",
    kind: "needs-wiring",
    statement: "GET /v1/conversations/{conversation_id}/items answers a page envelope.",
  },
  {
    id: "conversations.items-limit-500",
    section: "8",
    kind: "needs-wiring",
    statement: "GET /v1/conversations/{conversation_id}/items takes limit up to 500: 500 is accepted, 501 is a 422.",
  },
  {
    id: "conversations.items-oldest-first",
    section: "2.1",
    kind: "needs-wiring",
    statement: "Conversation items list oldest first.",
  },
  {
    id: "conversations.items-unknown-404",
    section: "7",
    kind: "testable",
    statement: "GET /v1/conversations/{conversation_id}/items for a conversation not in the workspace is a 404.",
  },
  {
    id: "conversations.list-newest-first",
    section: "2.1",
    kind: "needs-wiring",
    assumption: "conversation.list",
    statement: "Conversations list newest first by start.",
  },
  {
    id: "conversations.message-bodies",
    section: "4.1",
    kind: "not-shown",
    statement: "Request and response bodies of POST /v1/conversations/messages beyond client_message_id: not shown.",
  },
  {
    id: "conversations.states",
    section: "3.3",
    kind: "not-shown",
    statement: "States and transitions of text conversations: not shown.",
  },
];
