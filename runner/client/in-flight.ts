// At most `maxInFlight` requests in flight to each region at once, across every worker of a run (README,
// "run flags", --max-in-flight): a vendor's region may rate-limit its clients even though the spec has no
// limit (7, 8). The suite workers are processes of their own (launch.ts), so the count is kept by a broker
// in the main process, a loopback TCP server whose address travels in the run settings: a worker asks it for
// a slot and tells it when done, over one connection per worker; a worker that dies gives its slots back with
// its connection. A request holds its slot until its answer is read; a stream open, until its headers arrive.
import { connect, createServer, type Socket } from "node:net";
import { grantedId, grantLine, parseSlotLine, settingsIfAny, slotLine } from "../contract.ts";

// ---- The broker, in the main process ----

export interface InFlightBroker {
  /** `127.0.0.1:port`, for the run settings. */
  address: string;
  close(): Promise<void>;
}

interface Waiter {
  socket: Socket;
  id: string;
}

export async function startInFlightBroker(limit: number): Promise<InFlightBroker> {
  const inFlight = new Map<number, number>();
  const queues = new Map<number, Waiter[]>();
  const heldBy = new Map<Socket, Map<number, number>>();
  const grant = (region: number, { socket, id }: Waiter) => {
    inFlight.set(region, (inFlight.get(region) ?? 0) + 1);
    const held = heldBy.get(socket)!;
    held.set(region, (held.get(region) ?? 0) + 1);
    socket.write(grantLine(id));
  };
  const release = (socket: Socket, region: number) => {
    const held = heldBy.get(socket);
    const count = held?.get(region) ?? 0;
    if (count === 0) return;
    held!.set(region, count - 1);
    inFlight.set(region, inFlight.get(region)! - 1);
    const next = queues.get(region)?.shift();
    if (next !== undefined) grant(region, next);
  };
  const server = createServer((socket) => {
    socket.setNoDelay(true);
    socket.setEncoding("utf8");
    heldBy.set(socket, new Map());
    let buffer = "";
    socket.on("data", (chunk: string) => {
      buffer += chunk;
      for (let end = buffer.indexOf("\n"); end >= 0; end = buffer.indexOf("\n")) {
        const message = parseSlotLine(buffer.slice(0, end));
        buffer = buffer.slice(end + 1);
        if (message === undefined) continue;
        const { region } = message;
        if (message.verb === "release") release(socket, region);
        else if ((inFlight.get(region) ?? 0) < limit) grant(region, { socket, id: message.id });
        else queues.set(region, [...(queues.get(region) ?? []), { socket, id: message.id }]);
      }
    });
    // A worker gone (done, or dead) waits for nothing more and gives back what it held.
    socket.on("close", () => {
      for (const [region, waiters] of queues)
        queues.set(
          region,
          waiters.filter((w) => w.socket !== socket),
        );
      for (const [region, count] of heldBy.get(socket) ?? []) for (let i = 0; i < count; i++) release(socket, region);
      heldBy.delete(socket);
    });
    socket.on("error", () => undefined);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  return {
    address: `127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of heldBy.keys()) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

// ---- The slots, in a worker ----

/** One connection to a broker: slots are asked for by id, granted in the order the broker frees them. */
export interface SlotClient {
  acquire(region: number): Promise<() => void>;
  close(): void;
}

export function connectSlots(address: string): SlotClient {
  const [host, port] = address.split(":");
  const socket = connect({ host: host!, port: Number(port) });
  socket.setNoDelay(true);
  socket.setEncoding("utf8");
  // Waiting for a slot keeps nothing alive that the worker would not wait for anyway.
  socket.unref();
  const pending = new Map<string, { resolve: () => void; reject: (error: Error) => void }>();
  let next = 0;
  let buffer = "";
  socket.on("data", (chunk: string) => {
    buffer += chunk;
    for (let end = buffer.indexOf("\n"); end >= 0; end = buffer.indexOf("\n")) {
      const id = grantedId(buffer.slice(0, end));
      buffer = buffer.slice(end + 1);
      pending.get(id)?.resolve();
      pending.delete(id);
    }
  });
  const broken = (error?: Error) => {
    const reason = new Error(
      `the run's count of requests in flight (${address}) is gone: ${error?.message ?? "closed"}`,
    );
    for (const waiter of pending.values()) waiter.reject(reason);
    pending.clear();
  };
  socket.on("error", broken);
  socket.on("close", () => broken());
  return {
    async acquire(region) {
      const id = String(next++);
      await new Promise<void>((resolve, reject) => {
        if (socket.destroyed) return reject(new Error(`the run's count of requests in flight (${address}) is gone`));
        pending.set(id, { resolve, reject });
        socket.write(slotLine({ verb: "ask", region, id }));
      });
      let released = false;
      return () => {
        if (released || socket.destroyed) return;
        released = true;
        socket.write(slotLine({ verb: "release", region }));
      };
    },
    close: () => socket.destroy(),
  };
}

/** The worker's one connection, on globalThis: each suite file gets fresh modules, the worker one connection. */
const CLIENT = Symbol.for("cap-conformance.in-flight");

/** One of the region's slots (a no-op outside `cap-conformance run`); call what it answers once done. */
export async function acquireSlot(region: number): Promise<() => void> {
  const address = settingsIfAny()?.inFlightBroker;
  if (address === undefined) return () => undefined;
  const holder = globalThis as { [CLIENT]?: { address: string; client: SlotClient } };
  if (holder[CLIENT]?.address !== address) holder[CLIENT] = { address, client: connectSlots(address) };
  return holder[CLIENT].client.acquire(region);
}

/** Runs `work` holding one of the region's slots. */
export async function inFlightSlot<T>(region: number, work: () => Promise<T>): Promise<T> {
  const release = await acquireSlot(region);
  try {
    return await work();
  } finally {
    release();
  }
}
