// The shaping proxy over real loopback HTTP: bytes through it are the upstream's own, both ways; an event
// stream flows through frame by frame; latency holds every response's head (and so a stream's first
// byte) by its amount; a client that leaves ends the upstream exchange; behaviours plug in at each stage.
import { createHash, randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import { Transform } from "node:stream";
import { request } from "undici";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { Behaviour } from "../../../simulators/proxy/behaviour.ts";
import { latency } from "../../../simulators/proxy/latency.ts";
import { type RunningProxy, startProxy } from "../../../simulators/proxy/server.ts";
import { until } from "../../helpers/until.ts";

const TIMEOUT = { headersTimeout: 5_000, bodyTimeout: 5_000 };
const sha = (bytes: Buffer) => createHash("sha256").update(bytes).digest("hex");

/** Upstream bodies by path; each is a fresh random buffer, so invalid UTF-8 is in there too. */
const BODIES = new Map<string, Buffer>([
  ["/empty", Buffer.alloc(0)],
  ["/one", randomBytes(1)],
  ["/64k", randomBytes(64 * 1024)],
  ["/4m", randomBytes(4 * 1024 * 1024)],
]);

/** What the upstream saw of each request, and the event-stream exchanges it holds open. */
const seen: Array<{ method: string; url: string; headers: IncomingMessage["headers"]; bodySha: string }> = [];
const streams: Array<{ response: ServerResponse; closed: boolean }> = [];

function upstreamHandler(req: IncomingMessage, res: ServerResponse): void {
  const chunks: Buffer[] = [];
  req.on("data", (chunk: Buffer) => chunks.push(chunk));
  req.on("end", () => {
    const body = Buffer.concat(chunks);
    seen.push({ method: req.method ?? "", url: req.url ?? "", headers: req.headers, bodySha: sha(body) });
    const path = (req.url ?? "/").split("?")[0]!;
    if (path === "/events") {
      res.writeHead(200, { "content-type": "text/event-stream", "cache-control": "no-cache" });
      res.flushHeaders();
      const stream = { response: res, closed: false };
      res.on("close", () => {
        stream.closed = true;
      });
      streams.push(stream);
      return;
    }
    if (path === "/echo") {
      res.writeHead(201, { "content-type": "application/octet-stream", "x-body-sha": sha(body) });
      return res.end(body);
    }
    if (path === "/cookies") {
      res.setHeader("set-cookie", ["a=1; Path=/", "b=2; Path=/"]);
      res.writeHead(404, { "content-type": "application/json" });
      return res.end('{"detail":{"message":"gone","errors":[]}}');
    }
    const stored = BODIES.get(path);
    if (stored === undefined) {
      res.writeHead(404);
      return res.end();
    }
    // Odd paths stream chunked (no length), the others carry Content-Length.
    if (req.headers["x-chunked"] === "1") {
      res.writeHead(200, { "content-type": "application/octet-stream" });
      for (let at = 0; at < stored.length; at += 10_000) res.write(stored.subarray(at, at + 10_000));
      return res.end();
    }
    res.writeHead(200, { "content-type": "application/octet-stream", "content-length": stored.length });
    res.end(stored);
  });
}

let upstream: Server;
let origin: string;
const proxies: RunningProxy[] = [];

async function proxyWith(behaviours: Behaviour[] = []): Promise<RunningProxy> {
  const proxy = await startProxy({ upstream: origin, behaviours });
  proxies.push(proxy);
  return proxy;
}

beforeAll(async () => {
  upstream = createServer(upstreamHandler);
  await new Promise<void>((resolve) => upstream.listen(0, "127.0.0.1", resolve));
  origin = `http://127.0.0.1:${(upstream.address() as { port: number }).port}`;
});

afterEach(async () => {
  for (const proxy of proxies.splice(0)) await proxy.close();
  for (const stream of streams.splice(0)) stream.response.destroy();
});

afterAll(async () => {
  upstream.closeAllConnections();
  await new Promise<void>((resolve) => upstream.close(() => resolve()));
});

describe("bytes through the proxy", () => {
  it.each(
    [...BODIES.keys()].flatMap((path) => [
      [path, false],
      [path, true],
    ]),
  )("GET %s (chunked: %s) arrives byte for byte", async (path, chunked) => {
    const proxy = await proxyWith();
    const response = await request(`${proxy.url}${path}`, { headers: chunked ? { "x-chunked": "1" } : {}, ...TIMEOUT });
    const body = Buffer.from(await response.body.arrayBuffer());
    expect(response.statusCode).toBe(200);
    expect(sha(body)).toBe(sha(BODIES.get(path)!));
  });

  it("a request body reaches the upstream byte for byte, with method, path and query", async () => {
    const proxy = await proxyWith();
    const sent = randomBytes(300_000);
    const response = await request(`${proxy.url}/echo?x=1&y=%2F`, {
      method: "PUT",
      headers: { "content-type": "application/octet-stream", "x-custom": "kept" },
      body: sent,
      ...TIMEOUT,
    });
    const echoed = Buffer.from(await response.body.arrayBuffer());
    expect(response.statusCode).toBe(201);
    expect(response.headers["x-body-sha"]).toBe(sha(sent));
    expect(sha(echoed)).toBe(sha(sent));
    const last = seen.at(-1)!;
    expect(last).toMatchObject({ method: "PUT", url: "/echo?x=1&y=%2F", bodySha: sha(sent) });
    expect(last.headers["x-custom"]).toBe("kept");
    // The upstream is addressed as itself, not as the proxy.
    expect(last.headers.host).toBe(new URL(origin).host);
  });

  it("a status, a repeated header and an error body are the upstream's", async () => {
    const proxy = await proxyWith();
    const response = await request(`${proxy.url}/cookies`, TIMEOUT);
    expect(response.statusCode).toBe(404);
    expect(response.headers["set-cookie"]).toEqual(["a=1; Path=/", "b=2; Path=/"]);
    expect(await response.body.text()).toBe('{"detail":{"message":"gone","errors":[]}}');
  });

  it("an upstream that does not answer is a 502 in the error envelope", async () => {
    const dead = createServer();
    await new Promise<void>((resolve) => dead.listen(0, "127.0.0.1", resolve));
    const port = (dead.address() as { port: number }).port;
    await new Promise<void>((resolve) => dead.close(() => resolve()));
    const proxy = await startProxy({ upstream: `http://127.0.0.1:${port}` });
    proxies.push(proxy);
    const response = await request(`${proxy.url}/anything`, TIMEOUT);
    expect(response.statusCode).toBe(502);
    const body = (await response.body.json()) as { detail: { message: string; errors: string[] } };
    expect(body.detail.message).toMatch(/no answer from its upstream/);
    expect(body.detail.errors).toEqual([]);
  });
});

describe("event streams through the proxy", () => {
  it("each frame arrives as the upstream sends it, not when the stream ends", async () => {
    const proxy = await proxyWith([latency(0)]);
    const response = await request(`${proxy.url}/events`, TIMEOUT);
    expect(response.headers["content-type"]).toBe("text/event-stream");
    let text = "";
    response.body.on("data", (chunk: Buffer) => {
      text += chunk.toString("utf8");
    });
    await until(() => streams.length === 1, 5_000, "the upstream holding the stream");
    const upstreamStream = streams[0]!;
    for (const n of [1, 2, 3]) {
      upstreamStream.response.write(`event: tick\ndata: {"n":${n}}\n\n`);
      // The next frame is written only once this one came out of the proxy: nothing waits for more bytes.
      await until(() => text.includes(`{"n":${n}}`), 5_000, `frame ${n} through the proxy`);
    }
    upstreamStream.response.write(": keep-alive\n\n");
    await until(() => text.endsWith(": keep-alive\n\n"), 5_000, "the comment line through the proxy");
    expect(text).toBe(
      'event: tick\ndata: {"n":1}\n\nevent: tick\ndata: {"n":2}\n\nevent: tick\ndata: {"n":3}\n\n: keep-alive\n\n',
    );
    response.body.destroy();
  });

  it("a client that leaves ends the upstream stream", async () => {
    const proxy = await proxyWith();
    const response = await request(`${proxy.url}/events`, TIMEOUT);
    await until(() => streams.length === 1, 5_000, "the upstream holding the stream");
    response.body.destroy();
    await until(() => streams[0]!.closed, 5_000, "the upstream stream closed");
  });
});

describe("latency", () => {
  it("holds each response's head by its amount, a stream's first byte too", async () => {
    const proxy = await proxyWith([latency(150)]);
    let started = performance.now();
    const plain = await request(`${proxy.url}/one`, TIMEOUT);
    const plainMs = performance.now() - started;
    await plain.body.dump();
    started = performance.now();
    const stream = await request(`${proxy.url}/events`, TIMEOUT);
    const streamHeadMs = performance.now() - started;
    stream.body.destroy();
    expect(plainMs).toBeGreaterThanOrEqual(150);
    expect(streamHeadMs).toBeGreaterThanOrEqual(150);
  });

  it("is applied per response: two in a row take two amounts", async () => {
    const proxy = await proxyWith([latency(100)]);
    const started = performance.now();
    for (let i = 0; i < 2; i++) await (await request(`${proxy.url}/one`, TIMEOUT)).body.dump();
    expect(performance.now() - started).toBeGreaterThanOrEqual(200);
  });

  it("refuses an amount that is not a whole number of ms in range", () => {
    for (const bad of [-1, 1.5, Number.NaN, 60_001]) expect(() => latency(bad)).toThrow(RangeError);
    expect(latency(30).name).toBe("latency=30");
  });
});

describe("behaviours plug in at every stage", () => {
  it("intercept answers in the upstream's place; head and body bend what is forwarded", async () => {
    const refuseEveryOther: Behaviour = {
      name: "refuse-every-other",
      intercept: (request, response) => {
        if (request.index % 2 === 1) return false;
        response.writeHead(429, { "content-type": "application/json" });
        response.end('{"detail":{"message":"slow down","errors":[]}}');
        return true;
      },
    };
    const marked: Behaviour = {
      name: "marked",
      head: (_request, head) => {
        head.headers["x-proxied"] = "yes";
        delete head.headers["content-length"];
      },
      body: () =>
        new Transform({
          transform(chunk: Buffer, _encoding, done) {
            done(null, Buffer.from(chunk.toString("latin1").toUpperCase(), "latin1"));
          },
        }),
    };
    const proxy = await proxyWith([refuseEveryOther, marked]);
    const before = seen.length;
    const first = await request(`${proxy.url}/echo`, { method: "POST", body: "abc", ...TIMEOUT });
    expect(first.statusCode).toBe(201);
    expect(first.headers["x-proxied"]).toBe("yes");
    expect(await first.body.text()).toBe("ABC");
    const second = await request(`${proxy.url}/echo`, { method: "POST", body: "abc", ...TIMEOUT });
    expect(second.statusCode).toBe(429);
    await second.body.dump();
    expect(seen.length - before).toBe(1);
    expect(proxy.requests()).toBe(2);
  });
});
