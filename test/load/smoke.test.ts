// Each scenario as a short smoke through the CLI, thresholds enforced: exit 0 and a passing
// summary, or the exit code k6 gives for crossed thresholds (99) against a failing server.
// The scenarios run against the embedded reference platform (startStack) with a 2 s keep-alive,
// so a smoke of a few seconds sees keep-alives; test/load/stand-in.ts plays a failing server and a
// planted fault a platform whose keep-alives come late. Each smoke stays within 20 s of k6 time.
import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadCommand } from "../../cli/load.ts";
import { ensureK6, REPO_ROOT } from "../../load/build-k6.ts";
import type { LoadSummary } from "../../load/lib/summary-data.ts";
import { startStack } from "../../simulators/stack.ts";
import { until } from "../helpers/until.ts";
import { BUILD_TIMEOUT_MS, K6_RUNNABLE } from "./k6-available.ts";
import { startStandIn } from "./stand-in.ts";

const RUN_TIMEOUT_MS = 60_000;
const KEEPALIVE_MS = 2_000;

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
    platform = await serve("platform", startStack({ minuteMs: 50, sseKeepAliveMs: KEEPALIVE_MS }));
  }, BUILD_TIMEOUT_MS);

  afterAll(async () => {
    for (const close of closers) await close();
    rmSync(dir, { recursive: true, force: true });
  });

  interface RunOptions {
    /** CAP_* variables, set for this run only. */
    env?: Record<string, string>;
    args?: string[];
    reports?: string;
  }

  async function run(scenario: string, duration: string, target: string, o: RunOptions = {}) {
    // The smokes prove that thresholds gate a run, not how fast this machine is: API p95 is bounded at
    // 2 s (the default is 500 ms), which a busy CI start, where p95 has reached 584 ms, does not cross.
    const env = { CAP_P95_MS: "2000", ...o.env };
    const saved = Object.fromEntries(Object.keys(env).map((k) => [k, process.env[k]]));
    Object.assign(process.env, env);
    try {
      const reports = join(dir, o.reports ?? scenario);
      const argv = ["--scenario", scenario, "--target", target, "--duration", duration, "--report-dir", reports];
      return await loadCommand([...argv, ...(o.args ?? [])]);
    } finally {
      for (const [k, v] of Object.entries(saved)) {
        if (v === undefined) delete process.env[k];
        else process.env[k] = v;
      }
    }
  }

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

  const thresholdOf = (summary: LoadSummary, metric: string) => summary.thresholds.find((t) => t.metric === metric);

  it(
    "api-mix holds its thresholds on the reference platform, none of its iterations dropped",
    async () => {
      expect(await run("api-mix", "5s", platform)).toBe(0);
      const summary = expectPassed("api-mix", "r1");
      expect(summary.metrics.iterations?.values.count).toBeGreaterThanOrEqual(40);
      expect(thresholdOf(summary, "dropped_iterations")).toMatchObject({ expression: "count==0", ok: true });
    },
    RUN_TIMEOUT_MS,
  );

  it(
    "streams holds many streams per VU and measures replies, frames, keep-alives and snapshot-first reconnects",
    async () => {
      // 3 conversations x (1 sender + 3 subscribers) = 12 streams on 2 VUs. Holds of 2.5-3.5 s make
      // every short-lived subscriber reconnect within the 8 s run; a 3 s reply timeout leaves 5 s of posting.
      const env = {
        CAP_KEEPALIVE_MS: String(KEEPALIVE_MS),
        CAP_REPLY_TIMEOUT_MS: "3000",
        CAP_STREAM_HOLD_MIN_MS: "2500",
        CAP_STREAM_HOLD_MAX_MS: "3500",
      };
      expect(await run("streams", "8s", platform, { env, args: ["--vus", "2"] })).toBe(0);
      const summary = expectPassed("streams", "r1");
      const m = summary.metrics;
      expect(m.vus_max?.values.value).toBe(2);
      expect(m.stream_snapshot_first?.values.passes).toBeGreaterThanOrEqual(12);
      expect(m.assistant_reply_ms?.values.count).toBeGreaterThan(0);
      expect(m.stream_frames?.values.count).toBeGreaterThan(0);
      expect(m.stream_reconnects?.values.count).toBeGreaterThan(0);
      expect(m.stream_snapshot_first?.values.rate).toBe(1);
      expect(m.stream_snapshot_on_reconnect?.values.rate).toBe(1);
      // The whole-run subscribers saw keep-alives, never more than the interval plus slack apart.
      expect(m.stream_keepalives?.values.count).toBeGreaterThan(0);
      expect(m.stream_longest_silence_ms?.values.max).toBeGreaterThan(KEEPALIVE_MS / 2);
      expect(thresholdOf(summary, "stream_longest_silence_ms")).toMatchObject({ expression: "max<3000", ok: true });
      expect(summary.findings).toContainEqual(
        expect.objectContaining({
          name: "messages posted at the asked rate",
          ok: true,
          detail: expect.stringMatching(/ 10 due /),
        }),
      );
      // Stream lifetimes are tagged apart: API latency stays a latency, below the longest stream's life.
      const streamLife = m.http_req_duration?.values.max ?? 0;
      expect(streamLife).toBeGreaterThan(2_000);
      expect(m["http_req_duration{kind:api}"]?.values.max).toBeLessThan(streamLife);
    },
    RUN_TIMEOUT_MS,
  );

  it(
    "streams fails (k6 exit 99) when the platform's keep-alives come later than the interval",
    async () => {
      // The planted fault doubles the interval: 1.5 s asked, 3 s sent, 2.5 s allowed.
      const late = await serve(
        "late",
        startStack({ minuteMs: 50, sseKeepAliveMs: 1_500, faults: ["sse-keepalive-30s"] }),
      );
      const env = { CAP_KEEPALIVE_MS: "1500", CAP_REPLY_TIMEOUT_MS: "2000" };
      expect(await run("streams", "6s", late, { env, reports: "late" })).toBe(99);
      const summary = summaryOf("late");
      expect(summary.passed).toBe(false);
      expect(thresholdOf(summary, "stream_longest_silence_ms")).toMatchObject({ expression: "max<2500", ok: false });
    },
    RUN_TIMEOUT_MS,
  );

  it(
    "soak compares its first and last windows on the reference platform",
    async () => {
      // Ten seconds give two-second windows: the smoke proves the mechanism (drift.test.ts its
      // limits), so latency may vary more here than in a real soak: on a CI machine whose other
      // tests start or end during it, two-second windows have differed 4.7 times. A message a
      // second with a 1.5 s reply timeout puts replies in the last window too.
      const env = {
        CAP_DRIFT_LATENCY: "50",
        CAP_KEEPALIVE_MS: String(KEEPALIVE_MS),
        CAP_REPLY_TIMEOUT_MS: "1500",
        CAP_MESSAGE_EVERY_S: "1",
      };
      expect(await run("soak", "10s", platform, { env })).toBe(0);
      const summary = expectPassed("soak", "r1");
      const measured = summary.findings.filter((f) => !f.warning).map((f) => f.name);
      expect(measured).toEqual(
        expect.arrayContaining([
          "drift http_req_duration kind:api",
          "drift http_req_failed kind:api",
          "drift assistant_reply_ms",
          "drift session_completed_ms",
          "drift server_memory_bytes",
        ]),
      );
      expect(summary.metrics.stream_keepalives?.values.count).toBeGreaterThan(0);
    },
    RUN_TIMEOUT_MS,
  );

  it(
    "calls times outbound calls and batches to their webhooks and gates the carrier's peak during the run",
    async () => {
      expect(await run("calls", "5s", platform)).toBe(0);
      const summary = expectPassed("calls", "r1");
      expect(summary.metrics.session_completed_ms?.values.count).toBeGreaterThan(0);
      expect(summary.metrics.batch_completed?.values.passes).toBeGreaterThan(0);
      expect(summary.metrics.carrier_peak_concurrency?.values.value).toBeGreaterThan(0);
      const peak = summary.findings.find((f) => f.name === "carrier peak concurrency during the run");
      expect(peak).toMatchObject({ ok: true });
      expect(peak?.warning).toBeUndefined();
      expect(peak?.detail).toMatch(/^peak of \d+ concurrent calls for \d+ placed \(at most \d+: /);
    },
    RUN_TIMEOUT_MS,
  );

  it(
    "fails (k6 exit 99) when the server breaks the error threshold",
    async () => {
      const failing = await serve("failing", startStandIn({ failEvery: 10 }));
      expect(await run("api-mix", "3s", failing, { reports: "failing" })).toBe(99);
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

  it(
    "stops k6 when the load command gets SIGTERM, exits 2 and marks the report interrupted",
    async () => {
      const reports = mkdtempSync(join(tmpdir(), "cap-load-interrupted-"));
      const child = spawn(
        process.execPath,
        [join(REPO_ROOT, "bin", "cap-conformance.js"), "load", "--scenario", "api-mix", "--target", platform].concat([
          "--report-dir",
          reports,
        ]),
        { stdio: ["ignore", "pipe", "pipe"] },
      );
      child.stdout.resume();
      const exited = new Promise<number | null>((resolve) => child.on("close", resolve));
      const k6Pid = await new Promise<number>((resolve, reject) => {
        let said = "";
        const timer = setTimeout(() => reject(new Error(`k6 did not start: ${said}`)), 45_000);
        child.stderr.on("data", (chunk) => {
          said += chunk;
          const pid = /load: k6 running \(pid (\d+)\)/.exec(said)?.[1];
          if (pid) {
            clearTimeout(timer);
            resolve(Number(pid));
          }
        });
      });
      // Interrupted once load is going: k6 has written samples, so it ends with a summary of what ran.
      const samples = join(reports, "samples.json.gz");
      await until(() => existsSync(samples) && statSync(samples).size > 0, 45_000, "k6's first samples");
      child.kill("SIGTERM");
      const bounded = new Promise<"timeout">((resolve) => setTimeout(() => resolve("timeout"), 40_000).unref());
      // The run did not do its job: ERROR, exit 2 (k6 itself exits 105), and every report says so.
      expect(await Promise.race([exited, bounded])).toBe(2);
      expect(() => process.kill(k6Pid, 0), "k6 is gone").toThrow();
      const summary = JSON.parse(readFileSync(join(reports, "summary.json"), "utf8")) as { interrupted?: string };
      expect(summary.interrupted).toBe("interrupted by SIGTERM");
      expect(readFileSync(join(reports, "junit.xml"), "utf8")).toContain(
        '<testcase classname="load.api-mix" name="the run did not finish">',
      );
      expect(readFileSync(join(reports, "report.html"), "utf8")).toContain(
        '<span class="verdict fail">INTERRUPTED</span>',
      );
    },
    RUN_TIMEOUT_MS,
  );
});
