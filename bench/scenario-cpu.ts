// What the simulators cost while our own scenarios load the platform: the simulators (`simulate`),
// the reference platform and k6 each in their own process, and the CPU seconds each used during
// a scenario's run (/proc). The simulators' share of the three is the figure that says whether
// they could be the bottleneck of the load at this level.
import { spawn } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { ensureK6 } from "../load/build-k6.ts";
import { bundleScenario } from "../load/bundle.ts";
import { cpuSeconds } from "./cpu.ts";
import { type Child, child, until } from "./processes.ts";

export interface ScenarioCpu {
  scenario: string;
  load: string;
  /** What the run achieved, from its summary (iterations/s, streams, calls...). */
  achieved: string;
  seconds: number;
  cpu: { simulators: number; platform: number; k6: number };
  passed: boolean;
}

export interface ScenarioLoad {
  scenario: string;
  /** How the load is described in the table. */
  load: string;
  env: Record<string, string>;
  achieved(summary: { metrics: Record<string, { values: Record<string, number> }> }): string;
}

/** The platform alone in a child process, wired to the simulators of `simulatorsFile`. */
export async function startPlatformChild(simulatorsFile: string, outFile: string): Promise<Child> {
  const platform = child(["bench/platform-server.ts", simulatorsFile, outFile, "60000"]);
  await until(() => (existsSync(outFile) ? true : undefined), 30_000, "platform");
  return platform;
}

export async function scenarioCpu(
  load: ScenarioLoad,
  targetFile: string,
  pids: { simulators?: number; platform?: number },
  dir: string,
  duration: string,
): Promise<ScenarioCpu> {
  const k6 = (await ensureK6()).bin;
  const script = await bundleScenario(load.scenario, dir);
  const reports = join(dir, `cpu-${load.scenario}`);
  const { mkdirSync } = await import("node:fs");
  mkdirSync(reports, { recursive: true });
  const before = { simulators: cpuSeconds(pids.simulators) ?? 0, platform: cpuSeconds(pids.platform) ?? 0 };
  const started = performance.now();
  const proc = spawn(k6, ["run", "--quiet", "--address=", script], {
    env: {
      ...process.env,
      CAP_TARGET: targetFile,
      CAP_DURATION: duration,
      CAP_REPORT_DIR: reports,
      CAP_RUN_ID: `bench${Date.now().toString(36)}`,
      K6_NO_USAGE_REPORT: "true",
      ...load.env,
    },
    stdio: ["ignore", "ignore", "ignore"],
  });
  let k6Cpu = 0;
  const sampler = setInterval(() => {
    k6Cpu = cpuSeconds(proc.pid) ?? k6Cpu;
  }, 200);
  const bound = setTimeout(() => proc.kill("SIGKILL"), 5 * 60_000);
  await new Promise((resolve) => proc.on("close", resolve));
  clearInterval(sampler);
  clearTimeout(bound);
  const seconds = (performance.now() - started) / 1000;
  const summary = JSON.parse(readFileSync(join(reports, "summary.json"), "utf8")) as {
    passed: boolean;
    metrics: Record<string, { values: Record<string, number> }>;
  };
  return {
    scenario: load.scenario,
    load: load.load,
    achieved: load.achieved(summary),
    seconds,
    cpu: {
      simulators: (cpuSeconds(pids.simulators) ?? 0) - before.simulators,
      platform: (cpuSeconds(pids.platform) ?? 0) - before.platform,
      k6: k6Cpu,
    },
    passed: summary.passed,
  };
}
