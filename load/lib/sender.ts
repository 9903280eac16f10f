// A conversation's one sender (so the answer to a message is unambiguous): it opens the stream,
// posts a message once the snapshot arrived (so none of the answer's frames can be missed), and
// times it to the assistant.completed that answers it (reply-match.ts), then paces itself.
import { check } from "k6";
import { clearTimeout, setTimeout, type TimeoutID } from "k6/timers";
import { postMessageAsync } from "./conversation.ts";
import { delay } from "./delay.ts";
import { ReplyMatcher } from "./reply-match.ts";
import { uuid } from "./run.ts";
import { streamMetrics as m } from "./stream-metrics.ts";
import { watchStream } from "./watched-stream.ts";

/** How long a sender's stream may take to deliver its snapshot before the message is posted. */
const SNAPSHOT_WAIT_MS = 5_000;

export interface SenderOptions {
  /** One message per period: C senders with period C/R post R messages per second. */
  periodMs: number;
  replyTimeoutMs: number;
  /** Called before each message (the soak tags its window here). */
  onCycle?: () => void;
}

/**
 * Posts until the run's deadline. A message is posted only while the time left is at least the
 * reply timeout, so every message posted gets its whole timeout and a late one is never counted
 * as unanswered because the run ended.
 */
export async function senderLoop(conversationId: string, deadline: number, o: SenderOptions): Promise<void> {
  while (deadline - Date.now() >= o.replyTimeoutMs) {
    o.onCycle?.();
    const started = Date.now();
    await sendAndAwaitReply(conversationId, o.replyTimeoutMs);
    // Pacing, not synchronisation: the next message is due one period after this one.
    const idleMs = o.periodMs - (Date.now() - started);
    if (idleMs > 0) await delay(idleMs);
  }
}

export async function sendAndAwaitReply(conversationId: string, replyTimeoutMs: number): Promise<void> {
  const clientMessageId = uuid();
  const matcher = new ReplyMatcher(clientMessageId);
  let postedAt = 0;
  let replied = false;
  let timer: TimeoutID | undefined;
  await watchStream({
    conversationId,
    role: "sender",
    lifetimeMs: replyTimeoutMs + SNAPSHOT_WAIT_MS,
    reconnect: false,
    onFrame: (event, kind, client) => {
      if (kind === "keepalive" || replied) return;
      if (kind === "first") {
        postedAt = Date.now();
        timer = setTimeout(() => client.close(), replyTimeoutMs);
        postMessageAsync(conversationId, `load message ${clientMessageId}`, clientMessageId).then(
          (ok) => ok || client.close(),
          () => client.close(),
        );
        return;
      }
      if (!matcher.frame(event.name, event.id, event.data)) return;
      replied = true;
      m.replyMs.add(Date.now() - postedAt);
      check(event.data, { "assistant.completed: carries text": (d) => typeof parseText(d) === "string" });
      client.close();
    },
  });
  if (timer !== undefined) clearTimeout(timer);
  if (postedAt > 0) m.replied.add(replied);
}

function parseText(data: string): unknown {
  try {
    return (JSON.parse(data) as { text?: unknown }).text;
  } catch {
    return undefined;
  }
}
