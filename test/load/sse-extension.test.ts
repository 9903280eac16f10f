// The project's k6/x/sse (load/k6/sse): frames parsed per the SSE format, keep-alives visible,
// a stream bounded by `timeout`, a 404 answered before any stream, close() from a handler.
// A plain k6 script records what it saw with checks; k6 exits 0 only if every check held.
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ensureK6 } from "../../load/build-k6.ts";
import { BUILD_TIMEOUT_MS, K6_RUNNABLE } from "./k6-available.ts";

const SCRIPT = `
import sse from "k6/x/sse";
import { check } from "k6";
export const options = { thresholds: { checks: ["rate==1"] }, iterations: 1, vus: 1 };
export default function () {
  const base = __ENV.BASE;
  const frames = [];
  let opened = 0;
  const res = sse.open(base + "/frames", { headers: { "X-Probe": "yes" }, timeout: "5s" }, (client) => {
    client.on("open", () => opened++);
    client.on("event", (e) => {
      frames.push(e);
      if (e.name === "last") client.close();
    });
  });
  check(res, { "frames: status 200": (r) => r.status === 200 && r.headers["Content-Type"] === "text/event-stream" });
  check(opened, { "frames: open fired once": (n) => n === 1 });
  check(frames, {
    "frames: five frames, in order": (f) => f.map((x) => x.name).join(",") === "snapshot,,delta,,last",
    "frames: multi-line data joined with a newline": (f) => f[0].data === '{"a":1}\\n{"b":2}',
    "frames: id line kept": (f) => f[0].id === "item-1",
    "frames: keep-alive is a comment-only frame": (f) => f[1].comment === "keep-alive" && f[1].data === "",
    "frames: CRLF line ends": (f) => f[2].data === "chunk" && f[2].name === "delta",
    "frames: unknown field ignored, data kept": (f) => f[3].data === "x",
  });

  const started = Date.now();
  let idle = 0;
  const bounded = sse.open(base + "/idle", { timeout: "700ms" }, (client) => {
    client.on("event", () => idle++);
  });
  const took = Date.now() - started;
  check(bounded, { "idle: the timeout ends the stream": (r) => r.status === 200 && took >= 600 && took < 4000 });

  const missing = sse.open(base + "/missing", { timeout: "2s" }, (client) => {
    client.on("event", () => { throw new Error("a 404 has no stream"); });
  });
  check(missing, { "missing: 404 answered, no events": (r) => r.status === 404 });
}
`;

describe.skipIf(!K6_RUNNABLE)("k6/x/sse extension", () => {
  const dir = mkdtempSync(join(tmpdir(), "cap-sse-ext-"));
  let server: Server;
  let base = "";
  let k6 = "";

  beforeAll(async () => {
    k6 = (await ensureK6()).bin;
    server = createServer((req, res) => {
      if (req.url === "/missing") {
        res.writeHead(404, { "Content-Type": "application/json" }).end('{"detail":{"message":"no","errors":[]}}');
        return;
      }
      res.writeHead(200, { "Content-Type": "text/event-stream" });
      if (req.url === "/idle") {
        res.write(": hello\n\n"); // then nothing: only the client's timeout ends this stream
        return;
      }
      res.write('id: item-1\nevent: snapshot\ndata: {"a":1}\ndata: {"b":2}\n\n');
      res.write(": keep-alive\n\n");
      res.write("event: delta\r\ndata: chunk\r\n\r\n");
      res.write("retry: 1000\nfoo: bar\ndata: x\n\n");
      res.write("event: last\ndata: {}\n\n");
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    writeFileSync(join(dir, "sse.js"), SCRIPT);
  }, BUILD_TIMEOUT_MS);

  afterAll(async () => {
    server?.closeAllConnections();
    await new Promise((resolve) => server?.close(resolve));
    rmSync(dir, { recursive: true, force: true });
  });

  it("parses frames, bounds idle streams and reports a 404", async () => {
    let output = "";
    const code = await new Promise<number | null>((resolve) => {
      const child = spawn(k6, ["run", "--quiet", "--address=", join(dir, "sse.js")], {
        env: { ...process.env, BASE: base, K6_NO_USAGE_REPORT: "true" },
      });
      const timer = setTimeout(() => child.kill("SIGKILL"), 30_000);
      child.stdout.on("data", (chunk) => (output += chunk));
      child.stderr.on("data", (chunk) => (output += chunk));
      child.on("close", (exit) => {
        clearTimeout(timer);
        resolve(exit);
      });
    });
    expect(output).not.toMatch(/✗/);
    expect(code, output).toBe(0);
  }, 40_000);
});
