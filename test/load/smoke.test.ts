// Each scenario as a short smoke through the CLI, thresholds enforced: exit 0 and a passing
// summary, or the exit code k6 gives for crossed thresholds (99) against a failing server.
//
// TODO(lead): these run against test/load/stand-in.ts because the reference platform has no
// tools, conversation or call endpoints yet. Once startStack() serves them, replace
// startStandIn() with startStack() from simulators/stack.ts (same { target, close } shape).
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadCommand } from "../../cli/load.ts";
import { ensureK6 } from "../../load/build-k6.ts";
import type { LoadSummary } from "../../load/lib/summary-data.ts";
import { BUILD_TIMEOUT_MS, K6_RUNNABLE } from "./k6-available.ts";
import { type StandIn, startStandIn } from "./stand-in.ts";

const RUN_TIMEOUT_MS = 60_000;

describe.skipIf(!K6_RUNNABLE)("load smoke (k6)", () => {
  const dir = mkdtempSync(join(tmpdir(), "cap-load-smoke-"));
  let standIn: StandIn;
  const targetFile = join(dir, "target.json");

  beforeAll(async () => {
    await ensureK6({ log: (line) => console.log(`[k6 build] ${line}`) });
    standIn = await startStandIn();
    writeFileSync(targetFile, JSON.stringify(standIn.target), { mode: 0o600 });
  }, BUILD_TIMEOUT_MS);

  afterAll(async () => {
    await standIn?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const run = (scenario: string, duration: string, target = targetFile, reports = join(dir, scenario)) =>
    loadCommand(["--scenario", scenario, "--target", target, "--duration", duration, "--report-dir", reports]);

  const summaryOf = (scenario: string): LoadSummary =>
    JSON.parse(readFileSync(join(dir, scenario, "summary.json"), "utf8")) as LoadSummary;

  it.each([
    ["api-mix", "5s"],
    ["streams", "6s"],
    ["calls", "5s"],
  ])(
    "%s holds its thresholds and writes its reports",
    async (scenario, duration) => {
      expect(await run(scenario, duration)).toBe(0);
      const summary = summaryOf(scenario);
      expect(summary).toMatchObject({ scenario, passed: true, region: "stand-in" });
      expect(summary.thresholds.length).toBeGreaterThanOrEqual(3);
      expect(summary.checks.every((c) => c.fails === 0)).toBe(true);
      expect(readFileSync(join(dir, scenario, "junit.xml"), "utf8")).toContain(`name="load.${scenario}"`);
      expect(readFileSync(join(dir, scenario, "report.html"), "utf8")).toContain("PASSED");
    },
    RUN_TIMEOUT_MS,
  );

  it("streams measures replies, frames, keep-alives and snapshot-first reconnects", () => {
    const m = summaryOf("streams").metrics;
    expect(m.assistant_reply_ms?.values.count).toBeGreaterThan(0);
    expect(m.stream_frames?.values.count).toBeGreaterThan(0);
    expect(m.stream_keepalives?.values.count).toBeGreaterThan(0);
    expect(m.stream_snapshot_first?.values.rate).toBe(1);
    // Stream lifetimes are tagged apart: API latency stays a latency.
    expect(m["http_req_duration{kind:api}"]?.values.max).toBeLessThan(1_000);
  });

  it("calls reads the carrier's peak concurrency from its witness", () => {
    const summary = summaryOf("calls");
    expect(summary.metrics.carrier_peak_concurrency?.values.value).toBeGreaterThan(0);
    expect(summary.findings[0]?.detail).toMatch(/^\d+ calls at once$/);
  });

  it(
    "soak compares its first and last windows",
    async () => {
      // Ten seconds give two-second windows: the smoke proves the mechanism (drift.test.ts its
      // limits), so latency and memory may vary more here than in a real soak.
      process.env.CAP_DRIFT_LATENCY = "3";
      process.env.CAP_DRIFT_MEMORY = "2";
      try {
        expect(await run("soak", "10s")).toBe(0);
      } finally {
        delete process.env.CAP_DRIFT_LATENCY;
        delete process.env.CAP_DRIFT_MEMORY;
      }
      const findings = summaryOf("soak").findings;
      const measured = findings.filter((f) => f.detail !== "not measured in both windows").map((f) => f.name);
      expect(measured).toEqual(
        expect.arrayContaining([
          "drift http_req_duration kind:api",
          "drift http_req_failed kind:api",
          "drift server_memory_bytes",
        ]),
      );
    },
    RUN_TIMEOUT_MS,
  );

  it(
    "fails (k6 exit 99) when the server breaks the error threshold",
    async () => {
      const failing = await startStandIn({ failEvery: 10 });
      const file = join(dir, "failing-target.json");
      writeFileSync(file, JSON.stringify(failing.target), { mode: 0o600 });
      try {
        expect(await run("api-mix", "3s", file, join(dir, "failing"))).toBe(99);
      } finally {
        await failing.close();
      }
      const summary = JSON.parse(readFileSync(join(dir, "failing", "summary.json"), "utf8")) as LoadSummary;
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
