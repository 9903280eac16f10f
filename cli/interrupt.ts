// What an interrupted command must still stop. A `--command` server runs in its own process group and a
// container outside this process, so neither dies with the harness on SIGINT/SIGTERM: whatever starts
// one registers its stop here, for as long as it runs (start-up waits included). An interrupted command did not
// do its job, so it exits ERROR (2), with or without the incomplete report a run writes on the way out.
import { exitCodeOf } from "../spec/verdict.ts";

/** A stop; what it answers is awaited (a promise) before the process exits. */
type Stop = (signal: NodeJS.Signals) => unknown;
const stops = new Set<Stop>();

/** Registers `stop` to run on an interrupt; answers the function that unregisters it. */
export function stopOnInterrupt(stop: Stop): () => void {
  stops.add(stop);
  return () => stops.delete(stop);
}

/**
 * Installs SIGINT/SIGTERM handlers that run every registered stop, then exit ERROR (2). Each stop starts at once,
 * and the code is set before the handler returns: vitest's own handler, registered after this one during a run,
 * ends the process a millisecond later.
 */
export function handleInterrupts(): () => void {
  const handler = (signal: NodeJS.Signals) => {
    console.error(`interrupted (${signal}): stopping what the run started`);
    const outcomes = [...stops].map((stop) => {
      try {
        return stop(signal);
      } catch (error) {
        return Promise.reject(error);
      }
    });
    const code = exitCodeOf("ERROR");
    process.exitCode = code;
    // Bounded: a stop that hangs must not keep an interrupted harness alive.
    const forced = setTimeout(() => process.exit(code), 15_000);
    void Promise.allSettled(outcomes).then(() => {
      clearTimeout(forced);
      process.exit(code);
    });
  };
  process.once("SIGINT", handler);
  process.once("SIGTERM", handler);
  return () => {
    process.off("SIGINT", handler);
    process.off("SIGTERM", handler);
  };
}
