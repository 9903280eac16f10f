// A loopback HTTP proxy in front of one upstream origin that bends what passes through it with
// behaviours (behaviour.ts): the bench and `run --add-latency-ms` put a region a round trip away with
// it. Bodies stream through chunk by chunk, never buffered whole, so an event stream stays live; the
// bytes are forwarded as they came (no decoding, no re-encoding).
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { Duplex } from "node:stream";
import { pipeline } from "node:stream/promises";
import { Agent, errors as undiciErrors } from "undici";
import { errorBody } from "../../spec/errors.ts";
import type { Behaviour, ProxiedRequest, ResponseHead } from "./behaviour.ts";

export interface ProxyOptions {
  /** Origin every request is forwarded to, e.g. http://127.0.0.1:7100. */
  upstream: string;
  /** Applied in order at each stage. */
  behaviours?: readonly Behaviour[];
}

export interface RunningProxy {
  /** The proxy's own origin, standing in for the upstream's. */
  url: string;
  upstream: string;
  /** Requests received so far. */
  requests(): number;
  close(): Promise<void>;
}

/** Headers of one connection, not of the message: never forwarded (RFC 9110 7.6.1), nor the upstream's Host. */
const HOP_BY_HOP = new Set([
  "connection",
  "keep-alive",
  "proxy-connection",
  "transfer-encoding",
  "te",
  "trailer",
  "upgrade",
  "host",
]);

function endToEnd(headers: Record<string, string | string[] | undefined>): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value !== undefined && !HOP_BY_HOP.has(name.toLowerCase())) out[name] = value;
  }
  return out;
}

/** The request's body as a stream when it has one; an empty one when it says so; none otherwise. */
function bodyOf(request: IncomingMessage): IncomingMessage | string | undefined {
  if (request.headers["transfer-encoding"] !== undefined) return request;
  const length = request.headers["content-length"];
  if (length === undefined) return undefined;
  return Number(length) > 0 ? request : "";
}

function refuse(response: ServerResponse, status: number, message: string): void {
  if (response.headersSent) {
    response.destroy();
    return;
  }
  const body = JSON.stringify(errorBody(message));
  response.writeHead(status, { "content-type": "application/json", "content-length": Buffer.byteLength(body) });
  response.end(body);
}

export async function startProxy(options: ProxyOptions): Promise<RunningProxy> {
  const upstream = new URL(options.upstream).origin;
  const behaviours = options.behaviours ?? [];
  // The proxy sets no time limit of its own: the client's are the ones under test. Connections to the
  // upstream are kept alive and reused, as a real proxy's are.
  const dispatcher = new Agent({ headersTimeout: 0, bodyTimeout: 0, connections: null });
  let received = 0;

  async function forward(request: IncomingMessage, response: ServerResponse): Promise<void> {
    received += 1;
    const proxied: ProxiedRequest = {
      method: request.method ?? "GET",
      url: request.url ?? "/",
      headers: request.headers,
      index: received,
    };
    for (const behaviour of behaviours) {
      if (await behaviour.intercept?.(proxied, response)) return;
    }
    // A client that leaves ends the upstream exchange too (an event stream above all).
    const gone = new AbortController();
    response.once("close", () => {
      if (!response.writableFinished) gone.abort();
    });
    let answer: Awaited<ReturnType<Agent["request"]>>;
    try {
      answer = await dispatcher.request({
        origin: upstream,
        path: proxied.url,
        method: proxied.method as "GET",
        headers: endToEnd(request.headers),
        body: bodyOf(request),
        signal: gone.signal,
      });
    } catch (error) {
      if (gone.signal.aborted) return;
      const invalid = error instanceof undiciErrors.InvalidArgumentError;
      const reason = (error as { code?: string }).code ?? (error as Error).message;
      return refuse(
        response,
        invalid ? 400 : 502,
        invalid
          ? "the proxy cannot forward this request line"
          : `the proxy got no answer from its upstream (${reason})`,
      );
    }
    const head: ResponseHead = { status: answer.statusCode, headers: endToEnd(answer.headers) };
    try {
      for (const behaviour of behaviours) await behaviour.head?.(proxied, head);
    } catch (error) {
      answer.body.destroy();
      return refuse(response, 502, `proxy behaviour failed: ${(error as Error).message}`);
    }
    if (gone.signal.aborted) {
      answer.body.destroy();
      return;
    }
    response.writeHead(head.status, head.headers);
    // The head goes out now, not with the first body chunk: an event stream may send nothing for a while.
    response.flushHeaders();
    const stages = behaviours
      .map((behaviour) => behaviour.body?.(proxied, head))
      .filter((stage): stage is Duplex => stage !== undefined);
    // A client that left, or an upstream that broke off, ends the exchange; either way there is no one to tell.
    await pipeline([answer.body, ...stages, response]).catch(() => response.destroy());
  }

  const server = createServer((request, response) => {
    forward(request, response).catch((error: unknown) => refuse(response, 502, `proxy failure: ${String(error)}`));
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => resolve());
  });
  const address = server.address();
  if (address === null || typeof address === "string") throw new Error("the proxy has no TCP address");
  return {
    url: `http://127.0.0.1:${address.port}`,
    upstream,
    requests: () => received,
    close: async () => {
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeAllConnections();
      await closed;
      await dispatcher.destroy();
    },
  };
}
