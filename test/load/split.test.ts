// `load --instances 2`: two k6 processes with complementary execution segments (what k6-operator
// does with two runners) against one target, merged into one verdict. The merged figures are the
// instances' totals (requests, streams, calls placed), every instance names what it creates with
// its own id, and a threshold crossed by one instance fails the merged run (exit 99).
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadCommand } from "../../cli/load.ts";
import { ensureK6 } from "../../load/build-k6.ts";
import type { LoadSummary } from "../../load/lib/summary-data.ts";
import { startStack } from "../../simulators/stack.ts";
import { BUILD_TIMEOUT_MS, K6_RUNNABLE } from "./k6-available.ts";
import { startStandIn } from "./stand-in.ts";

const RUN_TIMEOUT_MS = 60_000;
const KEEPALIVE_MS = 2_000;

describe.skipIf(!K6_RUNNABLE)("load split over two k6 processes", () => {
  const dir = mkdtempSync(join(tmpdir(), "cap-load-split-"));
  const closers: Array<() => Promise<void>> = [];

  async function serve(name: string, started: Promise<{ target: object; close(): Promise<void> }>) {
    const server = await started;
    closers.push(() => server.close());
    const file = join(dir, `${name}-target.json`);
    writeFileSync(file, JSON.stringify(server.target), { mode: 0o600 });
    return file;
  }

  let platform = "";
  beforeAll(async () => {
    await ensureK6({ log: (line) => console.log(`[k6 build] ${line}`) });
    platform = await serve("platform", startStack({ minuteMs: 50, sseKeepAliveMs: KEEPALIVE_MS }));
  }, BUILD_TIMEOUT_MS);

  afterAll(async () => {
    for (const close of closers) await close();
    rmSync(dir, { recursive: true, force: true });
  });

  async function split(
    scenario: string,
    duration: string,
    target: string,
    env: Record<string, string> = {},
    args: string[] = [],
  ) {
    const saved = Object.fromEntries(Object.keys(env).map((k) => [k, process.env[k]]));
    Object.assign(process.env, env);
    try {
      const reports = join(dir, `${scenario}-${Object.keys(env).length}-${args.length}`);
      const argv = ["--scenario", scenario, "--target", target, "--duration", duration, "--instances", "2"];
      const code = await loadCommand([...argv, "--report-dir", reports, ...args]);
      const read = (sub: string) => JSON.parse(readFileSync(join(reports, sub, "summary.json"), "utf8")) as LoadSummary;
      return { code, reports, merged: read("."), parts: [read("instance-1"), read("instance-2")] };
    } finally {
      for (const [k, v] of Object.entries(saved)) {
        if (v === undefined) delete process.env[k];
        else process.env[k] = v;
      }
    }
  }

  /** The merged count of a metric, and the sum of the instances' own counts. */
  function totals(merged: LoadSummary, parts: LoadSummary[], metric: string, stat = "count") {
    return [
      merged.metrics[metric]?.values[stat],
      parts.reduce((sum, p) => sum + (p.metrics[metric]?.values[stat] ?? 0), 0),
    ];
  }

  it(
    "api-mix: two halves of the rate, merged requests and iterations equal the instances' totals",
    async () => {
      const { code, reports, merged, parts } = await split("api-mix", "4s", platform);
      expect(code).toBe(0);
      expect(merged.passed).toBe(true);
      expect(parts.map((p) => p.instance)).toEqual([
        { index: 1, count: 2, segment: "0:1/2" },
        { index: 2, count: 2, segment: "1/2:1" },
      ]);
      expect(merged.merged?.map((m) => m.passed)).toEqual([true, true]);
      for (const metric of ["http_reqs", "iterations", "http_req_duration{kind:api}"]) {
        const [all, sum] = totals(merged, parts, metric);
        expect(all, metric).toBe(sum);
      }
      // Each half ran about half the 10/s asked for 4 s.
      for (const part of parts) expect(part.metrics.iterations?.values.count).toBeGreaterThanOrEqual(15);
      expect(merged.thresholds.find((t) => t.metric === "dropped_iterations")).toMatchObject({ ok: true });
      expect(readFileSync(join(reports, "report.html"), "utf8")).toContain("<h2>Over time</h2>");
      // k6's own web dashboard, exported per instance.
      expect(existsSync(join(reports, "instance-1", "dashboard.html"))).toBe(true);
    },
    RUN_TIMEOUT_MS,
  );

  it(
    "streams: each instance drives its own conversations; merged streams and messages are the totals",
    async () => {
      const env = {
        CAP_KEEPALIVE_MS: String(KEEPALIVE_MS),
        CAP_REPLY_TIMEOUT_MS: "2000",
        CAP_STREAM_HOLD_MIN_MS: "2000",
        CAP_STREAM_HOLD_MAX_MS: "2500",
      };
      const args = ["--conversations", "4", "--subscribers", "2", "--vus", "2"];
      const { code, merged, parts } = await split("streams", "6s", platform, env, args);
      expect(code, JSON.stringify(merged.findings)).toBe(0);
      // 2 conversations per instance, started by its own setup.
      for (const part of parts) {
        expect(part.checks.find((c) => c.name === "message.post: accepted (2xx)")?.passes).toBeGreaterThanOrEqual(2);
        expect(part.judge).toMatchObject({ scenario: "streams", share: 0.5 });
      }
      for (const metric of ["stream_snapshot_first", "stream_frames", "messages_posted", "assistant_reply_ms"]) {
        const stat = metric === "stream_snapshot_first" ? "passes" : "count";
        const [all, sum] = totals(merged, parts, metric, stat);
        expect(all, metric).toBe(sum);
      }
      // 4 conversations x (1 sender + 2 subscribers) streams opened at least once.
      expect(merged.metrics.stream_snapshot_first?.values.passes).toBeGreaterThanOrEqual(12);
      expect(merged.findings).toContainEqual(
        expect.objectContaining({
          name: "messages posted at the asked rate",
          ok: true,
          detail: expect.stringMatching(/ 8 due \(2\/s/),
        }),
      );
    },
    RUN_TIMEOUT_MS,
  );

  it(
    "calls: merged calls placed are the totals, the carrier's peak judged once for the whole run",
    async () => {
      const { code, merged, parts } = await split("calls", "4s", platform);
      expect(code, JSON.stringify(merged.findings)).toBe(0);
      const [all, sum] = totals(merged, parts, "calls_placed");
      expect(all).toBe(sum);
      expect(all).toBeGreaterThan(0);
      const peaks = parts.map((p) => p.metrics.carrier_peak_concurrency?.values.value ?? 0);
      expect(merged.metrics.carrier_peak_concurrency?.values.max).toBe(Math.max(...peaks));
      const findings = merged.findings.filter((f) => f.name === "carrier peak concurrency during the run");
      expect(findings).toHaveLength(1);
      expect(findings[0]).toMatchObject({ ok: true });
      expect(findings[0]!.detail).toContain(`for ${all} placed`);
    },
    RUN_TIMEOUT_MS,
  );

  it(
    "a threshold crossed by one instance fails the merged verdict (exit 99)",
    async () => {
      // Only the second instance's resources (named k6-<run>-i2-...) fail.
      const failing = await serve("failing", startStandIn({ failNamesContaining: "-i2-" }));
      const { code, merged, parts } = await split("api-mix", "3s", failing);
      expect(code).toBe(99);
      expect(parts.map((p) => p.passed)).toEqual([true, false]);
      expect(merged.passed).toBe(false);
      expect(merged.thresholds).toContainEqual({
        metric: "http_req_failed{kind:api}",
        expression: "rate<0.01",
        ok: false,
        instance: 2,
      });
    },
    RUN_TIMEOUT_MS,
  );
});
