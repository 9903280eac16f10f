// The traffic meter (runner/client/traffic.ts): requests to the target and to other origins are counted
// apart, whoever makes them (the harness client, fetch); the time awaiting the target, awaiting the
// others and in deliberate waits is booked once each, the target first when they overlap.
import { mkdtempSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { setTimeout as delay } from "node:timers/promises";
import { afterAll, beforeAll, expect, test } from "vitest";
import { call } from "../../../runner/client/http-client.ts";
import { markTraffic, pause, trafficSince, waiting } from "../../../runner/client/traffic.ts";
import { SETTING_DEFAULTS, writeSettings } from "../../../runner/contract.ts";

/** Answers after `?ms=` milliseconds. */
async function slowServer(): Promise<{ server: Server; origin: string }> {
  const server = createServer(async (req, res) => {
    const ms = Number(new URL(req.url ?? "/", "http://x").searchParams.get("ms") ?? 0);
    await delay(ms);
    res.writeHead(200, { "content-type": "application/json" }).end("{}");
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { server, origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

let target: Awaited<ReturnType<typeof slowServer>>;
let helper: Awaited<ReturnType<typeof slowServer>>;

beforeAll(async () => {
  target = await slowServer();
  helper = await slowServer();
  const file = join(mkdtempSync(join(tmpdir(), "traffic-")), "target.json");
  const credentials = { admin: "admin-token", editor: "editor-token", viewer: "viewer-token" };
  writeFileSync(file, JSON.stringify({ regions: [{ name: "r1", base_url: target.origin }], credentials }));
  writeSettings({ targetFile: file, seed: 42, ...SETTING_DEFAULTS, prefix: "capct-test-", shrink: false });
});

afterAll(async () => {
  for (const { server } of [target, helper]) await new Promise<void>((resolve) => server.close(() => resolve()));
});

test("requests are counted by destination and their time is booked once, the target's first", async () => {
  const before = Date.now();
  const mark = markTraffic();
  await call("/a", { query: { ms: 120 } });
  await fetch(`${target.origin}/b?ms=0`).then((r) => r.text());
  await fetch(`${helper.origin}/c?ms=120`).then((r) => r.text());
  await pause(120);
  // A wait during which the target is awaited is the target's time, not the wait's.
  await waiting(call("/d", { query: { ms: 120 } }));
  const traffic = trafficSince(mark, "x.suite.ts", "main");
  expect(traffic).toMatchObject({ file: "x.suite.ts", lane: "main", requests: 3, helper_requests: 1 });
  expect(traffic.network_ms).toBeGreaterThanOrEqual(235);
  expect(traffic.helper_ms).toBeGreaterThanOrEqual(115);
  expect(traffic.waits_ms).toBeGreaterThanOrEqual(115);
  // Booked once: the parts never add up to more than the time that passed.
  expect(traffic.network_ms + traffic.helper_ms + traffic.waits_ms).toBeLessThanOrEqual(traffic.duration_ms + 2);
  // When the file ended, so a lane's end can be placed in the run.
  expect(Date.parse(traffic.ended_at!)).toBeGreaterThanOrEqual(before + traffic.duration_ms - 2);
  expect(Date.parse(traffic.ended_at!)).toBeLessThanOrEqual(Date.now());
});

test("a request that gets no answer stops being awaited at its error", async () => {
  const mark = markTraffic();
  const started = performance.now();
  await expect(call("/never", { query: { ms: 2_000 }, timeoutMs: 100 })).rejects.toThrow(/no answer within 100 ms/);
  const callMs = performance.now() - started;
  await pause(150);
  const traffic = trafficSince(mark, "x.suite.ts", "main");
  expect(traffic.requests).toBe(1);
  // Still awaited after its error, the request would take the pause's 150 ms too.
  expect(traffic.network_ms).toBeLessThan(callMs + 100);
  expect(traffic.waits_ms).toBeGreaterThanOrEqual(140);
});
