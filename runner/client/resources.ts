// Everything a run creates is named with the run prefix and deleted at the end of its suite file,
// even after failures; what cannot be deleted is reported.
import { randomBytes } from "node:crypto";
import type { Leftover } from "../../spec/report.ts";
import { redact } from "./redact.ts";
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

/** A delete that answered 2xx, or 404 (already gone); anything else leaves the resource behind. */
export function assertDeleted(response: { status: number }): void {
  if (response.status === 404 || (response.status >= 200 && response.status < 300)) return;
  throw new Error(`delete answered ${response.status}`);
}

/**
 * Deletes everything still tracked; answers what it could not delete, and why. Every delete is sent at once
 * (the run's bound on requests in flight applies), since one after another they cost a round trip each on the
 * file's path. A server may refuse to delete a row another row still refers to (an account with numbers):
 * what failed is asked again one at a time, newest first, once the rest are gone.
 */
export async function cleanupAll(suite: string): Promise<Leftover[]> {
  const entries = [...pending].reverse();
  pending.clear();
  const outcomes = await Promise.allSettled(entries.map(([, deleter]) => deleter()));
  const failed: Leftover[] = [];
  for (const [i, [key, deleter]] of entries.entries()) {
    if (outcomes[i]?.status === "fulfilled") continue;
    try {
      await deleter();
    } catch (error) {
      failed.push({ resource: key, suite, reason: redact(error instanceof Error ? error.message : String(error)) });
    }
  }
  return failed;
}
