// What an interrupted command must still stop. A `--command` server runs in its own process group and a
// container outside this process, so neither dies with the harness on SIGINT/SIGTERM: whatever starts
// one registers its stop here, for as long as it runs (start-up waits included).
const stops = new Set<() => Promise<void>>();

/** Registers `stop` to run on an interrupt; answers the function that unregisters it. */
export function stopOnInterrupt(stop: () => Promise<void>): () => void {
  stops.add(stop);
  return () => stops.delete(stop);
}

/** Installs SIGINT/SIGTERM handlers that run every registered stop, then exit 128 + the signal number. */
export function handleInterrupts(): () => void {
  const handler = (signal: NodeJS.Signals) => {
    console.error(`interrupted (${signal}): stopping what the run started`);
    const code = signal === "SIGINT" ? 130 : 143;
    // Bounded: a stop that hangs must not keep an interrupted harness alive.
    const forced = setTimeout(() => process.exit(code), 15_000);
    void Promise.allSettled([...stops].map((stop) => stop())).finally(() => {
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
