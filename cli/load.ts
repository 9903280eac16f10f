// `cap-conformance load`: builds k6 once (load/build-k6.ts), bundles the scenario
// (load/bundle.ts), runs it against a target (or against the embedded stack it starts), streams
// k6's output and answers k6's exit code. Every run is bounded: k6's own duration, and a hard
// kill timeout past it.
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { parseArgs } from "node:util";
import { ensureK6, K6Unavailable, REPO_ROOT } from "../load/build-k6.ts";
import { bundleScenario, scenarioNames } from "../load/bundle.ts";
import { durationMs } from "../load/lib/duration.ts";
import { Target } from "../spec/target.ts";

const USAGE = `usage: cap-conformance load --scenario NAME [--target target.json] [--duration 30s]
                             [--rate N] [--vus N] [--region NAME] [--report-dir DIR] [--minute-ms N]
  --scenario    one of: ${scenarioNames().join(", ")}
  --target      target file; without it the embedded reference platform and simulators are started
  --duration    how long the load runs (k6 duration: 30s, 5m, 1h)
  --rate        iterations (api-mix, soak), messages (streams) or calls (calls) per second
  --vus         the most virtual users a scenario may use
  --region      the target region to load (default: the first)
  --report-dir  where summary.json, junit.xml and report.html go (default reports/out/load/<scenario>)
  --minute-ms   without --target: real milliseconds per simulated minute of the embedded stack (default 50)
Environment: K6_BIN uses that k6 (it must list k6/x/sse in \`k6 version\`) instead of building one.`;

/** Setup, teardown and k6's graceful stops on top of the duration, before the hard kill. */
const OVERRUN_MS = 4 * 60_000;
/** After SIGINT, how long k6 gets to write its summary before SIGKILL. */
const INTERRUPT_GRACE_MS = 15_000;

interface LoadArgs {
  scenario: string;
  target?: string;
  duration: string;
  rate?: string;
  vus?: string;
  region?: string;
  reportDir?: string;
  minuteMs: number;
}

export async function loadCommand(argv: string[]): Promise<number> {
  let args: LoadArgs;
  try {
    args = parse(argv);
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
    k6 = (await ensureK6({ log: (line) => console.error(`[k6 build] ${line}`) })).bin;
  } catch (error) {
    console.error(message(error));
    return error instanceof K6Unavailable ? 2 : 1;
  }

  const scratch = mkdtempSync(join(tmpdir(), "cap-load-"));
  let stack: { close(): Promise<void> } | undefined;
  try {
    let targetPath: string;
    if (args.target) {
      targetPath = resolve(args.target);
    } else {
      const started = await startEmbeddedStack(args.minuteMs);
      stack = started;
      targetPath = join(scratch, "target.json");
      // The file holds credentials: readable by this user only, deleted when the run ends.
      writeFileSync(targetPath, JSON.stringify(started.target), { mode: 0o600 });
    }

    const script = await bundleScenario(args.scenario);
    const reportDir = resolve(args.reportDir ?? join(REPO_ROOT, "reports", "out", "load", args.scenario));
    mkdirSync(reportDir, { recursive: true });
    rmSync(join(reportDir, "summary.json"), { force: true });

    const env: NodeJS.ProcessEnv = {
      ...process.env,
      CAP_TARGET: targetPath,
      CAP_RUN_ID: `${Date.now().toString(36)}${randomBytes(2).toString("hex")}`,
      CAP_DURATION: args.duration,
      CAP_REPORT_DIR: reportDir,
      K6_NO_USAGE_REPORT: "true",
      ...(args.rate ? { CAP_RATE: args.rate } : {}),
      ...(args.vus ? { CAP_VUS: args.vus } : {}),
      ...(args.region ? { CAP_REGION: args.region } : {}),
    };
    // --address= turns off k6's REST API, which would otherwise take the fixed port 6565.
    const code = await runBounded(k6, ["run", "--address=", script], env, durationMs(args.duration) + OVERRUN_MS);
    if (code === 0 && findingsFailed(reportDir)) {
      console.error("k6 passed its thresholds but a finding failed (see the report): exit 1");
      return 1;
    }
    return code;
  } catch (error) {
    console.error(`load: ${message(error)}`);
    return 2;
  } finally {
    await stack?.close();
    rmSync(scratch, { recursive: true, force: true });
  }
}

function parse(argv: string[]): LoadArgs {
  const { values } = parseArgs({
    args: argv,
    options: {
      scenario: { type: "string" },
      target: { type: "string" },
      duration: { type: "string", default: "30s" },
      rate: { type: "string" },
      vus: { type: "string" },
      region: { type: "string" },
      "report-dir": { type: "string" },
      "minute-ms": { type: "string", default: "50" },
    },
    strict: true,
    allowPositionals: false,
  });
  if (!values.scenario) throw new Error("--scenario is required");
  if (!scenarioNames().includes(values.scenario)) {
    throw new Error(`unknown scenario "${values.scenario}"; known: ${scenarioNames().join(", ")}`);
  }
  durationMs(values.duration); // throws on a malformed duration
  for (const [flag, value] of [
    ["--rate", values.rate],
    ["--vus", values.vus],
    ["--minute-ms", values["minute-ms"]],
  ] as const) {
    if (value !== undefined && !/^[1-9]\d*$/.test(value)) throw new Error(`${flag} must be a positive integer`);
  }
  return {
    scenario: values.scenario,
    target: values.target,
    duration: values.duration,
    rate: values.rate,
    vus: values.vus,
    region: values.region,
    reportDir: values["report-dir"],
    minuteMs: Number(values["minute-ms"]),
  };
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

async function startEmbeddedStack(minuteMs: number): Promise<{ target: Target; close(): Promise<void> }> {
  // Imported lazily: only a run without --target needs the reference platform in-process.
  // A scaled clock, as `run` uses: simulated calls last seconds, not minutes.
  const { startStack } = await import("../simulators/stack.ts");
  return startStack({ minuteMs });
}

/** Runs k6 with its output on ours; SIGINT at the deadline, SIGKILL if it still runs after. */
function runBounded(bin: string, args: string[], env: NodeJS.ProcessEnv, limitMs: number): Promise<number> {
  return new Promise((resolvePromise, reject) => {
    // Its own process group: a Ctrl-C reaches k6 once, through us (k6 stops at once on a second).
    const child = spawn(bin, args, { env, stdio: ["ignore", "inherit", "inherit"], detached: true });
    let kill: NodeJS.Timeout | undefined;
    const deadline = setTimeout(() => {
      console.error(`load: k6 ran past its bound of ${Math.round(limitMs / 1000)} s; interrupting it`);
      child.kill("SIGINT");
      kill = setTimeout(() => child.kill("SIGKILL"), INTERRUPT_GRACE_MS);
    }, limitMs);
    const forward = () => child.kill("SIGINT");
    process.on("SIGINT", forward);
    const done = () => {
      clearTimeout(deadline);
      clearTimeout(kill);
      process.off("SIGINT", forward);
    };
    child.on("error", (error) => {
      done();
      reject(error);
    });
    child.on("close", (code, signal) => {
      done();
      resolvePromise(code ?? (signal ? 128 + 2 : 1));
    });
  });
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
