// A front worker: one of several processes answering one simulator's port (SO_REUSEPORT), started by
// fronts.ts in the primary that holds the simulator's state. It answers the simulator's busiest route
// itself (a fast path: reading the request and its body, serialising and writing the answer), asking the
// primary over IPC for the part that reads or changes state; every other request, and any request of
// that route it cannot take as is, goes to the primary whole (front-proxy.ts), so the primary's own
// code answers it. Its node:http settings are those of the shared fastify base (server.ts).
import { Agent } from "node:http";
import { clientErrorHandler } from "./client-error.ts";
import { type FastPath, type FastPaths, type PrimaryLink, takeFastPath } from "./fast-path.ts";
import type { FrontConfig, PrimaryMessage, WorkerMessage } from "./front-protocol.ts";
import { proxyToPrimary, type Upstream } from "./front-proxy.ts";
import { baseHttpServer, CONNECTION_TIMEOUT_MS } from "./server.ts";

/** Connections the worker keeps open to its primary for the requests it passes on. */
const UPSTREAM_CONNECTIONS = 64;

function send(message: WorkerMessage): void {
  process.send?.(message);
}

function linkToPrimary(onStop: () => void): PrimaryLink {
  let next = 0;
  const pending = new Map<number, { resolve(value: unknown): void; reject(error: Error): void }>();
  // Our own parent's messages, in the shapes of front-protocol.ts; not re-validated on the hot path.
  process.on("message", (message: PrimaryMessage) => {
    if (message.type === "answer") {
      const waiter = pending.get(message.id);
      pending.delete(message.id);
      if (message.ok) waiter?.resolve(message.result);
      else waiter?.reject(new Error(message.error ?? "the primary could not answer"));
    } else if (message.type === "sync") {
      send({ type: "synced", id: message.id });
    } else {
      onStop();
    }
  });
  // The primary is gone: nobody holds the state any more.
  process.once("disconnect", onStop);
  return {
    call: <T>(op: string, input: unknown) =>
      new Promise<T>((resolve, reject) => {
        const id = next++;
        pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
        send({ type: "call", id, op, input });
      }),
    note: (op, input) => send({ type: "note", op, input }),
  };
}

/** Runs until the primary says stop or goes away. */
export async function runFrontWorker(config: FrontConfig, fastPaths: readonly FastPath[]): Promise<void> {
  const shutdown = new AbortController();
  const stopped = new Promise<void>((resolve) => shutdown.signal.addEventListener("abort", () => resolve()));
  const primary = linkToPrimary(() => shutdown.abort());
  const origin = new URL(config.upstream);
  const upstream: Upstream = {
    host: origin.hostname,
    port: Number(origin.port),
    agent: new Agent({ keepAlive: true, maxSockets: UPSTREAM_CONNECTIONS }),
  };

  const fast: FastPaths = { paths: fastPaths, primary, bodyLimit: config.bodyLimit, shutdown: shutdown.signal };
  const server = baseHttpServer((request, response) => {
    if (takeFastPath(fast, request, response)) return;
    proxyToPrimary(request, response, upstream, { idleTimeoutMs: CONNECTION_TIMEOUT_MS, bodyLimit: config.bodyLimit });
  });
  server.on("clientError", clientErrorHandler);

  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen({ host: config.host, port: config.port, reusePort: true }, () => resolve());
  });
  const address = server.address();
  if (address === null || typeof address === "string") throw new Error("front worker has no TCP address");
  send({ type: "listening", port: address.port });

  await stopped;
  server.close();
  server.closeAllConnections();
  upstream.agent.destroy();
  // The IPC channel is the last thing keeping the process alive.
  if (process.connected) process.disconnect();
}
