// At most `maxInFlight` requests in flight to each region at once, across every worker of a run (README,
// "run flags", --max-in-flight): a vendor's region may rate-limit its clients even though the spec's own has
// no limit (8). The counters live in a SharedArrayBuffer the main process hands to the vitest worker threads
// it starts (node:worker_threads environment data), so the bound holds for the whole run, not per worker.
// A request holds its slot until its answer is read; a stream open, until its response headers arrive.
import { getEnvironmentData, setEnvironmentData } from "node:worker_threads";
import { settingsIfAny } from "./protocol.ts";

const COUNTERS_KEY = "cap-conformance:in-flight";
/** Regions a run may name (one counter each); a region beyond shares the last counter. */
const MAX_REGIONS = 16;
/** A waiter re-reads its counter at least this often, whatever wakes it (or does not). */
const RECHECK_MS = 100;

/** Called by the main process before it starts the workers: they inherit these counters. */
export function shareInFlightCounters(): void {
  setEnvironmentData(COUNTERS_KEY, new SharedArrayBuffer(MAX_REGIONS * Int32Array.BYTES_PER_ELEMENT));
}

let counters: Int32Array | undefined;
function regionCounters(): Int32Array {
  if (counters !== undefined) return counters;
  const shared = getEnvironmentData(COUNTERS_KEY);
  // Outside a run's worker threads (a unit test, or a process of its own) the bound is this process's.
  counters = new Int32Array(
    shared instanceof SharedArrayBuffer ? shared : new SharedArrayBuffer(MAX_REGIONS * Int32Array.BYTES_PER_ELEMENT),
  );
  return counters;
}

/** Atomics.waitAsync: ES2024, in every Node the package supports (engines), past the project's ES2023 lib. */
const waitAsync = (
  Atomics as unknown as {
    waitAsync(slots: Int32Array, index: number, value: number, timeoutMs: number): { async: boolean; value: unknown };
  }
).waitAsync;

async function acquire(slots: Int32Array, index: number, limit: number): Promise<void> {
  for (;;) {
    const inFlight = Atomics.load(slots, index);
    if (inFlight < limit) {
      if (Atomics.compareExchange(slots, index, inFlight, inFlight + 1) === inFlight) return;
      continue;
    }
    const wait = waitAsync(slots, index, inFlight, RECHECK_MS);
    if (wait.async) await wait.value;
  }
}

function release(slots: Int32Array, index: number): void {
  Atomics.sub(slots, index, 1);
  Atomics.notify(slots, index, 1);
}

/** Runs `work` holding one of the region's slots (no bound outside `cap-conformance run`). */
export async function inFlightSlot<T>(region: number, work: () => Promise<T>): Promise<T> {
  const limit = settingsIfAny()?.maxInFlight;
  if (limit === undefined) return work();
  const slots = regionCounters();
  const index = Math.min(region, MAX_REGIONS - 1);
  await acquire(slots, index, limit);
  try {
    return await work();
  } finally {
    release(slots, index);
  }
}
