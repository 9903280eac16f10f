// Runs k6 for `cap-conformance load`: its output on ours, bounded in time, and stopped with us.
// k6 gets its own process group so a terminal's Ctrl-C reaches it once, through us; SIGINT and
// SIGTERM sent to this process are passed on (k6 stops gracefully on either and at once on a
// second), so stopping the command never leaves k6 running.
import { spawn } from "node:child_process";

/** After the interrupt at the deadline, how long k6 gets to write its summary before SIGKILL. */
const INTERRUPT_GRACE_MS = 15_000;
const FORWARDED = ["SIGINT", "SIGTERM"] as const;

/** Answers k6's exit code (128 + signal number when a signal ended it). */
export function runK6Bounded(bin: string, args: string[], env: NodeJS.ProcessEnv, limitMs: number): Promise<number> {
  return new Promise((resolvePromise, reject) => {
    const child = spawn(bin, args, { env, stdio: ["ignore", "inherit", "inherit"], detached: true });
    let kill: NodeJS.Timeout | undefined;
    const deadline = setTimeout(() => {
      console.error(`load: k6 ran past its bound of ${Math.round(limitMs / 1000)} s; interrupting it`);
      child.kill("SIGINT");
      kill = setTimeout(() => child.kill("SIGKILL"), INTERRUPT_GRACE_MS);
    }, limitMs);
    const forward = (signal: NodeJS.Signals) => {
      child.kill(signal);
      // Should k6 not stop in time, it is killed rather than left behind.
      kill ??= setTimeout(() => child.kill("SIGKILL"), INTERRUPT_GRACE_MS);
    };
    for (const signal of FORWARDED) process.on(signal, forward);
    // Only now: whoever reads this may signal us at once, and the signal must reach k6.
    console.error(`load: k6 running (pid ${child.pid})`);
    const done = () => {
      clearTimeout(deadline);
      clearTimeout(kill);
      for (const signal of FORWARDED) process.off(signal, forward);
    };
    child.on("error", (error) => {
      done();
      reject(error);
    });
    child.on("close", (code, signal) => {
      done();
      resolvePromise(code ?? 128 + (signal === "SIGKILL" ? 9 : signal === "SIGTERM" ? 15 : 2));
    });
  });
}
