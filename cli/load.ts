// `cap-conformance load`: builds k6 once (load/build-k6.ts), bundles the scenario
// (load/bundle.ts), runs it against a target (or against the embedded stack it starts), streams
// k6's output and answers k6's exit code. Every run is bounded: k6's own duration, and a hard
// kill timeout past it.
import { randomBytes } from "node:crypto";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { ensureK6, K6Unavailable, REPO_ROOT } from "../load/build-k6.ts";
import { bundleScenario } from "../load/bundle.ts";
import { durationMs } from "../load/lib/duration.ts";
import { Target } from "../spec/target.ts";
import { type LoadArgs, parseLoadArgs, USAGE } from "./load-args.ts";
import { runK6Bounded } from "./run-k6.ts";

/** Setup, teardown and k6's graceful stops on top of the duration, before the hard kill. */
const OVERRUN_MS = 4 * 60_000;

export async function loadCommand(argv: string[]): Promise<number> {
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
      const started = await startEmbeddedStack(args.minuteMs, args.keepAliveMs);
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
      ...args.env,
      ...(args.region ? { CAP_REGION: args.region } : {}),
      // The soak's memory probe then measures this whole process, not the platform alone (load/README.md).
      ...(stack ? { CAP_EMBEDDED_STACK: "1" } : {}),
    };
    // --address= turns off k6's REST API, which would otherwise take the fixed port 6565.
    const code = await runK6Bounded(k6, ["run", "--address=", script], env, durationMs(args.duration) + OVERRUN_MS);
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
