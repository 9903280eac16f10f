// What `serve` and `simulate` share: a target file written so no reader sees half of it, and a wait for
// SIGINT/SIGTERM that listens before the file exists (whoever waits for the file may signal at once).
import { renameSync, writeFileSync } from "node:fs";

/** Resolves on SIGINT, SIGTERM or `signal`; call it before announcing anything. */
export function untilStopped(signal?: AbortSignal): Promise<void> {
  return new Promise<void>((resolve) => {
    process.once("SIGINT", () => resolve());
    process.once("SIGTERM", () => resolve());
    signal?.addEventListener("abort", () => resolve(), { once: true });
  });
}

/** The file carries tokens: readable by its owner only, written beside and renamed into place. */
export function writeTargetFile(path: string, target: unknown): void {
  const partial = `${path}.partial-${process.pid}`;
  writeFileSync(partial, `${JSON.stringify(target, null, 2)}\n`, { mode: 0o600 });
  renameSync(partial, path);
}
