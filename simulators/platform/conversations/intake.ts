// A user message entering a conversation, from the API or from a messaging channel (2.3): stored as an
// item, announced as item.created, counted as window activity, and answered by a queued turn. Turns of
// one conversation run one after another, so replies never interleave on the stream.
import type { ConversationItem } from "../../../spec/conversations.ts";
import type { PlatformContext } from "../context.ts";
import { mintId } from "../ids.ts";
import { conversationTopic, itemCreatedFrame } from "./frames.ts";
import { runTurn } from "./reply.ts";
import type { ConversationRuntime } from "./runtime.ts";
import type { ConversationRecord } from "./state.ts";
import { touchWindow } from "./window.ts";

export function acceptUserItem(
  ctx: PlatformContext,
  runtime: ConversationRuntime,
  workspaceId: string,
  record: ConversationRecord,
  message: { text: string; client_message_id: string | null; headerKey?: string | undefined },
): ConversationItem {
  const now = new Date(ctx.clock.now()).toISOString();
  const item: ConversationItem = {
    id: mintId(ctx),
    conversation_id: record.conversation.id,
    role: "user",
    text: message.text,
    client_message_id: message.client_message_id,
    trigger_item_id: null,
    created_at: now,
  };
  storeItem(ctx, record, item);
  record.conversation.updated_at = now;
  touchWindow(ctx, workspaceId, record, Date.parse(now));
  runtime.hub.publish(conversationTopic(workspaceId, record.conversation.id), itemCreatedFrame(ctx, item));
  const turn = {
    ctx,
    hub: runtime.hub,
    workspaceId,
    record,
    trigger: item,
    signal: runtime.signal,
    headerKey: message.headerKey,
  };
  record.turns = record.turns.then(() => runTurn(turn)).catch(() => undefined);
  return item;
}

function storeItem(ctx: PlatformContext, record: ConversationRecord, item: ConversationItem): void {
  // The planted bug: the path that starts a conversation hands its opening message to the turn unstored.
  if (ctx.faults.has("opening-message-not-stored") && record.items.length === 0) return;
  record.items.push(item);
}
