// Runs the real command in a child process, bounded in time, and hands back what it printed.
import { spawn } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { watchPeakRss } from "./peak-rss.ts";

export const BIN = fileURLToPath(new URL("../../bin/cap-conformance.js", import.meta.url));
export const ROOT = fileURLToPath(new URL("../..", import.meta.url));

export interface CliResult {
  code: number | null;
  stdout: string;
  stderr: string;
  ms: number;
  /** With `peakRss`: the peak memory of the command and its workers, in MiB (helpers/peak-rss.ts). */
  peakRssMb?: number;
  /** With `resolveOnTimeout`: the command was killed at the timeout (its code is then null). */
  timedOut?: boolean;
}

export interface RunOptions {
  timeoutMs?: number;
  env?: NodeJS.ProcessEnv;
  /** Watch the peak memory of the process and its children (CliResult.peakRssMb). */
  peakRss?: boolean;
  /** At the timeout, kill the process and answer (timedOut) rather than reject. */
  resolveOnTimeout?: boolean;
}

export function runCli(args: string[], options: RunOptions = {}): Promise<CliResult> {
  return runProcess(process.execPath, [BIN, ...args], { ...options, cwd: ROOT });
}

/** How the command is started: the checkout's bin by default, or (an installed package) `npx cap-conformance`. */
export interface Launcher {
  command: string;
  args: string[];
  cwd: string;
}

export const FROM_CHECKOUT: Launcher = { command: process.execPath, args: [BIN], cwd: ROOT };

/** Runs any command to its end in a child process, bounded in time, and hands back what it printed. */
export function runProcess(command: string, args: string[], options: RunOptions & { cwd: string }): Promise<CliResult> {
  const started = Date.now();
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      cwd: options.cwd,
      env: { ...process.env, ...options.env },
      stdio: ["ignore", "pipe", "pipe"],
    });
    const watcher = options.peakRss && child.pid !== undefined ? watchPeakRss(child.pid) : undefined;
    let timedOut = false;
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk: Buffer) => {
      stdout += chunk;
    });
    child.stderr.on("data", (chunk: Buffer) => {
      stderr += chunk;
    });
    const timer = setTimeout(() => {
      child.kill("SIGKILL");
      timedOut = true;
      if (options.resolveOnTimeout) return;
      watcher?.stop();
      reject(new Error(`${command} ${args.join(" ")} did not finish in ${options.timeoutMs} ms\n${stdout}\n${stderr}`));
    }, options.timeoutMs ?? 120_000);
    child.on("error", reject);
    child.on("close", (code) => {
      clearTimeout(timer);
      const peak = watcher === undefined ? {} : { peakRssMb: watcher.stop() };
      resolve({ code, stdout, stderr, ms: Date.now() - started, ...peak, ...(timedOut ? { timedOut } : {}) });
    });
  });
}

/** Runs `tasks` with at most `limit` at once, keeping their order in the answer. */
export async function pool<T>(limit: number, tasks: Array<() => Promise<T>>): Promise<T[]> {
  const results: T[] = new Array(tasks.length);
  let next = 0;
  const worker = async () => {
    while (next < tasks.length) {
      const index = next++;
      results[index] = await tasks[index]!();
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, tasks.length) }, worker));
  return results;
}

export interface Served {
  targetFile: string;
  /** SIGTERM, then SIGKILL if it has not exited within five seconds; answers how it exited and when. */
  stop(): Promise<Stopped>;
}

export interface Stopped {
  code: number | null;
  signal: NodeJS.Signals | null;
  /** From the SIGTERM to the exit. */
  ms: number;
}

/** Starts `cap-conformance serve` as its own process and answers once its target file exists. */
export function serve(args: string[], dir: string, timeoutMs = 30_000): Promise<Served> {
  return startWithTarget("serve", args, dir, timeoutMs);
}

/**
 * `serve` inside this process: the same command (cli/serve.ts) and target file, without a process of its own
 * (whose start through tsx costs about 1.5 CPU-seconds): for the kill matrix, which starts a server per fault.
 */
export async function serveInProcess(args: string[], dir: string, timeoutMs = 30_000): Promise<Served> {
  const { serveCommand } = await import("../../cli/serve.ts");
  const targetFile = join(dir, "target.json");
  const controller = new AbortController();
  let ended: unknown;
  const served = serveCommand(["--out", targetFile, ...args], { signal: controller.signal, log: () => undefined }).then(
    (code) => {
      ended = `exit ${code}`;
      return code;
    },
    (error: unknown) => {
      ended = error;
      return 2;
    },
  );
  const stop = async (): Promise<Stopped> => {
    const started = Date.now();
    controller.abort();
    return { code: await served, signal: null, ms: Date.now() - started };
  };
  await untilTargetFile(
    targetFile,
    timeoutMs,
    () => ended !== undefined,
    stop,
    () => `serve ${args.join(" ")} wrote no target file within ${timeoutMs} ms (${String(ended ?? "")})`,
  );
  return { targetFile, stop };
}

/**
 * Starts a long-running command that writes a target file (`serve`, `simulate`) as its own process, and
 * answers once the file holds JSON.
 */
export async function startWithTarget(
  command: "serve" | "simulate",
  args: string[],
  dir: string,
  timeoutMs = 30_000,
  launcher: Launcher = FROM_CHECKOUT,
): Promise<Served> {
  const targetFile = join(dir, "target.json");
  const child = spawn(launcher.command, [...launcher.args, command, "--out", targetFile, ...args], {
    cwd: launcher.cwd,
    stdio: "ignore",
  });
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once("exit", (code, signal) => resolve({ code, signal })),
  );
  const stop = async (): Promise<Stopped> => {
    const started = Date.now();
    child.kill("SIGTERM");
    const killer = setTimeout(() => child.kill("SIGKILL"), 5_000);
    const how = await exited;
    clearTimeout(killer);
    return { ...how, ms: Date.now() - started };
  };
  await untilTargetFile(
    targetFile,
    timeoutMs,
    () => child.exitCode !== null,
    stop,
    () => `${command} ${args.join(" ")} wrote no target file within ${timeoutMs} ms`,
  );
  return { targetFile, stop };
}

/** Waits until the target file holds JSON; a server that ended first, or the deadline, stops it and throws. */
async function untilTargetFile(
  targetFile: string,
  timeoutMs: number,
  ended: () => boolean,
  stop: () => Promise<Stopped>,
  why: () => string,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!holdsJson(targetFile)) {
    if (ended() || Date.now() > deadline) {
      await stop();
      throw new Error(why());
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

function holdsJson(file: string): boolean {
  if (!existsSync(file)) return false;
  try {
    JSON.parse(readFileSync(file, "utf8"));
    return true;
  } catch {
    return false;
  }
}
