// Runs a command to its end with a bound on its time, line by line output. Used by the k6 build
// (go build, k6 version, go version).
import { spawn } from "node:child_process";

export interface RunOptions {
  cwd?: string;
  env?: NodeJS.ProcessEnv;
  timeoutMs: number;
  onLine?: (line: string) => void;
}

/** Answers the exit code (128 when killed by a signal, the timeout's included). */
export function runCommand(command: string, args: string[], options: RunOptions): Promise<number> {
  return new Promise((resolvePromise, reject) => {
    const child = spawn(command, args, { cwd: options.cwd, env: options.env, stdio: ["ignore", "pipe", "pipe"] });
    const timer = setTimeout(() => child.kill("SIGKILL"), options.timeoutMs);
    for (const stream of [child.stdout, child.stderr]) {
      let pending = "";
      stream.setEncoding("utf8");
      stream.on("data", (chunk: string) => {
        const lines = (pending + chunk).split("\n");
        pending = lines.pop() ?? "";
        for (const line of lines) options.onLine?.(line);
      });
      stream.on("end", () => pending && options.onLine?.(pending));
    }
    child.on("error", (error) => {
      clearTimeout(timer);
      reject(error);
    });
    child.on("close", (code, signal) => {
      clearTimeout(timer);
      resolvePromise(code ?? (signal ? 128 : 1));
    });
  });
}

/** The command's output, or undefined when it cannot run or exits non-zero. */
export async function commandOutput(command: string, args: string[], timeoutMs = 20_000): Promise<string | undefined> {
  let out = "";
  const code = await runCommand(command, args, { timeoutMs, onLine: (line) => (out += `${line}\n`) }).catch(() => -1);
  return code === 0 ? out : undefined;
}
