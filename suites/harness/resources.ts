// Everything a run creates is named with the run prefix and deleted at the end of its suite file,
// even after failures; what cannot be deleted is reported.
import { randomBytes } from "node:crypto";
import { runConfig } from "./run-config.ts";

type Deleter = () => Promise<void>;
const pending = new Map<string, Deleter>();
let counter = 0;

/** `<prefix><label>-<n>-<random>`: unique within and across runs, recognisable for sweeping. */
export function uniqueName(label: string): string {
  counter += 1;
  return `${runConfig().prefix}${label}-${counter}-${randomBytes(3).toString("hex")}`;
}

export function track(key: string, deleter: Deleter): void {
  pending.set(key, deleter);
}

export function untrack(key: string): void {
  pending.delete(key);
}

/** Deletes everything still tracked; answers the keys it could not delete. */
export async function cleanupAll(): Promise<string[]> {
  const failed: string[] = [];
  for (const [key, deleter] of [...pending].reverse()) {
    try {
      await deleter();
    } catch {
      failed.push(key);
    }
    pending.delete(key);
  }
  return failed;
}
