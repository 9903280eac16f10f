// `run --command "..."`: the server under test as a local process: spawned in its own process group,
// waited for (target file written, every region's /health answering), and always stopped afterwards.
import { type ChildProcess, spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { request } from "undici";
import type { Target } from "../spec/target.ts";
import { stopOnInterrupt } from "./interrupt.ts";
import { UsageError } from "./usage-error.ts";

export interface LaunchedServer {
  stop(): Promise<void>;
}

async function healthy(baseUrl: string): Promise<boolean> {
  try {
    const response = await request(`${baseUrl.replace(/\/$/, "")}/health`, {
      headersTimeout: 1_000,
      bodyTimeout: 1_000,
      signal: AbortSignal.timeout(1_000),
    });
    await response.body.dump();
    return response.statusCode === 200;
  } catch {
    return false;
  }
}

function exited(child: ChildProcess): boolean {
  return child.exitCode !== null || child.signalCode !== null;
}

export async function launchCommand(options: {
  command: string;
  /** Resolves the target once it can (the command may be what writes the target file). */
  target: () => Target | undefined;
  targetFile?: string;
  startupTimeoutMs: number;
  log: (line: string) => void;
}): Promise<{ server: LaunchedServer; target: Target }> {
  const child = spawn("sh", ["-c", options.command], { detached: true, stdio: ["ignore", "pipe", "pipe"] });
  for (const stream of [child.stdout, child.stderr]) {
    stream?.setEncoding("utf8");
    stream?.on("data", (chunk: string) => {
      for (const line of chunk.split("\n").filter(Boolean)) options.log(`[server] ${line}`);
    });
  }
  const server: LaunchedServer = {
    stop: async () => {
      unregister();
      if (exited(child) || child.pid === undefined) return;
      const gone = new Promise<void>((resolve) => child.once("exit", () => resolve()));
      process.kill(-child.pid, "SIGTERM");
      const timer = setTimeout(() => {
        if (!exited(child) && child.pid !== undefined) process.kill(-child.pid, "SIGKILL");
      }, 5_000);
      await gone;
      clearTimeout(timer);
    },
  };
  // From now on an interrupted harness stops the server too, start-up wait included.
  const unregister = stopOnInterrupt(() => server.stop());
  const deadline = Date.now() + options.startupTimeoutMs;
  try {
    for (;;) {
      if (exited(child)) throw new UsageError(`the command exited (code ${child.exitCode}) before the server answered`);
      const ready = options.targetFile === undefined || existsSync(options.targetFile);
      const target = ready ? options.target() : undefined;
      if (target !== undefined && (await Promise.all(target.regions.map((r) => healthy(r.base_url)))).every(Boolean)) {
        return { server, target };
      }
      if (Date.now() > deadline) {
        throw new UsageError(
          `the server started by --command did not answer GET /health within ${options.startupTimeoutMs} ms`,
        );
      }
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  } catch (error) {
    await server.stop();
    throw error;
  }
}
