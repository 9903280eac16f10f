// What `serve` and `simulate` share: a target file written so no reader sees half of it, and a wait for
// SIGINT/SIGTERM that listens before the file exists (whoever waits for the file may signal at once).
import { mkdirSync, renameSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";

/**
 * Resolves on SIGINT or SIGTERM, or, for a server started inside another program (a test), on `signal` alone:
 * that program's signals are its own. Call it before announcing anything.
 */
export function untilStopped(signal?: AbortSignal): Promise<void> {
  return new Promise<void>((resolve) => {
    if (signal !== undefined) {
      if (signal.aborted) resolve();
      else signal.addEventListener("abort", () => resolve(), { once: true });
      return;
    }
    process.once("SIGINT", () => resolve());
    process.once("SIGTERM", () => resolve());
  });
}

/** The file carries tokens: readable by its owner only, written beside and renamed into place (its folder is
 * made if missing, so `--out new/dir/target.json` works as a user expects). */
export function writeTargetFile(path: string, target: unknown): void {
  mkdirSync(dirname(path), { recursive: true, mode: 0o700 });
  const partial = `${path}.partial-${process.pid}`;
  writeFileSync(partial, `${JSON.stringify(target, null, 2)}\n`, { mode: 0o600 });
  renameSync(partial, path);
}
