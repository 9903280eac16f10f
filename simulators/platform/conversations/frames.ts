// Frames of GET /v1/conversations/{id}/events (6.2). Payload fields beyond the ones the spec names are
// not shown; these are the reference's.
import type { ConversationItem } from "../../../spec/conversations.ts";
import type { PlatformContext } from "../context.ts";
import type { SseFrame } from "../sse/frame.ts";
import type { ConversationRecord } from "./state.ts";

export function conversationTopic(workspaceId: string, conversationId: string): string {
  return `conversation:${workspaceId}:${conversationId}`;
}

/** The conversation and all its items (rule 1), in list order. */
export function snapshotFrame(record: ConversationRecord): SseFrame {
  return { event: "conversation.snapshot", data: { conversation: record.conversation, items: [...record.items] } };
}

/** The item in the items-list shape plus `event`, with the item id on the SSE id: line (rule 4). */
export function itemCreatedFrame(ctx: PlatformContext, item: ConversationItem): SseFrame {
  return {
    event: "item.created",
    // The planted bug wraps the item under `item` instead of spreading its fields beside `event`.
    data: ctx.faults.has("item-created-wrapped") ? { item: { ...item } } : { ...item },
    ...(ctx.faults.has("item-created-no-id-line") ? {} : { id: item.id }),
  };
}
