// The bound on requests in flight (runner/client/in-flight.ts): a broker in the main process, asked by each worker
// over a connection of its own; here several connections stand for several workers.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  connectSlots,
  type InFlightBroker,
  type SlotClient,
  startInFlightBroker,
} from "../../../runner/client/in-flight.ts";

const LIMIT = 3;
let broker: InFlightBroker;
const clients: SlotClient[] = [];
const worker = () => {
  const client = connectSlots(broker.address);
  clients.push(client);
  return client;
};

beforeAll(async () => {
  broker = await startInFlightBroker(LIMIT);
});

afterAll(async () => {
  for (const client of clients) client.close();
  await broker.close();
});

/** Tasks on several workers at once, each holding a slot of `region` for a moment; the most held at once. */
async function peakOf(workers: SlotClient[], tasks: number, region = 0): Promise<number> {
  let held = 0;
  let peak = 0;
  await Promise.all(
    workers.flatMap((client) =>
      Array.from({ length: tasks }, async () => {
        const release = await client.acquire(region);
        held += 1;
        peak = Math.max(peak, held);
        await new Promise((resolve) => setTimeout(resolve, 10));
        held -= 1;
        release();
      }),
    ),
  );
  return peak;
}

describe("the in-flight broker", () => {
  it("holds at most the limit at once across workers, and every task gets its turn", async () => {
    expect(await peakOf([worker(), worker(), worker()], 4)).toBe(LIMIT);
  });

  it("bounds each region on its own", async () => {
    const busy = worker();
    const held = await Promise.all(Array.from({ length: LIMIT }, () => busy.acquire(0)));
    // Region 0 is full; region 1's tasks do not wait for it.
    expect(await peakOf([worker()], 5, 1)).toBe(LIMIT);
    for (const release of held) release();
  });

  it("gives back the slots of a worker that goes, to the ones waiting", async () => {
    const dying = worker();
    for (let i = 0; i < LIMIT; i++) await dying.acquire(0);
    const waiting = worker().acquire(0);
    dying.close();
    await expect(waiting).resolves.toBeTypeOf("function");
  });

  it("counts a slot released twice once", async () => {
    const client = worker();
    const release = await client.acquire(2);
    release();
    release();
    expect(await peakOf([worker(), worker()], 3, 2)).toBe(LIMIT);
  });
});
