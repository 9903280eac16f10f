// A front worker: one of several processes answering one simulator's port (SO_REUSEPORT), started by
// fronts.ts in the primary that holds the simulator's state. It answers the simulator's busiest route
// itself (a fast path: reading the request and its body, serialising and writing the answer), asking the
// primary over IPC for the part that reads or changes state; every other request, and any request of
// that route it cannot take as is, goes to the primary whole (front-proxy.ts), so the primary's own
// code answers it. Its node:http settings are those of the shared fastify base (server.ts).
import { Agent, createServer, type IncomingMessage, type ServerResponse } from "node:http";
import { errorBody } from "../../spec/errors.ts";
import { clientErrorHandler } from "./client-error.ts";
import type { FrontConfig, JsonAnswer, PrimaryMessage, WorkerMessage } from "./front-protocol.ts";
import { proxyToPrimary, type Upstream } from "./front-proxy.ts";
import { CONNECTION_TIMEOUT_MS, REQUEST_TIMEOUT_MS } from "./server.ts";

/** fastify's default, which the shared base keeps: the Keep-Alive header a client reads says the same. */
const KEEP_ALIVE_TIMEOUT_MS = 72_000;
/** Connections the worker keeps open to its primary for the requests it passes on. */
const UPSTREAM_CONNECTIONS = 64;

/** The worker's side of the IPC channel: a call waits for the primary's answer, a note does not. */
export interface PrimaryLink {
  call<T>(op: string, input: unknown): Promise<T>;
  note(op: string, input: unknown): void;
}

/** A route a worker answers itself. */
export interface FastPath {
  /** From the method, URL and headers alone: whether this request is one the worker takes. */
  matches(request: IncomingMessage): boolean;
  /** Answers it; `body` is read whole. `shutdown` aborts when the worker stops. */
  answer(
    request: IncomingMessage,
    response: ServerResponse,
    body: Buffer,
    primary: PrimaryLink,
    shutdown: AbortSignal,
  ): Promise<void>;
}

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

/** A body of a known length within the limit, read whole; a fast path takes no other. */
function fastBodyLength(request: IncomingMessage, limit: number): number | undefined {
  if (request.headers["transfer-encoding"] !== undefined) return undefined;
  const length = Number(request.headers["content-length"]);
  return Number.isInteger(length) && length > 0 && length <= limit ? length : undefined;
}

function readBody(request: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.once("end", () => resolve(chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks)));
    request.once("error", reject);
  });
}

/** Writes what the primary decided, with the headers fastify gives a JSON body; a drop closes the connection unanswered. */
export function writeJsonAnswer(response: ServerResponse, answer: JsonAnswer): void {
  if ("drop" in answer) {
    response.socket?.destroy();
    return;
  }
  const body = JSON.stringify(answer.body);
  response.writeHead(answer.status, {
    ...answer.headers,
    "content-type": "application/json; charset=utf-8",
    "content-length": Buffer.byteLength(body),
  });
  response.end(body);
}

/** What the shared base answers for an error nobody expected: the envelope, never a bare 500. */
function internalError(response: ServerResponse): void {
  if (response.headersSent) {
    response.destroy();
    return;
  }
  const body = JSON.stringify(errorBody("internal error"));
  response.writeHead(500, {
    "content-type": "application/json; charset=utf-8",
    "content-length": Buffer.byteLength(body),
  });
  response.end(body);
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

  const server = createServer((request, response) => {
    const fast = fastPaths.find((path) => path.matches(request));
    if (fast === undefined || fastBodyLength(request, config.bodyLimit) === undefined) {
      proxyToPrimary(request, response, upstream, {
        idleTimeoutMs: CONNECTION_TIMEOUT_MS,
        bodyLimit: config.bodyLimit,
      });
      return;
    }
    readBody(request)
      .then((body) => fast.answer(request, response, body, primary, shutdown.signal))
      .catch(() => internalError(response));
  });
  server.keepAliveTimeout = KEEP_ALIVE_TIMEOUT_MS;
  server.requestTimeout = REQUEST_TIMEOUT_MS;
  server.setTimeout(CONNECTION_TIMEOUT_MS);
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
