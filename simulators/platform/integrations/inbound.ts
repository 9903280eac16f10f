// An inbound provider event (2.3): a message on the integration's messaging channel. Every enabled,
// active trigger of the matching type hands it to its agent's published version: the thread's
// conversation (started on its first message) gets the message as a user item and a reply turn, and the
// reply goes back out on the channel (conversations/channel-delivery.ts).
import type { Conversation } from "../../../spec/conversations.ts";
import type { InboundAccepted, InboundMessage, Trigger } from "../../../spec/integration.ts";
import type { PlatformContext } from "../context.ts";
import { acceptUserItem } from "../conversations/intake.ts";
import { type ConversationRuntime, conversationsOf } from "../conversations/runtime.ts";
import type { ConversationRecord } from "../conversations/state.ts";
import { mintId } from "../ids.ts";
import type { Integration } from "./state.ts";

const listening = (trigger: Trigger, type: string) =>
  trigger.enabled && trigger.status === "active" && trigger.trigger_type === type;

/** The thread's conversation for this trigger, started (bound to the published version) on first use. */
function threadConversation(
  ctx: PlatformContext,
  workspaceId: string,
  integration: Integration,
  trigger: Trigger,
  thread: string,
): ConversationRecord {
  const state = conversationsOf(ctx, workspaceId);
  const key = `${trigger.id} ${thread}`;
  // A legal variant starts a conversation for every inbound message (2.3 binds an inbound event to an agent
  // version, and says nothing of a thread continuing a conversation).
  const known = ctx.variants.has("channel-message-new-conversation")
    ? undefined
    : state.conversations.get(integration.threads.get(key) ?? "");
  if (known !== undefined) return known;
  const now = new Date(ctx.clock.now()).toISOString();
  const agent = ctx.store.workspace(workspaceId).agents.get(trigger.agent_id);
  const conversation: Conversation = {
    id: mintId(ctx),
    channel: "text",
    agent_id: trigger.agent_id,
    agent_version: agent?.published_version ?? null,
    started_at: now,
    updated_at: now,
  };
  const record = state.add(conversation, { triggerId: trigger.id, thread, url: integration.channelUrl });
  integration.threads.set(key, conversation.id);
  return record;
}

export function receiveInbound(
  ctx: PlatformContext,
  runtime: ConversationRuntime,
  workspaceId: string,
  integration: Integration,
  message: InboundMessage,
): InboundAccepted {
  const type = `${integration.provider}.message.inbound`;
  const conversations = integration.triggers
    .filter((trigger) => listening(trigger, type))
    .map((trigger) => {
      const record = threadConversation(ctx, workspaceId, integration, trigger, message.thread);
      const item = acceptUserItem(ctx, runtime, workspaceId, record, { text: message.text, client_message_id: null });
      return { trigger_id: trigger.id, conversation_id: record.conversation.id, item_id: item.id };
    });
  return { conversations };
}
