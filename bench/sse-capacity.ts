// How many concurrent SSE streams the reference platform holds with keep-alives, and the delay from a
// posted message to the first assistant.delta on every stream at that level. The baseline is the
// provider simulator's own time to first token, measured directly in the same run.
import { randomUUID } from "node:crypto";
import { setMaxListeners } from "node:events";
import { createParser } from "eventsource-parser";
import { Agent, request } from "undici";
import type { Target } from "../spec/target.ts";
import { percentile } from "./http-rate.ts";

export interface SseResult {
  streams: number;
  held: number;
  keptAlive: number;
  posts: number;
  firstDeltaP50: number;
  firstDeltaP99: number;
  providerTtftP99: number;
}

export interface Subscriber {
  snapshot: boolean;
  keepAlives: number;
  closed: boolean;
  onDelta?: () => void;
}

const dispatcher = new Agent({ connections: null, pipelining: 0, headersTimeout: 30_000, bodyTimeout: 0 });

export async function until(condition: () => boolean, timeoutMs: number, what: string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`${what} within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

export async function subscribe(url: string, token: string, signal: AbortSignal): Promise<Subscriber> {
  const subscriber: Subscriber = { snapshot: false, keepAlives: 0, closed: false };
  const response = await request(url, { headers: { authorization: `Bearer ${token}` }, dispatcher, signal });
  if (response.statusCode !== 200) throw new Error(`stream answered ${response.statusCode}`);
  const parser = createParser({
    onEvent: (event) => {
      if (event.event === "conversation.snapshot") subscriber.snapshot = true;
      if (event.event === "assistant.delta") subscriber.onDelta?.();
    },
    onComment: () => {
      subscriber.keepAlives += 1;
    },
  });
  const decoder = new TextDecoder();
  response.body.on("data", (chunk: Buffer) => parser.feed(decoder.decode(chunk, { stream: true })));
  response.body.on("close", () => {
    subscriber.closed = true;
  });
  response.body.on("error", () => {
    subscriber.closed = true;
  });
  return subscriber;
}

export async function post(target: Target, body: Record<string, unknown>): Promise<{ conversation_id: string }> {
  const response = await request(`${target.regions[0]!.base_url}/v1/conversations/messages`, {
    method: "POST",
    headers: { authorization: `Bearer ${target.credentials.admin}`, "content-type": "application/json" },
    body: JSON.stringify({ client_message_id: randomUUID(), ...body }),
  });
  const text = await response.body.text();
  if (response.statusCode >= 300) throw new Error(`message answered ${response.statusCode}: ${text}`);
  return JSON.parse(text) as { conversation_id: string };
}

/** The provider's own time to first content chunk, streaming, with its default key. */
async function providerTtft(target: Target, key: string): Promise<number> {
  const started = performance.now();
  const response = await request(`${target.simulators.provider}/v1/chat/completions`, {
    method: "POST",
    headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
    body: JSON.stringify({ model: "sim-chat-1", stream: true, messages: [{ role: "user", content: "hello" }] }),
  });
  for await (const chunk of response.body) {
    if (String(chunk).includes('"content":"')) {
      const ms = performance.now() - started;
      response.body.destroy();
      return ms;
    }
  }
  throw new Error("the provider streamed no content");
}

export async function measureSse(
  target: Target,
  providerKey: string,
  streams: number,
  posts: number,
): Promise<SseResult> {
  const { conversation_id } = await post(target, { text: "open the conversation" });
  const url = `${target.regions[0]!.base_url}/v1/conversations/${conversation_id}/events`;
  const controller = new AbortController();
  // One signal ends every stream; it is listened to once per stream by design.
  setMaxListeners(0, controller.signal);
  try {
    const subscribers: Subscriber[] = [];
    for (let i = 0; i < streams; i += 100) {
      const batch = Array.from({ length: Math.min(100, streams - i) }, () =>
        subscribe(url, target.credentials.admin, controller.signal),
      );
      subscribers.push(...(await Promise.all(batch)));
    }
    await until(() => subscribers.every((s) => s.snapshot), 60_000, "every stream got its snapshot");
    // Keep-alives are due 15 s after each stream opened; the last one opened now.
    const allOpen = Date.now();
    const delays: number[] = [];
    for (let p = 0; p < posts; p++) {
      let waiting = subscribers.length;
      const started = performance.now();
      const done = new Promise<void>((resolve) => {
        for (const subscriber of subscribers) {
          subscriber.onDelta = () => {
            subscriber.onDelta = undefined;
            delays.push(performance.now() - started);
            waiting -= 1;
            if (waiting === 0) resolve();
          };
        }
      });
      await post(target, { conversation_id, text: `question ${p}` });
      await Promise.race([
        done,
        new Promise((_, reject) => setTimeout(() => reject(new Error("no delta on every stream in 30 s")), 30_000)),
      ]);
    }
    // Hold past one keep-alive period (15 s) and count the streams that stayed open and got a comment.
    const keepAliveMs = 15_000;
    await until(() => Date.now() - allOpen > keepAliveMs + 1_500, keepAliveMs + 10_000, "one keep-alive period");
    const ttfts: number[] = [];
    for (let p = 0; p < posts; p++) ttfts.push(await providerTtft(target, providerKey));
    delays.sort((a, b) => a - b);
    ttfts.sort((a, b) => a - b);
    return {
      streams,
      held: subscribers.filter((s) => !s.closed).length,
      keptAlive: subscribers.filter((s) => s.keepAlives > 0).length,
      posts,
      firstDeltaP50: percentile(delays, 50),
      firstDeltaP99: percentile(delays, 99),
      providerTtftP99: percentile(ttfts, 99),
    };
  } finally {
    controller.abort();
  }
}
