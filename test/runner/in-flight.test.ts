// The bound on requests in flight (runner/in-flight.ts): within one thread, and across the worker threads
// of one process, which is how a run's vitest workers share it.
import { once } from "node:events";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Worker } from "node:worker_threads";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { inFlightSlot, shareInFlightCounters } from "../../runner/in-flight.ts";
import { SETTING_DEFAULTS, writeSettings } from "../../runner/protocol.ts";

const LIMIT = 3;
const saved = process.env.CAP_RUN_SETTINGS;

beforeAll(() => {
  const file = join(mkdtempSync(join(tmpdir(), "cap-in-flight-")), "target.json");
  writeFileSync(file, "{}");
  writeSettings({
    targetFile: file,
    seed: 1,
    ...SETTING_DEFAULTS,
    maxInFlight: LIMIT,
    prefix: "capct-t-",
    shrink: false,
  });
});

afterAll(() => {
  if (saved === undefined) delete process.env.CAP_RUN_SETTINGS;
  else process.env.CAP_RUN_SETTINGS = saved;
});

describe("inFlightSlot", () => {
  it("holds at most the limit at once in one thread, runs every task, and frees the slot of a task that throws", async () => {
    let now = 0;
    let peak = 0;
    const task = async (i: number) => {
      now += 1;
      peak = Math.max(peak, now);
      await new Promise((resolve) => setTimeout(resolve, 5));
      now -= 1;
      if (i % 4 === 0) throw new Error(`task ${i} failed`);
      return i;
    };
    const results = await Promise.allSettled(Array.from({ length: 20 }, (_, i) => inFlightSlot(0, () => task(i))));
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(15);
    expect(peak).toBe(LIMIT);
    // Every slot came back: a region's full limit is free again.
    const again = await Promise.all(Array.from({ length: LIMIT }, () => inFlightSlot(0, async () => now)));
    expect(again).toEqual([0, 0, 0]);
  });

  it("bounds each region on its own", async () => {
    let held = 0;
    let peak = 0;
    const hold = () =>
      inFlightSlot(1, async () => {
        held += 1;
        peak = Math.max(peak, held);
        await new Promise((resolve) => setTimeout(resolve, 5));
        held -= 1;
      });
    // Region 0 is full while region 1's tasks run: they do not wait for it.
    const blocker = Promise.all(
      Array.from({ length: LIMIT }, () => inFlightSlot(0, () => new Promise((r) => setTimeout(r, 200)))),
    );
    const started = performance.now();
    await Promise.all(Array.from({ length: 6 }, hold));
    expect(performance.now() - started).toBeLessThan(150);
    expect(peak).toBe(LIMIT);
    await blocker;
  });

  it("holds at most the limit at once across worker threads started after the counters are shared", async () => {
    shareInFlightCounters();
    const seen = new SharedArrayBuffer(3 * Int32Array.BYTES_PER_ELEMENT);
    const workerData = { seen, tasks: LIMIT, workers: 3 };
    const workers = Array.from(
      { length: workerData.workers },
      () => new Worker(new URL("./fixtures/in-flight-worker.mjs", import.meta.url), { workerData }),
    );
    try {
      await Promise.all(workers.map((worker) => once(worker, "message")));
    } finally {
      await Promise.all(workers.map((worker) => worker.terminate()));
    }
    expect(Atomics.load(new Int32Array(seen), 1)).toBe(LIMIT);
  });
});
