// The reference platform's text conversations beyond what the suites can see: the text window's session
// events on the bus (no telephony fields), the agent's published model answering, and the provider key
// read from the workspace's stored keys (a deleted key fails the turn with turn.failed).

import { request } from "undici";
import { afterAll, beforeAll, expect, test } from "vitest";
import { buildPlatform } from "../../../../simulators/platform/app.ts";
import { removeKey, storeKey } from "../../../../simulators/platform/byok-keys.ts";
import type { PlatformContext } from "../../../../simulators/platform/context.ts";
import { TEXT_WINDOW_IDLE_MIN } from "../../../../simulators/platform/conversations/window.ts";
import { EventBus, type PlatformEvent } from "../../../../simulators/platform/events/bus.ts";
import { FaultSet } from "../../../../simulators/platform/faults/index.ts";
import { RegionStore } from "../../../../simulators/platform/store.ts";
import { VariantSet } from "../../../../simulators/platform/variants/index.ts";
import { listenLoopback } from "../../../../simulators/shared/server.ts";
import { type Simulators, startSimulators } from "../../../../simulators/stack.ts";
import { DEFAULT_PROFILE } from "../../../../spec/profile.ts";

const MINUTE_MS = 10;
let sims: Simulators;
let ctx: PlatformContext;
let close: () => Promise<void>;
let base = "";
const events: PlatformEvent[] = [];

beforeAll(async () => {
  sims = await startSimulators(MINUTE_MS);
  ctx = {
    region: "r1",
    faults: new FaultSet(),
    variants: new VariantSet(),
    clock: sims.clock,
    store: new RegionStore(),
    wiring: sims.wiring,
    events: new EventBus(),
    selfUrl: () => base,
    upstreamTimeoutMs: 2_000,
    profile: DEFAULT_PROFILE,
  };
  ctx.events.subscribe((event) => events.push(event));
  const app = buildPlatform(ctx);
  base = await listenLoopback(app);
  close = async () => {
    await app.close();
    await sims.close();
  };
});

afterAll(() => close());

/** The fields of the answers this file reads (message accepted, items page, agent). */
interface Answer {
  id: string;
  conversation_id: string;
  item: { id: string };
  items: Array<{ trigger_item_id: string | null; text: string }>;
}

async function api(method: string, path: string, body?: unknown) {
  const response = await request(`${base}${path}`, {
    method: method as "GET",
    headers: {
      authorization: `Bearer ${sims.target.credentials.admin}`,
      ...(body === undefined ? {} : { "content-type": "application/json" }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
    headersTimeout: 5_000,
    bodyTimeout: 5_000,
  });
  return { status: response.statusCode, json: (await response.body.json().catch(() => undefined)) as Answer };
}

async function until<T>(probe: () => Promise<T | undefined> | T | undefined, what: string, ms = 5_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > end) throw new Error(`not ${what} within ${ms} ms`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

const send = (body: Record<string, unknown>) =>
  api("POST", "/v1/conversations/messages", { client_message_id: crypto.randomUUID(), ...body });

async function replyText(conversationId: string, itemId: string): Promise<string> {
  return until(async () => {
    const { json } = await api("GET", `/v1/conversations/${conversationId}/items?limit=500`);
    return json.items.find((item) => item.trigger_item_id === itemId)?.text;
  }, "replied");
}

interface ProviderRequest {
  path: string;
  model: string | null;
  key_hint: string | null;
}

async function providerRequests(): Promise<ProviderRequest[]> {
  const response = await request(`${sims.target.simulators.provider}/_admin/requests`, { headersTimeout: 5_000 });
  return ((await response.body.json()) as { requests: ProviderRequest[] }).requests;
}

test("a text window: session.started on the first message, session.completed with the transcript once idle", async () => {
  const sent = await send({ text: "hello window" });
  expect(sent.status).toBe(202);
  const conversationId = sent.json.conversation_id;
  expect(await replyText(conversationId, sent.json.item.id)).toBe("echo: hello window");
  const started = events.find((e) => e.type === "session.started" && e.data.conversation_id === conversationId)!;
  expect(started.agent_id).toBeNull();
  expect(Object.keys(started.data).sort()).toEqual(
    ["agent_id", "agent_version", "channel", "conversation_id", "session_id", "started_at"].sort(),
  );
  expect(started.data.channel).toBe("text");
  const completed = await until(
    () => events.find((e) => e.type === "session.completed" && e.data.conversation_id === conversationId),
    "session.completed",
    TEXT_WINDOW_IDLE_MIN * MINUTE_MS + 3_000,
  );
  expect(completed.data.session_id).toBe(started.data.session_id);
  expect(completed.data.transcript).toEqual([
    { role: "user", text: "hello window", at: expect.any(String) },
    { role: "assistant", text: "echo: hello window", at: expect.any(String) },
  ]);
  expect(completed.workspaceId).toBe(started.workspaceId);
});

test("the agent's published version answers with its own model; unknown or unpublished agents are refused", async () => {
  const created = await api("POST", "/v1/agents", {
    name: `conv-agent-${Date.now()}`,
    channel: "text",
    prompt: "Answer briefly.",
    llm: { provider: "simai", model: "sim-chat-mini" },
  });
  expect(created.status).toBe(201);
  const agentId = created.json.id;
  expect((await send({ text: "hi", agent_id: agentId })).status).toBe(400);
  const published = await api("POST", `/v1/agents/${agentId}/publish`);
  expect(published.status, JSON.stringify(published.json)).toBe(200);
  const sent = await send({ text: "which model", agent_id: agentId });
  expect(sent.status).toBe(202);
  await replyText(sent.json.conversation_id, sent.json.item.id);
  const last = (await providerRequests()).filter((r) => r.path === "/v1/chat/completions").at(-1);
  expect(last?.model).toBe("sim-chat-mini");
  expect((await send({ text: "hi", agent_id: crypto.randomUUID() })).status).toBe(404);
});

test("each reply answers the history up to its own message, even when the next message came first", async () => {
  const first = await send({ text: "first question" });
  const conversationId = first.json.conversation_id;
  const second = await send({ conversation_id: conversationId, text: "second question" });
  expect(await replyText(conversationId, first.json.item.id)).toBe("echo: first question");
  expect(await replyText(conversationId, second.json.item.id)).toBe("echo: second question");
});

test("replies use the workspace's stored key; with the key deleted the turn fails with turn.failed", async () => {
  const opening = await send({ text: "before" });
  const conversationId = opening.json.conversation_id;
  await replyText(conversationId, opening.json.item.id);
  const workspaceId = events.find((e) => e.data.conversation_id === conversationId)!.workspaceId;

  const keyResponse = await request(`${sims.target.simulators.provider}/_admin/keys`, { method: "POST" });
  const { key } = (await keyResponse.body.json()) as { key: string };
  storeKey(ctx, workspaceId, { provider: "simai", value: key, updated_at: new Date().toISOString() });
  const withKey = await send({ conversation_id: conversationId, text: "stored key" });
  await replyText(conversationId, withKey.json.item.id);
  const last = (await providerRequests()).filter((r) => r.path === "/v1/chat/completions").at(-1);
  expect(last?.key_hint).toBe(key.slice(-4));

  expect(removeKey(ctx, workspaceId, "simai")).toBe(true);
  const controller = new AbortController();
  const stream = await request(`${base}/v1/conversations/${conversationId}/events`, {
    headers: { authorization: `Bearer ${sims.target.credentials.admin}` },
    signal: controller.signal,
  });
  let text = "";
  const reading = (async () => {
    try {
      for await (const chunk of stream.body) text += chunk.toString("utf8");
    } catch {
      // aborted below
    }
  })();
  await until(() => (text.includes("conversation.snapshot") ? true : undefined), "snapshot");
  const failing = await send({ conversation_id: conversationId, text: "no key" });
  expect(failing.status).toBe(202);
  await until(() => (text.includes("event: turn.failed") ? true : undefined), "turn.failed");
  expect(text).toContain('"reason":"no provider key is stored for simai"');
  expect(text).not.toContain(key);
  controller.abort();
  await reading;
});
