// Text conversations (4, 7, 8): POST /v1/conversations/messages (client_message_id required, a UUID,
// deduped), the items list (oldest first, limit up to 500), 404s. The stream is checked in streams.

import { randomUUID } from "node:crypto";
import fc from "fast-check";
import { beforeAll, expect } from "vitest";
import { type ApiResponse, call, explain } from "../runner/client/http-client.ts";
import { uniqueName } from "../runner/client/resources.ts";
import { runConfig } from "../runner/client/run-config.ts";
import { check } from "../runner/framework/check.ts";
import { namesField, problemLines } from "../runner/framework/problem-lines.ts";
import { property } from "../runner/framework/property.ts";
import { expectBody, expectStatus } from "../runner/framework/response.ts";
import { checksSideBySide } from "../runner/framework/side-by-side.ts";
import { AnyPage } from "../spec/common.ts";
import { PROBLEM_LINE } from "../spec/errors.ts";
import { ErrorMessage } from "./helpers/body-shapes.ts";
import { ensureProviderKeys } from "./helpers/byok.ts";
import {
  type Item,
  itemsPath,
  postMessage,
  sendMessage,
  settledConversation,
  waitForReply,
} from "./helpers/conversations.ts";
import { readAll, rowKey } from "./helpers/pages.ts";
import { placeOf, profile } from "./helpers/profile.ts";

checksSideBySide("each check reads conversations of its own");

const LOOSE_UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const wired = { needs: ["wiring" as const] };

beforeAll(async () => {
  if (runConfig().target.wired) await ensureProviderKeys();
});

const linesOf = (response: ApiResponse): string[] => problemLines(response);

function expect422Naming(response: ApiResponse, field: string): void {
  expectStatus(response, 422);
  expect(namesField(response, field), `a line "${field}: …" in ${explain(response)}`).toBe(true);
}

check(
  "a message without client_message_id is a 422 naming client_message_id",
  ["conversations.client-message-id-required"],
  async () => {
    expect422Naming(await postMessage({ text: uniqueName("no-id") }), "client_message_id");
  },
);

property(
  "a client_message_id that is not a UUID is a 422 naming client_message_id",
  ["conversations.client-message-id-uuid"],
  [
    fc.oneof(
      fc.string({ maxLength: 40 }).filter((s) => !LOOSE_UUID.test(s)),
      fc.uuid().map((id) => id.slice(0, -1)),
      fc.uuid().map((id) => `${id}0`),
      fc.uuid().map((id) => id.replaceAll("-", "")),
      fc.integer(),
      fc.constant(null),
    ),
  ],
  async (clientMessageId) => {
    expect422Naming(await postMessage({ client_message_id: clientMessageId, text: "x" }), "client_message_id");
  },
  { numRuns: 12 },
);

check(
  "a message with two bad fields is a 422 with one `field: problem` line for each",
  ["conversations.client-message-id-uuid", "errors.422-line-format"],
  async () => {
    const response = await postMessage({ client_message_id: "not-a-uuid", conversation_id: 5, text: "x" });
    expect422Naming(response, "client_message_id");
    expect422Naming(response, placeOf("message_body", "conversation_id"));
    for (const line of linesOf(response)) expect(line, explain(response)).toMatch(PROBLEM_LINE);
  },
);

check(
  "items of a conversation not in the workspace are a 404 with the envelope",
  ["conversations.items-unknown-404"],
  async () => {
    const response = await call(itemsPath(randomUUID()));
    expectBody(response, 404, ErrorMessage);
  },
);

check(
  "a message to a conversation not in the workspace is a 404, and nothing is created",
  ["conversations.items-unknown-404"],
  async () => {
    const conversationId = randomUUID();
    const response = await postMessage({ conversation_id: conversationId, client_message_id: randomUUID(), text: "x" });
    expectStatus(response, 404);
    const items = await call(itemsPath(conversationId));
    expectStatus(items, 404);
  },
);

check(
  "a valid message is accepted and is an item of its conversation",
  ["conversations.message-accepted"],
  async () => {
    const text = uniqueName("hello");
    const sent = await sendMessage({ text });
    const items = await waitForReply(sent.conversationId, sent.item.id);
    const mine = items.filter((item) => item.id === sent.item.id);
    expect(mine, `item ${sent.item.id} in ${JSON.stringify(items).slice(0, 500)}`).toHaveLength(1);
    expect(mine[0]!.text, "the item holds the text sent").toBe(text);
  },
  wired,
);

/** Items holding exactly `text` (a reply never repeats a unique message verbatim). */
const withText = (items: Item[], text: string) => items.filter((item) => item.text === text);

check(
  "re-sending a client_message_id in a conversation is ignored: one item, the same one",
  ["conversations.dedupe-client-message-id"],
  async () => {
    const opening = await settledConversation();
    const body = { conversation_id: opening.conversationId, client_message_id: randomUUID(), text: uniqueName("once") };
    const first = await sendMessage(body);
    const again = await sendMessage(body);
    expect(again.item.id, `the re-send answers the item it already made: ${explain(again.response)}`).toBe(
      first.item.id,
    );
    const items = await waitForReply(opening.conversationId, first.item.id);
    expect(withText(items, body.text), `items of ${opening.conversationId}`).toHaveLength(1);
  },
  wired,
);

check(
  "two concurrent sends of one client_message_id make one item",
  ["conversations.dedupe-client-message-id"],
  async () => {
    const opening = await settledConversation();
    const body = { conversation_id: opening.conversationId, client_message_id: randomUUID(), text: uniqueName("race") };
    const [a, b] = await Promise.all([sendMessage(body), sendMessage(body)]);
    expect(a.item.id, "both answers name one item").toBe(b.item.id);
    const items = await waitForReply(opening.conversationId, a.item.id);
    expect(withText(items, body.text), `items of ${opening.conversationId}`).toHaveLength(1);
  },
  wired,
);

check(
  "re-sending the opening message (no conversation_id) does not start a second conversation",
  ["conversations.dedupe-client-message-id"],
  async () => {
    const body = { client_message_id: randomUUID(), text: uniqueName("opening") };
    const first = await sendMessage(body);
    const again = await sendMessage(body);
    expect(again.conversationId, explain(again.response)).toBe(first.conversationId);
    expect(again.item.id, explain(again.response)).toBe(first.item.id);
  },
  wired,
);

check(
  "items list oldest first: messages appear in the order they were sent",
  ["conversations.items-oldest-first"],
  async () => {
    const opening = await settledConversation();
    const sent: Item[] = [];
    for (const word of ["first", "second", "third"]) {
      sent.push((await sendMessage({ conversation_id: opening.conversationId, text: uniqueName(word) })).item);
    }
    const items = await waitForReply(opening.conversationId, sent.at(-1)!.id);
    const positions = [opening.item, ...sent].map((item) => items.findIndex((row) => row.id === item.id));
    expect(
      positions.every((p) => p >= 0),
      `every message listed: ${positions}`,
    ).toBe(true);
    expect(positions, "positions of the messages in send order").toEqual([...positions].sort((x, y) => x - y));
  },
  wired,
);

check(
  "items answer the page envelope; limit 500 is accepted and 501 is a 422",
  ["conversations.items-paged", "conversations.items-limit-500"],
  async () => {
    const opening = await settledConversation();
    const path = itemsPath(opening.conversationId);
    const page = await call(path, { query: { limit: 500 } });
    // 2.1: the four fields always present, no total and no cursor (other keys are not excluded).
    expect(expectBody(page, 200, AnyPage).limit, explain(page)).toBe(500);
    const one = await call(path, { query: { limit: 1 } });
    expect((one.json as { has_more?: unknown }).has_more, `two items, limit 1: ${explain(one)}`).toBe(true);
    expect422Naming(await call(path, { query: { limit: 501 } }), "limit");
  },
  wired,
);

check(
  "conversations list newest first by start, not by last activity: one started first and written to last comes after a later one",
  ["conversations.list-newest-first"],
  async () => {
    const older = await settledConversation();
    const newer = await settledConversation();
    // 2.1 "conversations by start": the older one gets the last message and reply, so its start disagrees
    // with its last item, its update and every other later change a server could sort by.
    const again = await sendMessage({ conversation_id: older.conversationId });
    await waitForReply(older.conversationId, again.item.id);
    const order = (await readAll(profile().operations["conversation.list"]!.path, 200)).map(rowKey);
    const [o, n] = [order.indexOf(older.conversationId), order.indexOf(newer.conversationId)];
    expect(o >= 0 && n >= 0, `both conversations listed (${o}, ${n})`).toBe(true);
    expect(n, "the conversation started later comes first, though the other was written to last").toBeLessThan(o);
  },
  wired,
);
