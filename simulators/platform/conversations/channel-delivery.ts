// Sending a stored reply out on its conversation's channel, then telling the stream whether it reached
// the channel or failed (6.2 item.delivery_updated). A conversation a trigger started from a messaging
// channel (2.3) delivers to that channel's send endpoint; an API conversation's channel is the API
// itself, so a stored reply has reached it.
import type { ConversationItem } from "../../../spec/conversations.ts";
import type { PlatformContext } from "../context.ts";
import { sendOutbound } from "../outbound/send.ts";
import type { SseFrame } from "../sse/frame.ts";
import type { ConversationRecord } from "./state.ts";

/** Like a webhook receiver (6.1), a channel gets five seconds to take a message. */
const CHANNEL_ANSWER_MS = 5_000;
const USER_AGENT = "service-channels/1";

function deliveryFrame(item: ConversationItem, error: string | null): SseFrame {
  return {
    event: "item.delivery_updated",
    data: { item_id: item.id, delivery_status: error === null ? "delivered" : "failed", error },
  };
}

export async function deliverReply(
  ctx: PlatformContext,
  record: ConversationRecord,
  item: ConversationItem,
  emit: (frame: SseFrame) => void,
  signal: AbortSignal,
): Promise<void> {
  const channel = record.channel;
  if (channel === undefined) return emit(deliveryFrame(item, null));
  // The planted bug: the reply counts as delivered once it is handed to the sender, not when the channel took it.
  const optimistic = ctx.faults.has("delivery-updated-before-channel");
  if (optimistic) emit(deliveryFrame(item, null));
  const result =
    channel.url === undefined
      ? { ok: false, error: "the integration has no channel endpoint" }
      : await sendOutbound(ctx, {
          method: "POST",
          url: channel.url,
          headers: { "content-type": "application/json", "user-agent": USER_AGENT },
          body: JSON.stringify({
            thread: channel.thread,
            conversation_id: item.conversation_id,
            item_id: item.id,
            text: item.text,
          }),
          timeoutMs: CHANNEL_ANSWER_MS,
          signal,
        });
  // The planted bug: a refusal is reported like a delivery.
  const failed = !result.ok && !ctx.faults.has("delivery-failure-said-delivered");
  if (!optimistic) emit(deliveryFrame(item, failed ? (result.error ?? "the channel refused the message") : null));
}
