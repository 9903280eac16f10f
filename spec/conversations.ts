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

/**
 * 6.2 frames of GET /v1/conversations/{id}/events, each the JSON of one frame's data line (its `event` field
 * repeats the frame name). The spec names the frames and a few fields; the rest are the reference's (payload
 * fields beyond those named are not shown), so a frame may carry more than these.
 */
const frame = <N extends string, S extends z.ZodRawShape>(name: N, shape: S) =>
  z.looseObject({ event: z.literal(name), ...shape });

export const CONVERSATION_FRAME_SCHEMAS = {
  "conversation.snapshot": frame("conversation.snapshot", {
    conversation: Conversation,
    items: z.array(ConversationItem),
  }),
  /** One item in the shape the items list returns, plus `event`; its SSE `id:` line is the item id (rule 4). */
  "item.created": ConversationItem.extend({ event: z.literal("item.created") }).loose(),
  "item.delivery_updated": frame("item.delivery_updated", {
    item_id: Uuid,
    delivery_status: z.enum(["delivered", "failed"]),
    error: z.string().nullable(),
  }),
  /** The turn lifecycle; its values are not shown (the reference's: started, completed, failed). */
  turn: frame("turn", { turn_id: Uuid, trigger_item_id: Uuid, status: z.string(), error: z.string().optional() }),
  "turn.failed": frame("turn.failed", { turn_id: Uuid, trigger_item_id: Uuid, reason: z.string() }),
  "assistant.started": frame("assistant.started", { turn_id: Uuid, trigger_item_id: Uuid, item_id: Uuid }),
  /** The next chunk, not the text so far (rule 3). */
  "assistant.delta": frame("assistant.delta", { turn_id: Uuid, item_id: Uuid, delta: z.string() }),
  /** All deltas joined (rule 3). */
  "assistant.completed": frame("assistant.completed", { turn_id: Uuid, item_id: Uuid, text: z.string() }),
} as const;

/** 6.2 frame names of GET /v1/conversations/{id}/events. */
export const CONVERSATION_FRAMES = Object.keys(CONVERSATION_FRAME_SCHEMAS) as Array<
  keyof typeof CONVERSATION_FRAME_SCHEMAS
>;
