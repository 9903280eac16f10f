// The harness's SSE reader (runner/client/sse-client.ts) against a raw server that writes exact bytes: frames
// with ids, comments with arrival times, CRLF and CR line endings (legal), and what it must report: bytes
// that are not UTF-8, frames without a name or a JSON body, a frame cut off by the server; and what it must
// not keep: a line or a frame over its cap, more frames than a stream keeps, a flood of comments. A reset
// before the headers is a connection that failed, not a timeout. A gzip-coded stream is read decoded as its
// frames come, and so is a gzip-coded answer that is not a stream (RFC 9110 12.5.3: no Accept-Encoding is sent).
import { mkdtempSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { constants, createGzip, gzipSync } from "node:zlib";
import { afterAll, beforeAll, expect, test } from "vitest";
import { LIMITS } from "../../../runner/client/limits.ts";
import { mustOpen, openStream } from "../../../runner/client/sse-client.ts";
import { isTargetError } from "../../../runner/client/target-error.ts";
import { SETTING_DEFAULTS, writeSettings } from "../../../runner/contract.ts";

type Script = Array<string | Buffer | number>;

/** Each path answers a script: strings and buffers are written, numbers are pauses in ms. */
const SCRIPTS: Record<string, Script> = {
  "/lf": [
    'event: snapshot\ndata: {"event":"snapshot"}\n\n',
    ": keep-alive\n\n",
    30,
    'event: item.created\nid: i1\ndata: {"event":"item.created","id":"i1"}\n\n',
  ],
  "/crlf": ['event: a\r\ndata: {"event":"a"}\r\n\r\n', 'event: b\rdata: {"event":"b"}\r\r'],
  "/split": ["eve", 20, "nt: x\nda", 20, 'ta: {"event":"x"}\n', 20, "\n"],
  "/bad-utf8": ["event: a\ndata: ", Buffer.from([0xc3, 0x28]), "\n\n"],
  "/unnamed": ['data: {"no":"name"}\n\n', "event: b\ndata: not json\n\n"],
  "/slow": [": hello\n\n", 1_000, 'event: late\ndata: {"event":"late"}\n\n'],
  "/cut": ['event: a\ndata: {"event":"a"}\n\n', 'event: b\ndata: {"event":"b"}\n'],
  // Over the caps: a line that never ends, a frame of many lines that never ends, too many frames, many comments.
  "/endless-line": ["data: ", ...Array<string>(24).fill("x".repeat(64 * 1024))],
  "/endless-frame": ["event: big\n", ...Array<string>(24).fill(`data: ${"y".repeat(64 * 1024)}\n`)],
  "/many-frames": ['event: a\ndata: {"event":"a"}\n\n'.repeat(LIMITS.sseFramesKept + 1)],
  "/many-comments": [": ka\n\n".repeat(LIMITS.sseCommentsKept + 500), 'event: a\ndata: {"event":"a"}\n\n'],
};

let server: Server;

beforeAll(async () => {
  server = createServer(async (req, res) => {
    const script = SCRIPTS[req.url?.split("?")[0] ?? ""];
    if (req.url === "/reset") {
      res.socket?.resetAndDestroy();
      return;
    }
    if (req.url === "/gzip-missing") {
      const body = gzipSync('{"detail":{"message":"nope","errors":[]}}');
      res.writeHead(404, { "content-type": "application/json", "content-encoding": "gzip" }).end(body);
      return;
    }
    if (req.url === "/gzip") {
      // Each write flushed, as a server coding a live stream must; the stream then stays open a while.
      res.writeHead(200, { "content-type": "text/event-stream", "content-encoding": "gzip" });
      const gzip = createGzip();
      gzip.pipe(res);
      gzip.write('event: snapshot\ndata: {"event":"snapshot"}\n\n: keep-alive\n\n');
      gzip.flush(constants.Z_SYNC_FLUSH);
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      gzip.end('event: late\ndata: {"event":"late"}\n\n');
      return;
    }
    if (script === undefined) {
      res.writeHead(404, { "content-type": "application/json" }).end('{"detail":{"message":"nope","errors":[]}}');
      return;
    }
    res.writeHead(200, { "content-type": "text/event-stream", "cache-control": "no-cache" });
    for (const step of script) {
      if (typeof step === "number") await new Promise((resolve) => setTimeout(resolve, step));
      else res.write(step);
    }
    res.end();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  const file = join(mkdtempSync(join(tmpdir(), "sse-reader-")), "target.json");
  const credentials = { admin: "admin-token", editor: "editor-token", viewer: "viewer-token" };
  writeFileSync(file, JSON.stringify({ regions: [{ name: "r1", base_url: `http://127.0.0.1:${port}` }], credentials }));
  writeSettings({ targetFile: file, seed: 42, ...SETTING_DEFAULTS, prefix: "capct-test-", shrink: false });
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

async function readAll(path: string) {
  const stream = await mustOpen(path);
  await stream.waitFor(() => false, { timeoutMs: 2_000, what: "the end" }).catch(() => undefined);
  expect(stream.endedByServer).toBe(true);
  return stream;
}

test("frames carry event, own id, JSON data, raw lines and arrival times; comments are kept with theirs", async () => {
  const stream = await readAll("/lf");
  expect(stream.frames.map((f) => [f.event, f.id, f.json, f.raw])).toEqual([
    ["snapshot", undefined, { event: "snapshot" }, ["event: snapshot", 'data: {"event":"snapshot"}']],
    [
      "item.created",
      "i1",
      { event: "item.created", id: "i1" },
      ["event: item.created", "id: i1", 'data: {"event":"item.created","id":"i1"}'],
    ],
  ]);
  expect(stream.comments.map((c) => c.text)).toEqual(["keep-alive"]);
  // Order, not spacing: under load the comment and the frame may arrive in one read.
  expect(stream.frames[1]!.at).toBeGreaterThanOrEqual(stream.comments[0]!.at);
  expect(stream.problems).toEqual([]);
  expect(stream.lineEndings).toEqual({ lf: 9, crlf: 0, cr: 0 });
});

test("CRLF and CR line endings are legal: parsed, counted, not reported", async () => {
  const stream = await readAll("/crlf");
  expect(stream.frames.map((f) => f.event)).toEqual(["a", "b"]);
  expect(stream.problems).toEqual([]);
  expect(stream.lineEndings).toEqual({ lf: 0, crlf: 3, cr: 3 });
});

test("a frame split across chunks arrives whole", async () => {
  const stream = await readAll("/split");
  expect(stream.frames.map((f) => [f.event, f.raw])).toEqual([["x", ["event: x", 'data: {"event":"x"}']]]);
});

test("bytes that are not UTF-8 are reported", async () => {
  const stream = await readAll("/bad-utf8");
  expect(stream.problems).toContain("the stream is not valid UTF-8");
});

test("a frame without an event: name, or with a body that is not JSON, is reported", async () => {
  const stream = await readAll("/unnamed");
  expect(stream.problems).toEqual(["frame #0 has no event: name", "frame #1 data is not JSON"]);
});

test("a server that ends inside a frame is reported; the cut frame is not dispatched", async () => {
  const stream = await readAll("/cut");
  expect(stream.frames.map((f) => f.event)).toEqual(["a"]);
  expect(stream.problems).toEqual(["the stream ended inside a frame (no blank line after its last field)"]);
});

test("waits end at their deadline, or as soon as the stream ends, with what was seen", async () => {
  const stream = await mustOpen("/lf");
  await expect(stream.waitForEvent("never", { timeoutMs: 2_000 })).rejects.toThrow(/stream ended before a never frame/);
  const slow = await mustOpen("/slow");
  const started = Date.now();
  await expect(slow.waitForComment(500)).resolves.toMatchObject({ text: "hello" });
  await expect(slow.waitForEvent("late", { timeoutMs: 50 })).rejects.toThrow(/^a late frame did not come within 50 ms/);
  expect(Date.now() - started).toBeLessThan(900);
  slow.close();
  expect(slow.endedByServer).toBe(false);
});

test("a gzip-coded stream is read decoded, each frame as it is flushed, not at the end", async () => {
  const stream = await mustOpen("/gzip");
  const first = await stream.waitForEvent("snapshot", { timeoutMs: 1_000 });
  expect(first.json).toEqual({ event: "snapshot" });
  expect(stream.comments.map((c) => c.text)).toEqual(["keep-alive"]);
  expect(stream.endedByServer, "the first frame came while the stream was still open").toBe(false);
  await stream.waitForEvent("late", { timeoutMs: 3_000 });
  expect(stream.problems).toEqual([]);
  stream.close();
});

test("a gzip-coded answer that is not 2xx is read decoded", async () => {
  const answer = await openStream("/gzip-missing");
  expect(answer.response?.status).toBe(404);
  expect(answer.response?.json).toEqual({ detail: { message: "nope", errors: [] } });
});

test("an answer that is not 2xx is read whole and returned, not streamed", async () => {
  const answer = await openStream("/missing");
  expect(answer.stream).toBeUndefined();
  expect(answer.response?.status).toBe(404);
  expect(answer.response?.json).toEqual({ detail: { message: "nope", errors: [] } });
  await expect(mustOpen("/missing")).rejects.toThrow(/expected GET .* to open a stream, got 404/);
});

test("a connection reset before the headers is said to have failed, not to have timed out", async () => {
  const error = await openStream("/reset").then(
    () => undefined,
    (e: unknown) => e as Error,
  );
  expect(error !== undefined && isTargetError(error)).toBe(true);
  expect(error?.message).toMatch(/GET \S+\/reset: no stream headers, the connection failed \(.*ECONNRESET/);
});

test("a line over the line cap closes the stream; every wait then errors naming the cap", async () => {
  const stream = await mustOpen("/endless-line");
  const error = await stream.waitForEvent("x", { timeoutMs: 5_000 }).catch((e: Error) => e);
  expect(isTargetError(error), "an error of the check, never a failure").toBe(true);
  expect((error as Error).message).toMatch(/\/endless-line: a line of the stream passed the line cap of 1 MiB/);
  await expect(stream.observe(10)).rejects.toThrow(/line cap/);
  expect(stream.endedByServer).toBe(false);
});

test("a frame over the frame cap closes the stream with an error naming the cap", async () => {
  const stream = await mustOpen("/endless-frame");
  await expect(stream.waitForEvent("big", { timeoutMs: 5_000 })).rejects.toThrow(/frame cap of 1 MiB/);
});

test("a stream sending more frames than one keeps is closed with an error naming the count", async () => {
  const stream = await mustOpen("/many-frames");
  await expect(stream.waitFor(() => false, { timeoutMs: 5_000, what: "the end" })).rejects.toThrow(
    `more than ${LIMITS.sseFramesKept} frames`,
  );
  expect(stream.frames.length).toBe(LIMITS.sseFramesKept);
});

test("a flood of comments is counted, and only the first ones kept", async () => {
  const stream = await readAll("/many-comments");
  expect(stream.commentCount).toBe(LIMITS.sseCommentsKept + 500);
  expect(stream.comments.length).toBe(LIMITS.sseCommentsKept);
  expect(stream.frames.map((f) => f.event)).toEqual(["a"]);
});
