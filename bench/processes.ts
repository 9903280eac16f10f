// Child processes the benchmark measures: each server gets its own process and event loop.
import { type ChildProcess, spawn } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import type { Target } from "../spec/target.ts";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
const TSX = [process.execPath, ["--import", "tsx"]] as const;

export interface Child {
  process: ChildProcess;
  stop(): Promise<void>;
}

export function child(args: string[]): Child {
  const proc = spawn(TSX[0], [...TSX[1], ...args], { cwd: ROOT, stdio: ["ignore", "pipe", "inherit"] });
  return {
    process: proc,
    stop: () =>
      new Promise((resolve) => {
        if (proc.exitCode !== null) return resolve();
        proc.once("exit", () => resolve());
        proc.kill("SIGTERM");
        setTimeout(() => proc.kill("SIGKILL"), 5_000).unref();
      }),
  };
}

export async function until<T>(probe: () => T | undefined, timeoutMs: number, what: string): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`${what} not ready within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** `cap-conformance serve` in a child process; answers once its target file is written. */
export async function startServe(targetFile: string, extra: string[] = []): Promise<{ child: Child; target: Target }> {
  const serve = child(["bin/cap-conformance.js", "serve", "--out", targetFile, ...extra]);
  const target = await until(
    () => (existsSync(targetFile) ? (JSON.parse(readFileSync(targetFile, "utf8")) as Target) : undefined),
    30_000,
    "serve",
  );
  return { child: serve, target };
}

/** `cap-conformance simulate` in a child process (the simulators alone); answers once its target file is written. */
export async function startSimulate(
  targetFile: string,
  extra: string[] = [],
): Promise<{ child: Child; target: Target }> {
  const simulate = child(["bin/cap-conformance.js", "simulate", "--out", targetFile, ...extra]);
  const target = await until(
    () => (existsSync(targetFile) ? (JSON.parse(readFileSync(targetFile, "utf8")) as Target) : undefined),
    30_000,
    "simulate",
  );
  return { child: simulate, target };
}

/** The bare node:http baseline answering `bodyFile` (`--sse`: as an event stream); answers its origin. */
export function startBaseline(
  bodyFile: string,
  extra: string[] = [],
  server = "bench/baseline-server.ts",
): Promise<{ child: Child; url: string }> {
  return startListening([server, bodyFile, ...extra]);
}

/** A server script in a child process that prints the port it listens on; answers its origin. */
export async function startListening(args: string[]): Promise<{ child: Child; url: string }> {
  const server = child(args);
  let out = "";
  server.process.stdout?.on("data", (chunk: Buffer) => {
    out += chunk;
  });
  const port = await until(() => (out.includes("\n") ? Number(out.trim()) : undefined), 30_000, args[0]!);
  return { child: server, url: `http://127.0.0.1:${port}` };
}
