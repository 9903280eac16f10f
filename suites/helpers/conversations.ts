// Text-conversation helpers shared by suites: send a message, start a conversation, read its items, and
// wait (polling, with a deadline) until a reply to a message has been stored. Field names beyond
// client_message_id are profile assumptions (spec/conversations.ts).

import { randomUUID } from "node:crypto";
import { expect } from "vitest";
import { type ApiResponse, explain, type Who } from "../../runner/client/http-client.ts";
import { uniqueName } from "../../runner/client/resources.ts";
import { runConfig } from "../../runner/client/run-config.ts";
import { waited, waitOnServer } from "../../runner/client/stalled-waits.ts";
import { pause } from "../../runner/client/traffic.ts";
import type { AgentRecordRead } from "../../spec/agent.ts";
import { ensureProviderKeys } from "./byok.ts";
import { publishedTextAgent } from "./channels.ts";
import { readAllOf } from "./pages.ts";
import { callOp, opPath } from "./profile.ts";

export interface Item {
  id: string;
  role?: string;
  text?: string;
  [field: string]: unknown;
}

export interface Sent {
  response: ApiResponse;
  conversationId: string;
  item: Item;
}

export const itemsPath = (conversationId: string) => opPath("conversation.items", { conversation_id: conversationId });
export const eventsPath = (conversationId: string) =>
  opPath("conversation.events", { conversation_id: conversationId });

export function postMessage(body: Record<string, unknown>, as: Who = "admin"): Promise<ApiResponse> {
  return callOp("message.send", {}, { body, as });
}

let talking: Promise<AgentRecordRead> | undefined;

/**
 * The agent a new conversation is opened with on a wired target: a published text agent on the checks' llm,
 * made once per suite file. The spec names no responder for a conversation without an agent, so a server may
 * refuse one or never answer it; every reading lets a conversation name its agent. An unwired target gets no
 * agent (the harness cannot store the key one would need to publish).
 */
function talkingAgent(): Promise<AgentRecordRead> {
  talking ??= publishedTextAgent();
  return talking;
}

/**
 * Sends one message that must be accepted; a fresh client_message_id unless one is given. A message that starts
 * a conversation (no conversation_id) names the file's talking agent unless it names one.
 */
export async function sendMessage(
  fields: { conversation_id?: string; text?: string; client_message_id?: string; agent_id?: string } = {},
  as: Who = "admin",
): Promise<Sent> {
  const opens = fields.conversation_id === undefined && fields.agent_id === undefined && runConfig().target.wired;
  const agent = opens ? { agent_id: (await talkingAgent()).id } : {};
  const body = { client_message_id: randomUUID(), text: uniqueName("message"), ...agent, ...fields };
  const response = await postMessage(body, as);
  expect(response.status, `message: ${explain(response)}`).toBeGreaterThanOrEqual(200);
  expect(response.status, `message: ${explain(response)}`).toBeLessThan(300);
  const answer = response.json as { conversation_id?: unknown; item?: Item };
  const conversationId = fields.conversation_id ?? answer?.conversation_id;
  expect(typeof conversationId, `the answer names the conversation: ${explain(response)}`).toBe("string");
  expect(typeof answer?.item?.id, `the answer carries the item: ${explain(response)}`).toBe("string");
  return { response, conversationId: conversationId as string, item: answer.item! };
}

export async function readItems(conversationId: string): Promise<Item[]> {
  return (await readAllOf("conversation.items", { conversation_id: conversationId })) as Item[];
}

/**
 * The reply to `itemId` among `items`: the assistant item naming it as trigger_item_id, or (for items
 * without that field) the first assistant item listed after it.
 */
export function replyTo(items: Item[], itemId: string): Item | undefined {
  const named = items.find((item) => item.role === "assistant" && item.trigger_item_id === itemId);
  if (named !== undefined) return named;
  const at = items.findIndex((item) => item.id === itemId);
  if (at < 0) return undefined;
  return items.slice(at + 1).find((item) => item.role === "assistant" && item.trigger_item_id === undefined);
}

/** Polls the items list until the reply to `itemId` is stored; answers the whole list. */
export async function waitForReply(
  conversationId: string,
  itemId: string,
  deadlineMs = replyDeadlineMs(),
): Promise<Item[]> {
  return waitOnServer("reply", deadlineMs, {
    look: async () => {
      const items = await readItems(conversationId);
      return replyTo(items, itemId) === undefined ? undefined : items;
    },
    pace: () => pause(25),
    late: (budget) =>
      new Error(`no reply to item ${itemId} in conversation ${conversationId} within ${waited(budget)}`),
  });
}

/** A conversation whose opening message has been answered, so it is idle. */
export async function settledConversation(text = uniqueName("opening")): Promise<Sent & { items: Item[] }> {
  await ensureProviderKeys();
  const sent = await sendMessage({ text });
  const items = await waitForReply(sent.conversationId, sent.item.id);
  return { ...sent, items };
}

let paging: Promise<Sent> | undefined;

/** The conversation the paging checks page through (one per suite file). */
export function pagingConversation(): Promise<Sent> {
  paging ??= settledConversation();
  return paging;
}

export function replyDeadlineMs(): number {
  return Math.max(10_000, runConfig().timeoutMs);
}
