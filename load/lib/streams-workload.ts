// The streams one VU holds for the whole run (streams-plan.ts says which), all at once through
// sse.openAsync: its conversations' senders and subscribers, until the deadline.
import { type SenderOptions, senderLoop } from "./sender.ts";
import { streamsOf } from "./streams-plan.ts";
import { type SubscriberOptions, subscriberLoop } from "./subscriber.ts";

export interface StreamsWorkload {
  conversations: string[];
  subscribers: number;
  vus: number;
  /** Epoch ms: nothing new starts after it. */
  deadline: number;
  sender: SenderOptions;
  subscriber: Omit<SubscriberOptions, "wholeRun">;
}

export async function runStreams(ordinal: number, w: StreamsWorkload): Promise<void> {
  const roles = streamsOf(ordinal, w.vus, w.conversations.length, w.subscribers);
  await Promise.all(
    roles.map((role) => {
      const conversation = w.conversations[role.conversation]!;
      return role.kind === "sender"
        ? senderLoop(conversation, w.deadline, w.sender)
        : subscriberLoop(conversation, w.deadline, { ...w.subscriber, wholeRun: role.wholeRun });
    }),
  );
}
