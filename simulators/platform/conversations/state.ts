// Text conversations of one workspace: conversations in start order, their items oldest first, and the
// workspace-wide client_message_id index that makes a re-sent message a no-op (4, 7).
import type { Conversation, ConversationItem } from "../../../spec/conversations.ts";
import type { SseFrame } from "../sse/frame.ts";
import type { TextSession } from "./session-events.ts";

/** A conversation fed by a messaging channel (2.3): where its replies go out, and on which thread. */
/** An open text window (window.ts): its session, from its first item until it has been idle. */
export interface TextWindow {
  session: TextSession;
  /** Index of the window's first item in the conversation's items. */
  firstItem: number;
  timer: NodeJS.Timeout;
}

export interface ChannelBinding {
  triggerId: string;
  thread: string;
  /** The channel's send endpoint; undefined when the integration has none (replies stay here). */
  url: string | undefined;
}

export interface ConversationRecord {
  conversation: Conversation;
  /** Oldest first, the order GET .../items answers (2.1). */
  items: ConversationItem[];
  /** Turns of one conversation run one after another, so replies never interleave on the stream. */
  turns: Promise<void>;
  /** The open text window (session.started sent, session.completed not yet), if any. */
  window: TextWindow | undefined;
  /** Start order, a total order even within one millisecond. */
  seq: number;
  /** Frames of the running turn; kept only for the planted `sse-replay-running-turn` fault. */
  turnFrames: SseFrame[];
  /** Set when a trigger started the conversation from an inbound channel message. */
  channel: ChannelBinding | undefined;
}

export class ConversationsState {
  readonly conversations = new Map<string, ConversationRecord>();
  readonly byClientMessageId = new Map<string, ConversationItem>();
  private seq = 0;

  add(conversation: Conversation, channel?: ChannelBinding): ConversationRecord {
    this.seq += 1;
    const record: ConversationRecord = {
      conversation,
      items: [],
      turns: Promise.resolve(),
      window: undefined,
      seq: this.seq,
      turnFrames: [],
      channel,
    };
    this.conversations.set(conversation.id, record);
    return record;
  }

  /** Newest first by start (2.1). */
  newestFirst(): Conversation[] {
    return [...this.conversations.values()].sort((a, b) => b.seq - a.seq).map((record) => record.conversation);
  }
}
