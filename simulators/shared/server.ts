// The fastify base every simulator and the reference platform share: the error envelope on every
// error (fastify's own 400/404/413/414/415 and node's parser refusals included; an imitated API's own
// body on its paths), JSON bodies decoded strictly (json-body.ts), loopback-only listening, bounded timeouts.
import { createServer as createHttpServer, type IncomingMessage, type RequestListener, type Server } from "node:http";
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyServerOptions } from "fastify";
import { errorBody } from "../../spec/errors.ts";
import { ApiError } from "./api-error.ts";
import { clientErrorHandler } from "./client-error.ts";
import { type FastPaths, takeFastPath } from "./fast-path.ts";
import { parseJsonBody } from "./json-body.ts";
import { recordRoutes } from "./route-table.ts";

/** Longest path parameter routed (fastify's default); ids and names are far shorter. */
const MAX_PARAM_LENGTH = 100;

/** Largest body a server takes unless it says otherwise. */
export const DEFAULT_BODY_LIMIT = 1024 * 1024;

/** How long a request may take to arrive, and a connection may stay silent (front-worker.ts proxies with the latter). */
const REQUEST_TIMEOUT_MS = 30_000;
export const CONNECTION_TIMEOUT_MS = 30_000;
/** fastify's default, kept: the Keep-Alive header a client reads says the same. */
const KEEP_ALIVE_TIMEOUT_MS = 72_000;

export interface ServerOptions {
  /** Largest accepted body; larger ones get 413 in the envelope. */
  bodyLimit?: number;
  logger?: FastifyServerOptions["logger"];
  /** Maps a request's URL before routing (the reference platform serving a profile's paths). */
  rewriteUrl?: (method: string, url: string) => string;
  /** Paths that imitate another API (Twilio's, OpenAI's), whose errors before routing use that API's body. */
  foreignErrors?: readonly ForeignErrors[];
  /** A busy route answered on node:http before fastify routes the request (fast-path.ts). */
  fastPaths?: FastPaths;
}

/** Under `prefix`, an error body in the imitated API's own shape instead of the envelope. */
export interface ForeignErrors {
  prefix: string;
  body(status: number, message: string): unknown;
}

export function createServer(options: ServerOptions = {}): FastifyInstance {
  const app = Fastify({
    logger: options.logger ?? false,
    bodyLimit: options.bodyLimit ?? DEFAULT_BODY_LIMIT,
    // A client that stalls must not hold a socket forever.
    requestTimeout: REQUEST_TIMEOUT_MS,
    keepAliveTimeout: KEEP_ALIVE_TIMEOUT_MS,
    // close() ends open connections (slow answers, open streams) instead of waiting them out.
    forceCloseConnections: true,
    connectionTimeout: CONNECTION_TIMEOUT_MS,
    routerOptions: { maxParamLength: MAX_PARAM_LENGTH },
    ajv: { customOptions: { allErrors: true } },
    clientErrorHandler,
    ...(options.fastPaths !== undefined ? { serverFactory: fastPathServer(options.fastPaths) } : {}),
    ...(options.rewriteUrl !== undefined
      ? { rewriteUrl: (req: IncomingMessage) => options.rewriteUrl!(req.method ?? "GET", req.url ?? "/") }
      : {}),
    // Errors fastify raises before routing (a malformed URL, a path parameter too long) get the envelope
    // too, or the imitated API's body on its paths: no route's scope has claimed the request yet.
    frameworkErrors: (error, request, reply) => {
      const status = typeof error.statusCode === "number" && error.statusCode < 500 ? error.statusCode : 400;
      const message = frameworkMessage(error.code, error.message);
      const url = request.raw.url ?? "/";
      const foreign = options.foreignErrors?.find((family) => url.startsWith(family.prefix));
      // fastify types this reply by route generics it cannot know here.
      (reply as unknown as FastifyReply)
        .status(status)
        .send(foreign === undefined ? errorBody(message) : foreign.body(status, message));
    },
  });

  recordRoutes(app);

  app.setErrorHandler((error: unknown, _request, reply) => {
    if (error instanceof ApiError) return reply.status(error.status).send(error.body);
    const failure = error as { statusCode?: number; code?: string; message?: string };
    const status = typeof failure.statusCode === "number" ? failure.statusCode : 500;
    if (status >= 400 && status < 500) return reply.status(status).send(errorBody(clientErrorMessage(failure, status)));
    reply.log.error(error);
    return reply.status(500).send(errorBody("internal error"));
  });

  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split("?")[0]!;
    // A path of kilobytes quoted back whole would bury the message.
    const shown = path.length > 200 ? `${path.slice(0, 200)}…` : path;
    reply.status(404).send(errorBody(`no route for ${request.method} ${shown}`));
  });

  // Bodies are JSON (4): fastify's default text/plain parser would hand a handler a string and make a
  // wrong Content-Type read as a schema problem; without it that is a 415.
  app.removeContentTypeParser("text/plain");
  // Bytes, not a string: fastify's string decoding would turn bad UTF-8 into U+FFFD silently.
  app.removeContentTypeParser("application/json");
  app.addContentTypeParser("application/json", { parseAs: "buffer" }, (_request, body, done) => {
    try {
      done(null, parseJsonBody(body as Buffer));
    } catch (error) {
      done(error as Error, undefined);
    }
  });
  return app;
}

/**
 * A plain node:http server with the base's timeouts, as fastify sets them on a server it creates itself: for a
 * server fastify is handed (the fast paths' below) and a front worker's.
 */
export function baseHttpServer(listener: RequestListener): Server {
  const server = createHttpServer(listener);
  server.keepAliveTimeout = KEEP_ALIVE_TIMEOUT_MS;
  server.requestTimeout = REQUEST_TIMEOUT_MS;
  server.setTimeout(CONNECTION_TIMEOUT_MS);
  return server;
}

/** node:http with fastify's settings, trying the fast paths before fastify's handler. */
function fastPathServer(fast: FastPaths): FastifyServerOptions["serverFactory"] {
  return (handler) =>
    baseHttpServer((request, response) => {
      if (!takeFastPath(fast, request, response)) handler(request, response);
    });
}

/** Fastify's own messages quote the whole URL back, which for a long one buries the reason. */
function frameworkMessage(code: string | undefined, message: string): string {
  if (code === "FST_ERR_BAD_URL") return "the URL is not valid";
  if (code === "FST_ERR_MAX_PARAM_LENGTH") return `a path parameter is longer than ${MAX_PARAM_LENGTH} characters`;
  return message;
}

function clientErrorMessage(error: { code?: string; message?: string }, status: number): string {
  if (status === 413) return "request body too large";
  if (status === 415) return "Content-Type must be application/json";
  if (error.code === "FST_ERR_CTP_INVALID_MEDIA_TYPE") return "Content-Type must be application/json";
  return error.message ?? "bad request";
}

/** Listens on an ephemeral loopback port and answers the origin, e.g. http://127.0.0.1:40123. */
export async function listenLoopback(app: FastifyInstance, port = 0, host = "127.0.0.1"): Promise<string> {
  await app.listen({ port, host });
  const address = app.server.address();
  if (address === null || typeof address === "string") throw new Error("server has no TCP address");
  return `http://${host.includes(":") ? `[${host}]` : host}:${address.port}`;
}

/**
 * Where a simulator listens and the origin it is known by. Loopback on a free port unless told
 * otherwise (`cap-conformance simulate --listen`): a simulator reachable from elsewhere is known
 * by the public URL it was given, which it also puts in what it serves (a website's links).
 */
export interface Listen {
  host?: string;
  port?: number;
  publicUrl?: string;
}

export async function listenOn(app: FastifyInstance, listen: Listen = {}): Promise<string> {
  const bound = await listenLoopback(app, listen.port ?? 0, listen.host ?? "127.0.0.1");
  return listen.publicUrl?.replace(/\/+$/, "") ?? bound;
}
