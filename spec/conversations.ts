// Text conversations (4, 6.2). The spec shows only client_message_id (required UUID, deduped); every other
// field of the message body, the answer and the item is a profile assumption (4.1 "not shown"), kept here once.
import { z } from "zod";
import { Timestamp, Uuid } from "./common.ts";

/** POST /v1/conversations/messages. Omitting conversation_id starts a new text conversation. */
export const MessageBody = z.object({
  conversation_id: Uuid.optional(),
  client_message_id: Uuid,
  text: z.string().min(1).max(32_000),
  /** The agent whose published version answers; without one the platform's default reply path answers. */
  agent_id: Uuid.optional(),
});
export type MessageBody = z.infer<typeof MessageBody>;

export const ItemRole = z.enum(["user", "assistant"]);

/** One row of GET /v1/conversations/{id}/items; item.created frames carry the same fields plus `event`. */
export const ConversationItem = z.object({
  id: Uuid,
  conversation_id: Uuid,
  role: ItemRole,
  text: z.string(),
  /** The caller's id on user items, null on assistant items. */
  client_message_id: Uuid.nullable(),
  /** On assistant items: the user item that triggered the reply. */
  trigger_item_id: Uuid.nullable(),
  created_at: Timestamp,
});
export type ConversationItem = z.infer<typeof ConversationItem>;

export const Conversation = z.object({
  id: Uuid,
  channel: z.literal("text"),
  agent_id: Uuid.nullable(),
  agent_version: z.int().nullable(),
  started_at: Timestamp,
  updated_at: Timestamp,
});
export type Conversation = z.infer<typeof Conversation>;

/** The answer to POST /v1/conversations/messages: the same item again when client_message_id repeats. */
export const MessageAccepted = z.object({
  conversation_id: Uuid,
  item: ConversationItem,
});
export type MessageAccepted = z.infer<typeof MessageAccepted>;

/** 6.2 frame names of GET /v1/conversations/{id}/events. */
export const CONVERSATION_FRAMES = [
  "conversation.snapshot",
  "item.created",
  "item.delivery_updated",
  "turn",
  "turn.failed",
  "assistant.started",
  "assistant.delta",
  "assistant.completed",
] as const;
