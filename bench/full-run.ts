// The time to a verdict: a full `cap-conformance run --target` against a two-region `serve`, on loopback
// and with latency added to every response of the target (`--add-latency-ms`, the shaping proxy), in
// the same bench run. Each run's report says where its time went (report.json `traffic`), so the
// critical path is visible: requests to the target and the time awaiting them, the simulators, and the
// waits the spec itself sets (the 15 s keep-alive, the 5 s delivery limit, simulated minutes).
import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { type LaneTotals, laneEndMs, laneTotals } from "../reports/traffic.ts";
import type { Report } from "../spec/report.ts";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
/** A full run takes about 40 s on loopback and some minutes with 100 ms added; anything past this is stuck. */
const RUN_LIMIT_MS = 30 * 60_000;

export interface FullRunResult {
  addedLatencyMs: number;
  /** What the row is, when it is not a plain serve seen through `addedLatencyMs`. */
  label?: string;
  exitCode: number | null;
  /** report.json `run.duration_ms`: the suites, from the first file's start to the last one's end. */
  durationMs: number;
  summary: Report["summary"];
  lanes: LaneTotals[];
  /** report.json `run.started_at`, against which each lane's `ended_at` tells when it ended. */
  startedAt: string;
  /** Every clause's status, to compare verdicts across latencies. */
  statuses: Record<string, string>;
}

/** `cap-conformance run --target FILE [--add-latency-ms N]`, in its own process; resolves with its report. */
export async function measureFullRun(targetFile: string, addedLatencyMs: number, seed: number): Promise<FullRunResult> {
  const reportDir = mkdtempSync(join(tmpdir(), "cap-bench-run-"));
  const args = ["bin/cap-conformance.js", "run", "--target", targetFile, "--seed", String(seed), "--quiet"];
  args.push("--report-dir", reportDir);
  if (addedLatencyMs > 0) args.push("--add-latency-ms", String(addedLatencyMs));
  const exitCode = await new Promise<number | null>((resolve, reject) => {
    const child = spawn(process.execPath, args, { cwd: ROOT, stdio: ["ignore", "ignore", "inherit"] });
    const timer = setTimeout(() => child.kill("SIGKILL"), RUN_LIMIT_MS);
    child.once("error", reject);
    child.once("exit", (code) => {
      clearTimeout(timer);
      resolve(code);
    });
  });
  const reportFile = join(reportDir, "report.json");
  if (!existsSync(reportFile)) {
    throw new Error(
      `the run with ${addedLatencyMs} ms added wrote no report (exit ${exitCode}; limit ${RUN_LIMIT_MS} ms)`,
    );
  }
  const report = JSON.parse(readFileSync(reportFile, "utf8")) as Report;
  return {
    addedLatencyMs,
    exitCode,
    durationMs: report.run.duration_ms,
    summary: report.summary,
    lanes: laneTotals(report.traffic ?? []),
    startedAt: report.run.started_at,
    statuses: Object.fromEntries(report.clauses.map((clause) => [clause.id, clause.status])),
  };
}

/** Clauses whose status differs from the loopback run's. */
export function changedVerdicts(loopback: FullRunResult, other: FullRunResult): string[] {
  return Object.keys(loopback.statuses).filter((id) => loopback.statuses[id] !== other.statuses[id]);
}

const s = (ms: number) => (ms / 1000).toFixed(1);

/** Markdown rows: one per run, each lane's requests and time, and the ratio to the loopback run. */
export function fullRunRows(runs: FullRunResult[]): string[] {
  const loopback = runs[0]!;
  const LANES = ["shared", "exclusive", "background"] as const;
  const lanes = (run: FullRunResult) => LANES.map((name) => run.lanes.find((l) => l.lane === name)!);
  const each = (run: FullRunResult, value: (lane: LaneTotals) => number, format: (n: number) => string = String) =>
    lanes(run)
      .map((lane) => format(value(lane)))
      .join(" / ");
  const rows = [
    "| full run, two-region serve | run s | ratio to loopback | requests to the target (shared / exclusive / background) | awaiting the target s | simulators: requests | simulators s | waits s | lane time s (shared summed over its files) | lane ended, s into the run | verdict |",
    "|---|---|---|---|---|---|---|---|---|---|---|",
  ];
  for (const run of runs) {
    const changed = run === loopback ? [] : changedVerdicts(loopback, run);
    const verdict =
      `exit ${run.exitCode}, ${run.summary.passed} passed, ${run.summary.failed} failed, ${run.summary.errored} errored` +
      (run === loopback ? "" : changed.length === 0 ? ", same as loopback" : `, differs: ${changed.join(", ")}`);
    rows.push(
      `| ${run.label ?? (run.addedLatencyMs === 0 ? "loopback" : `+${run.addedLatencyMs} ms per response`)} | ${s(run.durationMs)} | ` +
        `${(run.durationMs / loopback.durationMs).toFixed(2)} | ${each(run, (l) => l.requests)} | ` +
        `${each(run, (l) => l.network_ms, s)} | ${each(run, (l) => l.helper_requests)} | ${each(run, (l) => l.helper_ms, s)} | ` +
        `${each(run, (l) => l.waits_ms, s)} | ${each(run, (l) => l.duration_ms, s)} | ` +
        `${each(run, (l) => laneEndMs(l, run.startedAt) ?? Number.NaN, s)} | ${verdict} |`,
    );
  }
  return rows;
}
