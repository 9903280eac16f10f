// Text conversations under load (4, 6.2): starting conversations, posting messages, and the
// URL and parameters of a conversation's event stream.
//
// Profile assumption (4.1 leaves the body open): POST /v1/conversations/messages takes
// {conversation_id?, client_message_id, text}; without conversation_id it starts a new
// conversation and the answer carries conversation_id.
import { check } from "k6";
import type { SseParams } from "k6/x/sse";
import { authHeaders, call, callAsync, json, type Response, stringField, tags } from "./api.ts";
import { path } from "./operations.ts";
import { uuid } from "./run.ts";
import { streamMetrics } from "./stream-metrics.ts";
import { target } from "./target.ts";

function messageBody(text: string, conversationId: string | undefined, clientMessageId: string) {
  const body: Record<string, string> = { client_message_id: clientMessageId, text };
  if (conversationId) body.conversation_id = conversationId;
  return body;
}

function accepted(res: Response): boolean {
  return check(res, { "message.post: accepted (2xx)": (r) => r.status >= 200 && r.status < 300 });
}

/** Starts `count` conversations (a first message each, not counted in messages_posted) and answers their ids. */
export function startConversations(count: number, label: string): string[] {
  const ids: string[] = [];
  for (let i = 0; i < count; i++) {
    const body = messageBody(`${label} conversation ${i}: hello`, undefined, uuid());
    const res = call("POST", path("message.send"), "message.post", body);
    const id = accepted(res) ? stringField(json(res), "conversation_id") : undefined;
    if (id) ids.push(id);
  }
  if (ids.length === 0) {
    throw new Error("no conversation could be started: POST /v1/conversations/messages gave no conversation_id");
  }
  return ids;
}

/** Posts into a conversation without blocking the VU's other streams; answers whether it was accepted. */
export async function postMessageAsync(
  conversationId: string,
  text: string,
  clientMessageId: string,
): Promise<boolean> {
  const body = messageBody(text, conversationId, clientMessageId);
  const ok = accepted(await callAsync("POST", path("message.send"), "message.post", body));
  if (ok) streamMetrics.posted.add(1);
  return ok;
}

export function eventsUrl(conversationId: string): string {
  return `${target.baseUrl}${path("conversation.events", { conversation_id: conversationId })}`;
}

/** A stream's parameters: credential, tags (kind:stream, so API thresholds skip it) and its bounds. */
export function streamParams(role: string, lifetimeMs: number, idleTimeoutMs: number): SseParams {
  return {
    headers: authHeaders(),
    tags: tags("stream", "conversation.events", { role }),
    timeout: `${Math.max(1, Math.round(lifetimeMs))}ms`,
    idleTimeout: `${Math.max(1, Math.round(idleTimeoutMs))}ms`,
  };
}
