// `run --add-latency-ms N`: each region of the target is reached through a latency proxy (its path kept,
// its test control hooks too), and a run through it passes and says where its time went.
import { mkdtempSync, readFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { request } from "undici";
import { afterAll, beforeAll, expect, test } from "vitest";
import { behindAddedLatency } from "../../cli/added-latency.ts";
import { sharedWorkers } from "../../runner/orchestration/shared-workers.ts";
import type { Report } from "../../spec/report.ts";
import { runCli } from "../helpers/cli.ts";

let upstream: Server;
let origin: string;
const paths: string[] = [];

beforeAll(async () => {
  upstream = createServer((req, res) => {
    paths.push(req.url ?? "");
    res.writeHead(200, { "content-type": "application/json" }).end("{}");
  });
  await new Promise<void>((resolve) => upstream.listen(0, "127.0.0.1", resolve));
  origin = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((resolve) => upstream.close(() => resolve())));

test("regions and their test control are reached through a proxy that holds each answer", async () => {
  const credentials = { admin: "a", editor: "e", viewer: "v" };
  const delayed = await behindAddedLatency(
    {
      regions: [{ name: "r1", base_url: `${origin}/api` }],
      credentials,
      wired: false,
      simulators: {},
      test_control: `${origin}/_test`,
      profile: "default",
    },
    120,
  );
  try {
    const [region] = delayed.target.regions;
    expect(new URL(region!.base_url).origin).not.toBe(origin);
    expect(new URL(region!.base_url).pathname).toBe("/api");
    expect(delayed.target.test_control).toBe(`${new URL(region!.base_url).origin}/_test`);
    expect(delayed.routes).toEqual([`${origin} → ${new URL(region!.base_url).origin}`]);
    const started = performance.now();
    const response = await request(`${region!.base_url}/v1/agents?limit=2`);
    await response.body.dump();
    expect(performance.now() - started).toBeGreaterThanOrEqual(120);
    expect(paths.at(-1)).toBe("/api/v1/agents?limit=2");
  } finally {
    await delayed.close();
  }
});

test("a latency that is negative or above a minute is a usage error (exit 2)", {
  timeout: 90_000,
}, async () => {
  for (const value of ["-1", "60001"]) {
    const result = await runCli(["run", `--add-latency-ms=${value}`], { timeoutMs: 30_000 });
    expect(result.code, result.stderr).toBe(2);
    expect(result.stderr).toMatch(/--add-latency-ms must be/);
  }
});

test("a run through added latency passes, logs the proxy and reports where its time went", {
  timeout: 150_000,
}, async () => {
  const dir = mkdtempSync(join(tmpdir(), "added-latency-"));
  const result = await runCli(
    ["run", "--clause", "paging.default-limit", "--seed", "7", "--add-latency-ms", "40", "--report-dir", dir],
    { timeoutMs: 120_000 },
  );
  expect(result.code, result.stdout + result.stderr).toBe(0);
  expect(result.stdout).toMatch(
    /Added latency: every response of the target is held 40 ms \(http:\/\/127\.0\.0\.1:\d+ →/,
  );
  expect(result.stdout).toMatch(/Time, exclusive lane \(1 suite file\): .* requests to the target/);
  // The shared lane's width follows the round trip the preflight measured (shared-workers.ts), at least the 40 ms.
  const [, workers, roundTrip] = /Suite files side by side: (\d+) \(round trip to the target ([\d.]+) ms\)/.exec(
    result.stdout,
  ) ?? ["", "", ""];
  expect(Number(roundTrip)).toBeGreaterThanOrEqual(40);
  expect(Number(workers)).toBe(sharedWorkers(Number(roundTrip)));
  const report = JSON.parse(readFileSync(join(dir, "report.json"), "utf8")) as Report;
  expect(report.run.added_latency_ms).toBe(40);
  const paging = report.traffic?.find((row) => row.file === "paging.suite.ts");
  expect(paging).toMatchObject({ lane: "exclusive" });
  expect(paging?.requests).toBeGreaterThan(0);
  // Every answer of the target was held 40 ms (requests side by side overlap, so only one is certain).
  expect(paging!.network_ms).toBeGreaterThanOrEqual(40);
});
