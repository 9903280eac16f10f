// A simulator's busiest route answered on plain node:http, ahead of fastify's routing
// (ARCHITECTURE.md, "Simulators behind several processes"): in a front worker (front-worker.ts), asking
// the primary over IPC for the part that reads or changes state, or in the simulator's own process
// (server.ts's `fastPaths`), asking its state directly. A request the path cannot take as is (no length,
// a body over the limit) goes to the full server, whose own route answers it.
import type { IncomingMessage, ServerResponse } from "node:http";
import { errorBody } from "../../spec/errors.ts";
import type { JsonAnswer } from "./front-protocol.ts";

/** The state's side, as a fast path asks it: a call waits for the answer, a note does not. */
export interface PrimaryLink {
  call<T>(op: string, input: unknown): Promise<T>;
  note(op: string, input: unknown): void;
}

/** What a fast path may ask of the process that holds the state: calls answer synchronously, notes do not. */
export interface FrontOps {
  calls: Record<string, (input: never) => unknown>;
  notes?: Record<string, (input: never) => void>;
}

/** A route answered on node:http. */
export interface FastPath {
  /** From the method, URL and headers alone: whether this request is one the path takes. */
  matches(request: IncomingMessage): boolean;
  /** Answers it; `body` is read whole. `shutdown` aborts when the server stops. */
  answer(
    request: IncomingMessage,
    response: ServerResponse,
    body: Buffer,
    primary: PrimaryLink,
    shutdown: AbortSignal,
  ): Promise<void>;
}

/** The ops of the process itself: what a front worker would ask over IPC, asked directly. */
export function localLink(ops: FrontOps): PrimaryLink {
  return {
    call: async <T>(op: string, input: unknown) => {
      const call = ops.calls[op] as ((input: unknown) => T) | undefined;
      if (call === undefined) throw new Error(`no operation ${op}`);
      return call(input);
    },
    note: (op, input) => (ops.notes?.[op] as ((input: unknown) => void) | undefined)?.(input),
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

export interface FastPaths {
  paths: readonly FastPath[];
  primary: PrimaryLink;
  /** The largest body taken here: a larger one goes to the full server, which refuses it. */
  bodyLimit: number;
  shutdown: AbortSignal;
}

/** Answers a request one of the paths takes and says true; false leaves it to the full server. */
export function takeFastPath(fast: FastPaths, request: IncomingMessage, response: ServerResponse): boolean {
  const path = fast.paths.find((candidate) => candidate.matches(request));
  if (path === undefined || fastBodyLength(request, fast.bodyLimit) === undefined) return false;
  readBody(request)
    .then((body) => path.answer(request, response, body, fast.primary, fast.shutdown))
    .catch(() => internalError(response));
  return true;
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
