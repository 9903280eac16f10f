// The SSE hub on its own (simulators/platform/sse): wire format, snapshot first, one shared keep-alive
// ticker reaching every open stream, clean removal on client disconnect, every stream ended on close,
// frames published together leaving in one write per stream, a lone frame or a wide fan-out leaving at once
// (not held for a keep-alive), and two thousand open streams on one instance.
import { ServerResponse } from "node:http";
import { Agent, request } from "undici";
import { afterEach, expect, test, vi } from "vitest";
import type { PlatformContext } from "../../../../simulators/platform/context.ts";
import { FaultSet } from "../../../../simulators/platform/faults/index.ts";
import { type SseHub, sseHub } from "../../../../simulators/platform/sse/hub.ts";
import { VariantSet } from "../../../../simulators/platform/variants/index.ts";
import { createServer, listenLoopback } from "../../../../simulators/shared/server.ts";
import { DEFAULT_PROFILE } from "../../../../spec/profile.ts";
import { until } from "../../../helpers/until.ts";

const newDispatcher = () => new Agent({ connections: null, connect: { timeout: 5_000 } });
let dispatcher = newDispatcher();
const closers: Array<() => Promise<void>> = [];
afterEach(async () => {
  // Idle pooled client connections would hold the server's close until undici's own keep-alive ends.
  await dispatcher.destroy();
  dispatcher = newDispatcher();
  for (const close of closers.splice(0).reverse()) await close();
});

async function hubServer(keepAliveMs: number): Promise<{ url: string; hub: SseHub; close: () => Promise<void> }> {
  const app = createServer();
  const ctx = {
    faults: new FaultSet(),
    variants: new VariantSet(),
    sseKeepAliveMs: keepAliveMs,
    profile: DEFAULT_PROFILE,
  } as unknown as PlatformContext;
  const hub = sseHub(app, ctx);
  let version = 0;
  app.get("/things/:id/events", async (request, reply) => {
    const { id } = request.params as { id: string };
    if (id === "missing") return reply.status(404).send({ detail: { message: "thing not found", errors: [] } });
    hub.open(reply, { topic: `thing:${id}`, snapshot: () => ({ event: "snapshot", data: { id, version } }) });
    return reply;
  });
  app.post("/things/:id/burst", async (request) => {
    const { id } = request.params as { id: string };
    for (const n of [1, 2, 3]) hub.publish(`thing:${id}`, { event: "burst", data: { n } });
    return { ok: true };
  });
  app.post("/things/:id/bump", async (request) => {
    const { id } = request.params as { id: string };
    version += 1;
    hub.publish(`thing:${id}`, { event: "bumped", data: { version }, id: `v${version}` });
    return { ok: true };
  });
  const url = await listenLoopback(app);
  const close = () => app.close();
  closers.push(close);
  return { url, hub, close };
}

/**
 * How long the many-stream tests wait for a condition: a bound for a hung hub, not a speed target (bench/
 * measures that). Two thousand streams opened in 5 s on a quiet CI run and took over 20 s on a loaded one.
 */
const MANY_STREAMS_WAIT_MS = 60_000;
const MANY_STREAMS_TEST_MS = 4 * MANY_STREAMS_WAIT_MS;

/** Opens `count` streams of `url`, each read into its own text until close() ends them all. */
function openStreams(url: string, count: number): { texts: string[]; close: () => Promise<void> } {
  const controller = new AbortController();
  const texts = new Array<string>(count).fill("");
  const reads = Array.from({ length: count }, async (_, i) => {
    try {
      const response = await request(url, { dispatcher, signal: controller.signal });
      for await (const chunk of response.body) texts[i] += chunk.toString("utf8");
    } catch {
      // aborted by close(), or cut by the server's close after a failed test: what arrived is in texts
    }
  });
  return {
    texts,
    close: async () => {
      controller.abort();
      await Promise.all(reads);
    },
  };
}

/** Reads a stream's text until `done` holds or the deadline passes. */
async function readUntil(url: string, done: (text: string) => boolean, timeoutMs = 3_000) {
  const controller = new AbortController();
  const response = await request(url, { dispatcher, signal: controller.signal, headersTimeout: timeoutMs });
  let text = "";
  const deadline = setTimeout(() => controller.abort(), timeoutMs);
  try {
    for await (const chunk of response.body) {
      text += chunk.toString("utf8");
      if (done(text)) break;
    }
  } catch {
    // aborted at the deadline: the caller judges what arrived
  } finally {
    clearTimeout(deadline);
    controller.abort();
  }
  return { status: response.statusCode, headers: response.headers, text };
}

test("headers, snapshot first, named frames repeating their name, id: lines, LF only", async () => {
  const { url, hub } = await hubServer(60_000);
  const reading = readUntil(`${url}/things/a/events`, (text) => text.includes("event: bumped"));
  await until(() => hub.size === 1, 3_000, "the stream open");
  await (await request(`${url}/things/a/bump`, { method: "POST", dispatcher })).body.dump();
  const { status, headers, text } = await reading;
  expect(status).toBe(200);
  expect(headers["content-type"]).toBe("text/event-stream; charset=utf-8");
  expect(headers["cache-control"]).toBe("no-cache");
  expect(headers["x-accel-buffering"]).toBe("no");
  expect(text).not.toContain("\r");
  const frames = text.split("\n\n").filter(Boolean);
  expect(frames[0]).toBe('event: snapshot\ndata: {"event":"snapshot","id":"a","version":0}');
  expect(frames[1]).toBe('event: bumped\nid: v1\ndata: {"event":"bumped","version":1}');
});

test("an unknown resource is answered before any stream opens", async () => {
  const { url, hub } = await hubServer(60_000);
  const response = await request(`${url}/things/missing/events`, { dispatcher });
  expect(response.statusCode).toBe(404);
  expect(await response.body.json()).toEqual({ detail: { message: "thing not found", errors: [] } });
  expect(hub.size).toBe(0);
});

test("one ticker sends each stream a keep-alive comment once its interval has passed, and again after", async () => {
  const { url } = await hubServer(150);
  const started = Date.now();
  const { text } = await readUntil(`${url}/things/k/events`, (t) => t.split(": keep-alive\n\n").length > 2);
  const elapsed = Date.now() - started;
  expect(text.split(": keep-alive\n\n").length - 1).toBe(2);
  expect(elapsed).toBeGreaterThanOrEqual(290);
  expect(elapsed).toBeLessThan(1_500);
});

test("a client that disconnects is removed; the ticker stops with the last stream", async () => {
  const { url, hub } = await hubServer(100);
  await Promise.all([1, 2, 3].map(() => readUntil(`${url}/things/d/events`, (t) => t.includes("snapshot"))));
  await until(() => hub.size === 0, 3_000, "empty after three disconnects");
  expect(hub.listeners("thing:d")).toBe(0);
});

test("closing the instance ends every open stream instead of waiting on clients", async () => {
  const { url, hub, close } = await hubServer(60_000);
  const response = await request(`${url}/things/c/events`, { dispatcher });
  await until(() => hub.size === 1, 3_000, "one stream open");
  const ended = response.body.text();
  const started = Date.now();
  await close();
  expect(await ended).toContain("event: snapshot");
  expect(Date.now() - started).toBeLessThan(1_000);
});

test("frames published together leave in one write per stream, in the order they were published", async () => {
  const { url, hub } = await hubServer(60_000);
  const reading = [1, 2].map(() => readUntil(`${url}/things/b/events`, (text) => text.includes('"n":3')));
  await until(() => hub.size === 2, 3_000, "two streams open");
  const write = vi.spyOn(ServerResponse.prototype, "write");
  try {
    await (await request(`${url}/things/b/burst`, { method: "POST", dispatcher })).body.dump();
    for (const { text } of await Promise.all(reading)) {
      expect(text.split("\n\n").filter((frame) => frame.startsWith("event: burst"))).toEqual(
        [1, 2, 3].map((n) => `event: burst\ndata: {"event":"burst","n":${n}}`),
      );
    }
    const burstWrites = write.mock.calls.filter(([chunk]) => String(chunk).includes("event: burst"));
    expect(burstWrites).toHaveLength(2);
    for (const [chunk] of burstWrites) expect(String(chunk).match(/event: burst/g)).toHaveLength(3);
  } finally {
    write.mockRestore();
  }
});

test("a frame published alone leaves at once, not with the next frame or keep-alive", async () => {
  const { url, hub } = await hubServer(60_000);
  const reading = readUntil(`${url}/things/lone/events`, (text) => text.includes("event: bumped"));
  await until(() => hub.size === 1, 3_000, "one stream open");
  await (await request(`${url}/things/lone/bump`, { method: "POST", dispatcher })).body.dump();
  expect((await reading).text).toContain("event: bumped");
});

test(
  "a frame published to more streams than one flush turn takes reaches all of them, with no keep-alive",
  async () => {
    const { url, hub } = await hubServer(60_000);
    const count = 1_200; // more than two turns of the hub's flush (500 streams each)
    const streams = openStreams(`${url}/things/wide/events`, count);
    try {
      await until(() => hub.size === count, MANY_STREAMS_WAIT_MS, `${count} streams open`);
      await (await request(`${url}/things/wide/burst`, { method: "POST", dispatcher })).body.dump();
      await until(
        () => streams.texts.every((t) => t.includes('"n":3')),
        MANY_STREAMS_WAIT_MS,
        "the burst on every stream",
      );
    } finally {
      await streams.close();
    }
  },
  MANY_STREAMS_TEST_MS,
);

test(
  "2000 open streams: each gets its snapshot, a published frame and a keep-alive from the one ticker",
  async () => {
    const { url, hub } = await hubServer(300);
    const count = 2_000;
    const { texts, close } = openStreams(`${url}/things/many/events`, count);
    try {
      await until(() => hub.size === count, MANY_STREAMS_WAIT_MS, `${count} streams open`);
      await (await request(`${url}/things/many/bump`, { method: "POST", dispatcher })).body.dump();
      await until(
        () => texts.every((t) => t.includes("event: bumped") && t.includes(": keep-alive")),
        MANY_STREAMS_WAIT_MS,
        "a frame and a keep-alive on every stream",
      );
      expect(texts.every((t) => t.startsWith("event: snapshot\n"))).toBe(true);
    } finally {
      await close();
    }
    await until(() => hub.size === 0, MANY_STREAMS_WAIT_MS, "every stream removed");
  },
  MANY_STREAMS_TEST_MS,
);
