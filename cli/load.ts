// `cap-conformance load`: builds k6 once (load/build-k6.ts), bundles the scenario
// (load/bundle.ts), runs it against a target (or against the embedded stack it starts), streams
// k6's output and answers k6's exit code. Every run is bounded: k6's own duration, and a hard
// kill timeout past it. With --instances N it runs N k6 processes with complementary execution
// segments (what k6-operator does with N runners) and merges them (load/merge/) into one verdict.
// Every k6 process also writes its raw samples (the merge and the charts over time read them) and
// k6's own web dashboard export (dashboard.html).
import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { ensureK6, K6Unavailable } from "../load/build-k6.ts";
import { bundleScenario } from "../load/bundle.ts";
import { durationMs } from "../load/lib/duration.ts";
import { renderJunit } from "../load/lib/junit.ts";
import { segmentFlags } from "../load/lib/segment.ts";
import { markdownVerdict } from "../load/lib/summary-markdown.ts";
import { textVerdict } from "../load/lib/summary-text.ts";
import { carrierTimeline } from "../load/merge/carrier-timeline.ts";
import { mergeRuns } from "../load/merge/merge.ts";
import { addCharts, writeReports } from "../load/merge/reports.ts";
import { SAMPLE_FILES } from "../load/merge/samples.ts";
import { LoadSummarySchema } from "../load/merge/summary-schema.ts";
import type { CarrierPoint } from "../load/merge/timeline.ts";
import { Target } from "../spec/target.ts";
import { exitCodeOf } from "../spec/verdict.ts";
import { type LoadArgs, parseLoadArgs, USAGE } from "./load-args.ts";
import { runK6Bounded } from "./run-k6.ts";

/** Setup, teardown and k6's graceful stops on top of the duration, before the hard kill. */
const OVERRUN_MS = 4 * 60_000;

export async function loadCommand(argv: string[]): Promise<number> {
  if (argv[0] === "merge") return (await import("./load-merge.ts")).loadMergeCommand(argv.slice(1));
  if (argv[0] === "k6") return (await import("./load-k6.ts")).loadK6Command(argv.slice(1));
  let args: LoadArgs;
  try {
    args = parseLoadArgs(argv);
  } catch (error) {
    console.error(`${message(error)}\n\n${USAGE}`);
    return 2;
  }

  const targetProblem = args.target ? checkTargetFile(resolve(args.target)) : undefined;
  if (targetProblem) {
    console.error(targetProblem);
    return 2;
  }

  let k6: string;
  try {
    const found = await ensureK6({ log: (line) => console.error(`[k6 build] ${line}`) });
    k6 = found.bin;
    const how = process.env.K6_BIN
      ? "K6_BIN"
      : found.buildMs === undefined
        ? "the cached build of these pins"
        : "built";
    console.error(`k6: ${k6} (${how})`);
  } catch (error) {
    console.error(message(error));
    return error instanceof K6Unavailable ? 2 : 1;
  }

  const scratch = mkdtempSync(join(tmpdir(), "cap-load-"));
  let stack: { close(): Promise<void> } | undefined;
  try {
    let targetPath: string;
    let target: Target;
    if (args.target) {
      targetPath = resolve(args.target);
      target = Target.parse(JSON.parse(readFileSync(targetPath, "utf8")));
    } else {
      const started = await startEmbeddedStack(args.minuteMs, args.keepAliveMs);
      stack = started;
      target = started.target;
      targetPath = join(scratch, "target.json");
      // The file holds credentials: readable by this user only, deleted when the run ends.
      writeFileSync(targetPath, JSON.stringify(started.target), { mode: 0o600 });
    }

    const script = await bundleScenario(args.scenario, scratch);
    // Under the current folder, as run's reports/out: where the user looks, never inside the package.
    const reportDir = resolve(args.reportDir ?? join("reports", "out", "load", args.scenario));
    const dirs = instanceDirs(reportDir, args.instances);
    for (const dir of [reportDir, ...dirs]) {
      mkdirSync(dir, { recursive: true });
      for (const stale of ["summary.json", "summary.md", ...SAMPLE_FILES]) rmSync(join(dir, stale), { force: true });
    }

    const env: NodeJS.ProcessEnv = {
      ...process.env,
      CAP_TARGET: targetPath,
      CAP_RUN_ID: `${Date.now().toString(36)}${randomBytes(2).toString("hex")}`,
      CAP_DURATION: args.duration,
      CAP_INSTANCES: String(args.instances),
      K6_NO_USAGE_REPORT: "true",
      ...dashboardEnv(args.duration),
      ...args.env,
      ...(args.region ? { CAP_REGION: args.region } : {}),
      // The soak's memory probe then measures this whole process, not the platform alone (load/README.md).
      ...(stack ? { CAP_EMBEDDED_STACK: "1" } : {}),
    };
    const limitMs = durationMs(args.duration) + OVERRUN_MS;
    const interrupt = watchInterrupt();
    const codes = await Promise.all(
      dirs.map((dir, i) => {
        const segment = args.instances > 1 ? segmentFlags(i + 1, args.instances) : [];
        // --address= turns off k6's REST API, which would otherwise take the fixed port 6565.
        const k6Args = ["run", "--address=", "--out", `json=${join(dir, SAMPLE_FILES[0]!)}`, ...segment, script];
        const instanceEnv = { ...env, CAP_REPORT_DIR: dir, K6_WEB_DASHBOARD_EXPORT: join(dir, "dashboard.html") };
        return runK6Bounded(k6, k6Args, instanceEnv, limitMs);
      }),
    );
    const interrupted = interrupt.stop();
    if (interrupted !== undefined) {
      for (const dir of dirs) markInterrupted(dir, interrupted);
      // k6 printed its verdict before it knew: say it again as the reports now do.
      if (args.instances === 1 && existsSync(join(reportDir, "summary.json"))) {
        console.log(
          textVerdict(
            LoadSummarySchema.parse(JSON.parse(readFileSync(join(reportDir, "summary.json"), "utf8"))),
            reportDir,
          ),
        );
      }
    }
    const carrier = await carrierTimeline(target.simulators?.carrier);
    const code =
      args.instances === 1
        ? await finishWhole(reportDir, codes[0]!, carrier)
        : await finishSplit(reportDir, dirs, codes, carrier);
    if (interrupted === undefined) return code;
    console.error(
      `load: ${interrupted}: the run did not finish; its reports say so (exit 2, not k6's ${codes.join(", ")})`,
    );
    return exitCodeOf("ERROR");
  } catch (error) {
    console.error(`load: ${message(error)}`);
    return 2;
  } finally {
    await stack?.close();
    rmSync(scratch, { recursive: true, force: true });
  }
}

/**
 * Notes a SIGINT or SIGTERM that reaches this process while k6 runs (run-k6.ts passes it on to k6): the run did
 * not finish, whatever k6's thresholds say. `stop` ends the watch and answers what interrupted it, if anything.
 */
function watchInterrupt(): { stop(): string | undefined } {
  let interrupted: string | undefined;
  const note = (signal: NodeJS.Signals) => {
    interrupted ??= `interrupted by ${signal}`;
  };
  for (const signal of ["SIGINT", "SIGTERM"] as const) process.on(signal, note);
  return {
    stop() {
      for (const signal of ["SIGINT", "SIGTERM"] as const) process.off(signal, note);
      return interrupted;
    },
  };
}

/** Marks the summary an interrupted k6 process wrote (if it wrote one), and its JUnit, as interrupted. */
function markInterrupted(dir: string, reason: string): void {
  const path = join(dir, "summary.json");
  if (!existsSync(path)) return;
  const summary = { ...LoadSummarySchema.parse(JSON.parse(readFileSync(path, "utf8"))), interrupted: reason };
  writeFileSync(path, `${JSON.stringify(summary, null, 2)}\n`);
  writeFileSync(join(dir, "junit.xml"), renderJunit(summary));
  writeFileSync(join(dir, "summary.md"), markdownVerdict(summary));
}

/** Answers what is wrong with the target file, or undefined when it is usable. */
function checkTargetFile(path: string): string | undefined {
  let raw: string;
  try {
    raw = readFileSync(path, "utf8");
  } catch (error) {
    return `cannot read the target file ${path}: ${(error as NodeJS.ErrnoException).code ?? message(error)}`;
  }
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    return `the target file ${path} is not valid JSON`;
  }
  const result = Target.safeParse(json);
  if (result.success) return undefined;
  // Issue paths and messages only: never the values, which include credentials.
  const lines = result.error.issues.map((i) => `  ${i.path.join(".") || "(root)"}: ${i.message}`);
  return `the target file ${path} does not match the target schema:\n${lines.join("\n")}`;
}

async function startEmbeddedStack(
  minuteMs: number,
  sseKeepAliveMs: number | undefined,
): Promise<{ target: Target; close(): Promise<void> }> {
  // Imported lazily: only a run without --target needs the reference platform in-process.
  // A scaled clock, as `run` uses: simulated calls last seconds, not minutes.
  const { startStack } = await import("../simulators/stack.ts");
  return startStack({ minuteMs, sseKeepAliveMs });
}

/** One directory per k6 process: the report directory itself, or DIR/instance-K for a split run. */
function instanceDirs(reportDir: string, instances: number): string[] {
  if (instances === 1) return [reportDir];
  return Array.from({ length: instances }, (_, i) => join(reportDir, `instance-${i + 1}`));
}

/**
 * k6's web dashboard, exported as one HTML file when the run ends; its HTTP server is off (port
 * -1), so nothing listens on its fixed port 5665. A point every 1-10 s: about 60 over a short run.
 */
function dashboardEnv(duration: string): NodeJS.ProcessEnv {
  const periodS = Math.min(10, Math.max(1, Math.round(durationMs(duration) / 60_000)));
  return { K6_WEB_DASHBOARD: "true", K6_WEB_DASHBOARD_PORT: "-1", K6_WEB_DASHBOARD_PERIOD: `${periodS}s` };
}

/** A whole run: k6's code (1 when only a finding failed), and its report.html again with charts. */
async function finishWhole(reportDir: string, code: number, carrier: CarrierPoint[]) {
  if (!existsSync(join(reportDir, "summary.json"))) return code;
  try {
    await addCharts(reportDir, carrier);
  } catch (error) {
    console.error(`load: report.html has no charts over time: ${message(error)}`);
  }
  if (code === 0 && findingsFailed(reportDir)) {
    console.error("k6 passed its thresholds but a finding failed (see the report): exit 1");
    return 1;
  }
  return code;
}

/**
 * A split run: the instances merged into DIR. Its code is that of an instance that could not run
 * (a script error, a signal), else 99 when a threshold is crossed (merged, or by one instance on
 * its own share), else 1 when a finding failed on the whole, else 0.
 */
async function finishSplit(
  reportDir: string,
  dirs: string[],
  codes: number[],
  carrier: CarrierPoint[],
): Promise<number> {
  const broken = codes.find((code) => code !== 0 && code !== 99);
  let merged: Awaited<ReturnType<typeof mergeRuns>>;
  try {
    merged = await mergeRuns(dirs);
  } catch (error) {
    console.error(`load: the instances could not be merged: ${message(error)}`);
    return broken ?? 2;
  }
  writeReports(reportDir, merged.summary, merged.samples, carrier);
  for (const dir of dirs) await addCharts(dir, carrier).catch(() => undefined);
  console.log(textVerdict(merged.summary, reportDir));
  console.log(`load: merged ${dirs.length} instances (their k6 exit codes: ${codes.join(", ")})`);
  if (broken !== undefined) return broken;
  if (merged.summary.thresholds.some((t) => !t.ok)) return 99;
  return merged.summary.passed ? 0 : 1;
}

function findingsFailed(reportDir: string): boolean {
  try {
    const summary = JSON.parse(readFileSync(join(reportDir, "summary.json"), "utf8")) as { passed?: boolean };
    return summary.passed === false;
  } catch {
    return false;
  }
}

function message(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
