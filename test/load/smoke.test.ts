// Each scenario as a short smoke through the CLI, thresholds enforced: exit 0 and a passing
// summary, or the exit code k6 gives for crossed thresholds (99) against a failing server.
// The scenarios run against the embedded reference platform (startStack); test/load/stand-in.ts plays a
// failing server for the threshold check.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
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

describe.skipIf(!K6_RUNNABLE)("load smoke (k6)", () => {
  const dir = mkdtempSync(join(tmpdir(), "cap-load-smoke-"));
  const closers: Array<() => Promise<void>> = [];

  /** Writes a target file for a started server; it is closed after the file's tests. */
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
    platform = await serve("platform", startStack({ minuteMs: 50 }));
  }, BUILD_TIMEOUT_MS);

  afterAll(async () => {
    for (const close of closers) await close();
    rmSync(dir, { recursive: true, force: true });
  });

  const run = (scenario: string, duration: string, target: string, reports = join(dir, scenario)) =>
    loadCommand(["--scenario", scenario, "--target", target, "--duration", duration, "--report-dir", reports]);

  const summaryOf = (reports: string): LoadSummary =>
    JSON.parse(readFileSync(join(dir, reports, "summary.json"), "utf8")) as LoadSummary;

  function expectPassed(scenario: string, region: string): LoadSummary {
    const summary = summaryOf(scenario);
    expect(summary).toMatchObject({ scenario, passed: true, region });
    expect(summary.thresholds.length).toBeGreaterThanOrEqual(3);
    expect(summary.checks.every((c) => c.fails === 0)).toBe(true);
    expect(readFileSync(join(dir, scenario, "junit.xml"), "utf8")).toContain(`name="load.${scenario}"`);
    expect(readFileSync(join(dir, scenario, "report.html"), "utf8")).toContain("PASSED");
    return summary;
  }

  it(
    "api-mix holds its thresholds on the reference platform",
    async () => {
      expect(await run("api-mix", "5s", platform)).toBe(0);
      const m = expectPassed("api-mix", "r1").metrics;
      expect(m.iterations?.values.count).toBeGreaterThanOrEqual(40);
    },
    RUN_TIMEOUT_MS,
  );

  it(
    "streams measures replies, frames and snapshot-first reconnects on the reference platform",
    async () => {
      // Holds of 2.5-3.5 s make every subscriber reconnect within the 7 s run, whatever the machine's load.
      process.env.CAP_STREAM_HOLD_MIN_MS = "2500";
      process.env.CAP_STREAM_HOLD_MAX_MS = "3500";
      try {
        expect(await run("streams", "7s", platform)).toBe(0);
      } finally {
        delete process.env.CAP_STREAM_HOLD_MIN_MS;
        delete process.env.CAP_STREAM_HOLD_MAX_MS;
      }
      const m = expectPassed("streams", "r1").metrics;
      expect(m.assistant_reply_ms?.values.count).toBeGreaterThan(0);
      expect(m.stream_frames?.values.count).toBeGreaterThan(0);
      expect(m.stream_reconnects?.values.count).toBeGreaterThan(0);
      expect(m.stream_snapshot_first?.values.rate).toBe(1);
      expect(m.stream_snapshot_on_reconnect?.values.rate).toBe(1);
      // Stream lifetimes are tagged apart: API latency stays a latency.
      expect(m["http_req_duration{kind:api}"]?.values.max).toBeLessThan(1_000);
      expect(m.http_req_duration?.values.max).toBeGreaterThan(2_000);
    },
    RUN_TIMEOUT_MS,
  );

  it(
    "soak compares its first and last windows on the reference platform",
    async () => {
      // Ten seconds give two-second windows: the smoke proves the mechanism (drift.test.ts its
      // limits), so latency may vary more here than in a real soak.
      process.env.CAP_DRIFT_LATENCY = "3";
      try {
        expect(await run("soak", "10s", platform)).toBe(0);
      } finally {
        delete process.env.CAP_DRIFT_LATENCY;
      }
      const measured = expectPassed("soak", "r1")
        .findings.filter((f) => f.detail !== "not measured in both windows")
        .map((f) => f.name);
      expect(measured).toEqual(
        expect.arrayContaining([
          "drift http_req_duration kind:api",
          "drift http_req_failed kind:api",
          "drift assistant_reply_ms",
          "drift session_completed_ms",
          "drift server_memory_bytes",
        ]),
      );
    },
    RUN_TIMEOUT_MS,
  );

  it(
    "calls times outbound calls and batches and reads the carrier's peak concurrency",
    async () => {
      expect(await run("calls", "5s", platform)).toBe(0);
      const summary = expectPassed("calls", "r1");
      expect(summary.metrics.session_completed_ms?.values.count).toBeGreaterThan(0);
      expect(summary.metrics.batch_completed?.values.passes).toBeGreaterThan(0);
      expect(summary.metrics.carrier_peak_concurrency?.values.value).toBeGreaterThan(0);
      expect(summary.findings.at(-1)?.detail).toMatch(/^peak of \d+ concurrent calls$/);
    },
    RUN_TIMEOUT_MS,
  );

  it(
    "fails (k6 exit 99) when the server breaks the error threshold",
    async () => {
      const failing = await serve("failing", startStandIn({ failEvery: 10 }));
      expect(await run("api-mix", "3s", failing, join(dir, "failing"))).toBe(99);
      const summary = summaryOf("failing");
      expect(summary.passed).toBe(false);
      expect(summary.thresholds).toContainEqual({
        metric: "http_req_failed{kind:api}",
        expression: "rate<0.01",
        ok: false,
      });
    },
    RUN_TIMEOUT_MS,
  );
});
