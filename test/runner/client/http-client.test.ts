// The harness's HTTP client (runner/client/http-client.ts) against a raw server that answers too much: a body over the
// body cap (announced or not), a gzip bomb, ten thousand headers. Each is an error of the check (a LimitExceeded,
// a TargetError) naming the cap, read in bounded memory, and recorded with what was kept; a small gzip body is
// read decoded, and a body under the cap whole. A reset connection is told apart from a timeout.
import { mkdtempSync, writeFileSync } from "node:fs";
import { createServer, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { afterAll, beforeAll, expect, test } from "vitest";
import { call } from "../../../runner/client/http-client.ts";
import { LIMITS } from "../../../runner/client/limits.ts";
import { recording } from "../../../runner/client/recorder.ts";
import { isTargetError } from "../../../runner/client/target-error.ts";
import { SETTING_DEFAULTS, writeSettings } from "../../../runner/contract.ts";

const MiB = 1024 * 1024;
const CHUNK = Buffer.alloc(64 * 1024, "x");

/** Writes chunks until `left` bytes are sent (for ever when Infinity) or the client goes. */
async function stream(res: ServerResponse, left: number): Promise<void> {
  while (left > 0 && !res.destroyed) {
    const chunk = left >= CHUNK.length ? CHUNK : CHUNK.subarray(0, left);
    left -= chunk.length;
    if (!res.write(chunk)) {
      await new Promise<void>((resolve) => {
        const done = () => {
          res.off("drain", done).off("close", done);
          resolve();
        };
        res.once("drain", done).once("close", done);
      });
    }
  }
  res.end();
}

const ROUTES: Record<string, (res: ServerResponse) => void> = {
  "/small": (res) => res.writeHead(200, { "content-type": "application/json" }).end('{"ok":true}'),
  "/announced": (res) => {
    res.writeHead(200, { "content-type": "application/json", "content-length": String(20 * MiB) });
    void stream(res, 20 * MiB);
  },
  "/endless": (res) => {
    res.writeHead(200, { "content-type": "application/json" });
    void stream(res, Number.POSITIVE_INFINITY);
  },
  "/gzip": (res) =>
    res.writeHead(200, { "content-type": "application/json", "content-encoding": "gzip" }).end(gzipSync('{"a":1}')),
  "/bomb": (res) => {
    const member = gzipSync(Buffer.alloc(8 * MiB, " "));
    res.writeHead(200, { "content-type": "application/json", "content-encoding": "gzip" });
    res.end(Buffer.concat([member, member, member]));
  },
  "/reset": (res) => res.socket?.resetAndDestroy(),
  "/silent": () => {},
  "/headers": (res) => {
    for (let i = 0; i < 10_000; i++) res.setHeader(`x-many-${i}`, "1");
    res.writeHead(200, { "content-type": "application/json" }).end("{}");
  },
};

let server: Server;

beforeAll(async () => {
  server = createServer((req, res) => {
    const route = ROUTES[req.url ?? ""];
    if (route === undefined) res.writeHead(404).end();
    else route(res);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  const file = join(mkdtempSync(join(tmpdir(), "http-client-")), "target.json");
  const credentials = { admin: "admin-token", editor: "editor-token", viewer: "viewer-token" };
  writeFileSync(file, JSON.stringify({ regions: [{ name: "r1", base_url: `http://127.0.0.1:${port}` }], credentials }));
  writeSettings({ targetFile: file, seed: 42, ...SETTING_DEFAULTS, prefix: "capct-test-", shrink: false });
});

afterAll(() => {
  server.closeAllConnections();
  return new Promise<void>((resolve) => server.close(() => resolve()));
});

/** The error `call(path)` ends with. */
async function errorOf(path: string, timeoutMs?: number): Promise<Error> {
  const error = await call(path, { timeoutMs }).then(
    () => undefined,
    (e: unknown) => e as Error,
  );
  if (error === undefined) throw new Error(`${path} was read whole`);
  return error;
}

test("a body under the cap is read whole; a gzip body is read decoded", async () => {
  expect((await call("/small")).json).toEqual({ ok: true });
  expect((await call("/gzip")).json).toEqual({ a: 1 });
});

test("a body announced over the cap is not read: an error naming the cap and the flag, with the exchange kept", async () => {
  let error: Error | undefined;
  const { record, done } = recording([], async () => {
    error = await errorOf("/announced");
  });
  await done;
  expect(isTargetError(error), "an error of the check, never a failure").toBe(true);
  expect(error!.message).toMatch(/GET \S+\/announced: the response body exceeded the body cap of 16 MiB/);
  expect(error!.message).toContain(`its Content-Length is ${20 * MiB}`);
  expect(error!.message).toContain("--max-body-bytes");
  expect(record.first.at(-1)).toMatchObject({ status: 200, response_body: expect.stringContaining("body cap") });
});

test("a body that never ends is read up to the cap, then dropped", async () => {
  const error = await errorOf("/endless");
  expect(isTargetError(error)).toBe(true);
  const read = Number(/after (\d+) bytes/.exec(error.message)?.[1]);
  expect(read).toBeLessThanOrEqual(LIMITS.bodyBytes);
  expect(read).toBeGreaterThan(LIMITS.bodyBytes - CHUNK.length * 2);
});

test("a gzip bomb is decoded up to the cap in decoded bytes, then dropped", async () => {
  const error = await errorOf("/bomb");
  expect(isTargetError(error)).toBe(true);
  expect(error.message).toMatch(/body cap of 16 MiB \(after \d+ bytes\)/);
});

test("ten thousand headers are over the header cap: an error naming it", async () => {
  const error = await errorOf("/headers");
  expect(isTargetError(error)).toBe(true);
  expect(error.message).toMatch(/GET \S+\/headers: the response headers exceeded the header cap of 16 KiB/);
});

test("a reset connection is said to have failed, not to have timed out; a silent server is a timeout", async () => {
  const reset = await errorOf("/reset");
  expect(isTargetError(reset)).toBe(true);
  expect(reset.message).toMatch(/GET \S+\/reset: no answer, the connection failed \(.*ECONNRESET/);
  expect(reset.message).not.toMatch(/within \d+ ms/);
  const silent = await errorOf("/silent", 300);
  expect(isTargetError(silent)).toBe(true);
  expect(silent.message).toMatch(/GET \S+\/silent: no answer within 300 ms/);
});
