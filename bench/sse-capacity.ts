// How many concurrent SSE streams the reference platform holds with keep-alives, and the delay from a
// posted message to the first assistant.delta on every stream at that level. The baselines, measured in the
// same run: bare node:http fanning a reply out to as many streams (sse-fanout-server.ts), and the provider
// simulator's own time to first token.
//
// The streams are read with bare sockets and a byte search for the frames counted (the snapshot, the
// first assistant.delta, a comment line), not a full HTTP and SSE client: with ten thousand streams on
// one core, a client that parses every frame would measure itself. The harness's own reader (runner/client/sse-client.ts)
// is what checks the wire format.
import { randomUUID } from "node:crypto";
import { setMaxListeners } from "node:events";
import { connect } from "node:net";
import { request } from "undici";
import type { Target } from "../spec/target.ts";
import { cpuSeconds } from "./cpu.ts";
import { percentile } from "./http-rate.ts";
import { startListening } from "./processes.ts";

export interface SseResult extends FirstDeltaFigures {
  streams: number;
  held: number;
  keptAlive: number;
  posts: number;
  providerTtftP99: number;
}

export interface Subscriber {
  snapshot: boolean;
  keepAlives: number;
  /** Replies that ended on this stream (assistant.completed frames). */
  replies: number;
  closed: boolean;
  onDelta?: () => void;
}

/** How long a stream may take to answer its request with a head. */
const HEAD_TIMEOUT_MS = 30_000;
const SNAPSHOT = Buffer.from("event: conversation.snapshot");
const DELTA = Buffer.from("event: assistant.delta");
const COMPLETED = Buffer.from("event: assistant.completed");
/** A line that starts with a colon: the comment a keep-alive is (JSON data never holds a raw newline). */
const COMMENT = Buffer.from("\n:");
/** Bytes kept from one read to the next, so a marker split between two reads is still found. */
const CARRY = Math.max(SNAPSHOT.length, DELTA.length, COMPLETED.length, COMMENT.length) - 1;

export async function until(condition: () => boolean, timeoutMs: number, what: string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`${what} within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** Opens one stream on a socket of its own; resolves once the server answered 200 with its head. */
export function subscribe(url: string, token: string, signal: AbortSignal): Promise<Subscriber> {
  const { hostname, port, pathname, search } = new URL(url);
  const subscriber: Subscriber = { snapshot: false, keepAlives: 0, replies: 0, closed: false };
  return new Promise<Subscriber>((resolve, reject) => {
    const socket = connect(Number(port), hostname);
    const timer = setTimeout(() => socket.destroy(new Error("no stream head in time")), HEAD_TIMEOUT_MS);
    let head: Buffer | undefined = Buffer.alloc(0);
    let carry: Buffer = Buffer.alloc(0);
    const scan = (bytes: Buffer) => {
      const text = carry.length === 0 ? bytes : Buffer.concat([carry, bytes]);
      if (!subscriber.snapshot && text.includes(SNAPSHOT)) subscriber.snapshot = true;
      if (subscriber.onDelta !== undefined && text.includes(DELTA)) subscriber.onDelta();
      if (text.includes(COMPLETED)) subscriber.replies += 1;
      if (text.includes(COMMENT)) subscriber.keepAlives += 1;
      carry = text.subarray(Math.max(0, text.length - CARRY));
    };
    socket.setNoDelay(true);
    socket.write(
      `GET ${pathname}${search} HTTP/1.1\r\nHost: ${hostname}:${port}\r\nAuthorization: Bearer ${token}\r\n` +
        "Accept: text/event-stream\r\n\r\n",
    );
    socket.on("data", (chunk: Buffer) => {
      if (head === undefined) return scan(chunk);
      head = Buffer.concat([head, chunk]);
      const end = head.indexOf("\r\n\r\n");
      if (end < 0) return;
      const status = head.subarray(0, head.indexOf("\r\n")).toString("latin1");
      const rest = head.subarray(end + 4);
      head = undefined;
      clearTimeout(timer);
      if (!/^HTTP\/1\.1 200 /.test(status)) {
        socket.destroy();
        return reject(new Error(`stream answered ${status}`));
      }
      resolve(subscriber);
      if (rest.length > 0) scan(rest);
    });
    socket.on("close", () => {
      clearTimeout(timer);
      subscriber.closed = true;
      if (head !== undefined) reject(new Error("the stream closed before its head"));
    });
    socket.on("error", () => undefined);
    signal.addEventListener("abort", () => socket.destroy(), { once: true });
  });
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

/** Opens `streams` streams of `url`, a hundred at a time, and waits until every one has its snapshot. */
async function openStreams(url: string, token: string, streams: number, signal: AbortSignal): Promise<Subscriber[]> {
  const subscribers: Subscriber[] = [];
  for (let i = 0; i < streams; i += 100) {
    const batch = Array.from({ length: Math.min(100, streams - i) }, () => subscribe(url, token, signal));
    subscribers.push(...(await Promise.all(batch)));
  }
  await until(() => subscribers.every((s) => s.snapshot), 60_000, "every stream got its snapshot");
  return subscribers;
}

/**
 * For each of `posts` replies: the ms from starting `fire` to the first assistant.delta, on every stream. The
 * next post starts once the reply has ended on every stream, so each delay is a post's own.
 */
async function firstDeltaDelays(
  subscribers: Subscriber[],
  posts: number,
  fire: (p: number) => Promise<unknown>,
): Promise<number[]> {
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
    await fire(p);
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([
      done,
      new Promise((_, reject) => {
        timer = setTimeout(() => reject(new Error("no delta on every stream in 30 s")), 30_000);
      }),
    ]).finally(() => clearTimeout(timer));
    await until(() => subscribers.every((s) => s.replies > p), 30_000, `reply ${p} ended on every stream`);
  }
  return delays.sort((a, b) => a - b);
}

export async function measureSse(
  target: Target,
  providerKey: string,
  streams: number,
  posts: number,
  serverPid?: number,
): Promise<SseResult> {
  const { conversation_id } = await post(target, { text: "open the conversation" });
  const url = `${target.regions[0]!.base_url}/v1/conversations/${conversation_id}/events`;
  const controller = new AbortController();
  // One signal ends every stream; it is listened to once per stream by design.
  setMaxListeners(0, controller.signal);
  try {
    const subscribers = await openStreams(url, target.credentials.admin, streams, controller.signal);
    // Keep-alives are due 15 s after each stream opened; the last one opened now.
    const allOpen = Date.now();
    const cpuBefore = cpuSeconds(serverPid);
    const delays = await firstDeltaDelays(subscribers, posts, (p) =>
      post(target, { conversation_id, text: `question ${p}` }),
    );
    const cpuAfter = cpuSeconds(serverPid);
    // Hold past one keep-alive period (15 s) and count the streams that stayed open and got a comment.
    const keepAliveMs = 15_000;
    await until(() => Date.now() - allOpen > keepAliveMs + 1_500, keepAliveMs + 10_000, "one keep-alive period");
    const ttfts: number[] = [];
    for (let p = 0; p < posts; p++) ttfts.push(await providerTtft(target, providerKey));
    ttfts.sort((a, b) => a - b);
    return {
      streams,
      held: subscribers.filter((s) => !s.closed).length,
      keptAlive: subscribers.filter((s) => s.keepAlives > 0).length,
      posts,
      providerTtftP99: percentile(ttfts, 99),
      ...firstDeltaFigures(delays, posts, cpuBefore, cpuAfter),
    };
  } finally {
    controller.abort();
  }
}

export interface FirstDeltaFigures {
  firstDeltaP50: number;
  firstDeltaP99: number;
  /** CPU ms the server process spent per post: the reply, and all its frames fanned out to every stream. */
  serverCpuMsPerPost?: number;
}

/** The percentiles of sorted first-delta delays, and the server's CPU per post between two readings. */
function firstDeltaFigures(
  delays: number[],
  posts: number,
  cpuBefore: number | undefined,
  cpuAfter: number | undefined,
): FirstDeltaFigures {
  return {
    firstDeltaP50: percentile(delays, 50),
    firstDeltaP99: percentile(delays, 99),
    ...(cpuBefore !== undefined && cpuAfter !== undefined
      ? { serverCpuMsPerPost: ((cpuAfter - cpuBefore) * 1000) / posts }
      : {}),
  };
}

/**
 * The same streams and posts against bare node:http writing the reply's frames to every stream in one loop
 * (sse-fanout-server.ts): what a fan-out to this many sockets costs on this machine at the least.
 */
export async function measureFanOutFloor(streams: number, posts: number): Promise<FirstDeltaFigures> {
  const { child, url } = await startListening(["bench/sse-fanout-server.ts"]);
  const controller = new AbortController();
  setMaxListeners(0, controller.signal);
  try {
    const subscribers = await openStreams(`${url}/events`, "unused", streams, controller.signal);
    const cpuBefore = cpuSeconds(child.process.pid);
    const delays = await firstDeltaDelays(subscribers, posts, async () => {
      const response = await request(`${url}/fire`, { method: "POST" });
      await response.body.dump();
    });
    return firstDeltaFigures(delays, posts, cpuBefore, cpuSeconds(child.process.pid));
  } finally {
    controller.abort();
    await child.stop();
  }
}
