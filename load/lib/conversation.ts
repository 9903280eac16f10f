// Text conversations under load (4, 6.2): posting messages, subscribing to a conversation's
// event stream, and timing a message from its POST to the `assistant.completed` that answers it.
//
// Profile assumption (4.1 leaves the body open): POST /v1/conversations/messages takes
// {conversation_id?, client_message_id, text}; without conversation_id it starts a new
// conversation and the answer carries conversation_id.
import { check } from "k6";
import { Counter, Rate, Trend } from "k6/metrics";
import sse, { type SseEvent } from "k6/x/sse";
import { authHeaders, call, json, stringField, tags } from "./api.ts";
import { path } from "./operations.ts";
import { uuid } from "./run.ts";
import { target } from "./target.ts";

export const metrics = {
  /** Data frames received (keep-alives excluded); its rate is frames per second. */
  frames: new Counter("stream_frames"),
  /** `:` comment lines, the 15-second keep-alive (6.2, 8). */
  keepalives: new Counter("stream_keepalives"),
  /** Streams opened again after the previous one ended. */
  reconnects: new Counter("stream_reconnects"),
  /** Every connection's first frame is conversation.snapshot (6.2 rule 1). */
  snapshotFirst: new Rate("stream_snapshot_first"),
  /** The snapshot also comes first after a reconnect (6.2 rule 1). */
  snapshotOnReconnect: new Rate("stream_snapshot_on_reconnect"),
  /** A subscription that could not open (status other than 200, or no connection). */
  openFailed: new Rate("stream_open_failed"),
  /** Time from the message POST to the answering assistant.completed. */
  replyMs: new Trend("assistant_reply_ms", true),
  /** The answer came before the reply timeout. */
  replied: new Rate("assistant_replied"),
  posted: new Counter("messages_posted"),
};

export interface PostResult {
  conversationId?: string;
  ok: boolean;
}

export function postMessage(text: string, conversationId?: string, clientMessageId = uuid()): PostResult {
  const body: Record<string, string> = { client_message_id: clientMessageId, text };
  if (conversationId) body.conversation_id = conversationId;
  const res = call("POST", path("message.post"), "message.post", body);
  const ok = check(res, { "message.post: accepted (2xx)": (r) => r.status >= 200 && r.status < 300 });
  if (ok) metrics.posted.add(1);
  return { ok, conversationId: stringField(json(res), "conversation_id") ?? conversationId };
}

/** Starts `count` conversations (a first message each) and answers their ids. */
export function startConversations(count: number, label: string): string[] {
  const ids: string[] = [];
  for (let i = 0; i < count; i++) {
    const { conversationId } = postMessage(`${label} conversation ${i}: hello`);
    if (conversationId) ids.push(conversationId);
  }
  if (ids.length === 0) {
    throw new Error("no conversation could be started: POST /v1/conversations/messages gave no conversation_id");
  }
  return ids;
}

function streamParams(lifetimeMs: number, role: string) {
  return {
    headers: authHeaders(),
    tags: tags("stream", "conversation.events", { role }),
    timeout: `${Math.max(1, Math.round(lifetimeMs))}ms`,
  };
}

function eventsUrl(conversationId: string): string {
  return `${target.baseUrl}${path("conversation.events", { conversation_id: conversationId })}`;
}

/** Counts one frame into the stream metrics; answers whether it was a keep-alive. */
function countFrame(event: SseEvent, first: boolean, reconnect: boolean): boolean {
  const keepalive = event.name === "" && event.data === "" && event.id === "";
  if (keepalive) {
    metrics.keepalives.add(1);
    return true;
  }
  metrics.frames.add(1);
  if (first) {
    metrics.snapshotFirst.add(event.name === "conversation.snapshot");
    if (reconnect) metrics.snapshotOnReconnect.add(event.name === "conversation.snapshot");
  }
  return false;
}

/**
 * A passive subscriber: holds one stream for `lifetimeMs` and counts what arrives. `reconnect`
 * says a previous stream of this subscriber has ended, so this one is a reconnect.
 */
export function subscribe(conversationId: string, lifetimeMs: number, reconnect: boolean): void {
  if (reconnect) metrics.reconnects.add(1);
  let first = true;
  const res = sse.open(eventsUrl(conversationId), streamParams(lifetimeMs, "subscriber"), (client) => {
    client.on("event", (event) => {
      if (!countFrame(event, first, reconnect)) first = false;
    });
  });
  metrics.openFailed.add(res.status !== 200);
}

/**
 * A sender: opens the conversation's stream, posts one message once the snapshot has arrived,
 * and times it to the `assistant.completed` that answers it. The answer is recognised by the
 * item id: item.created frames carry it in their SSE `id:` line (6.2 rule 4), and
 * assistant.started names the item it answers (trigger_item_id). Completed frames carry no
 * trigger, so the first one after our assistant.started is taken as ours.
 */
export function sendAndAwaitReply(conversationId: string, timeoutMs: number): void {
  const clientMessageId = uuid();
  const text = `load message ${clientMessageId}`;
  let first = true;
  let postedAt = 0;
  let itemId: string | undefined;
  let started = false;
  let replied = false;
  const res = sse.open(eventsUrl(conversationId), streamParams(timeoutMs, "sender"), (client) => {
    client.on("event", (event) => {
      const wasFirst = first;
      if (countFrame(event, first, false)) return;
      first = false;
      if (wasFirst) {
        // Post only once subscribed: the answer's frames cannot be missed.
        postedAt = Date.now();
        if (!postMessage(text, conversationId, clientMessageId).ok) client.close();
        return;
      }
      const body = parse(event.data);
      if (event.name === "item.created" && itemId === undefined && event.data.includes(clientMessageId)) {
        itemId = event.id || stringField(body?.item, "id") || stringField(body, "id");
      } else if (event.name === "assistant.started" && !started) {
        const trigger = stringField(body, "trigger_item_id");
        started = itemId === undefined || trigger === undefined || trigger === itemId;
      } else if (event.name === "assistant.completed" && started) {
        replied = true;
        metrics.replyMs.add(Date.now() - postedAt);
        check(body, { "assistant.completed: carries text": (b) => typeof b?.text === "string" });
        client.close();
      }
    });
  });
  metrics.openFailed.add(res.status !== 200);
  if (postedAt > 0) metrics.replied.add(replied);
}

function parse(data: string): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(data);
    return typeof value === "object" && value !== null ? (value as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}
