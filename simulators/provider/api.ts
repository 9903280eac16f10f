// The OpenAI-compatible surface under /v1. Every request is recorded, may meet an injected fault, and
// is then authenticated; every error answers in OpenAI's body shape (openai-errors.ts).
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { ApiError } from "../shared/api-error.ts";
import { registerAudio } from "./audio.ts";
import { registerChat } from "./chat.ts";
import type { ApiContext } from "./context.ts";
import { bearerKey, keyHint, maskKey } from "./keys.ts";
import { MODELS_CREATED, SIM_MODELS } from "./models.ts";
import { boundaryOf, parseMultipart } from "./multipart.ts";
import {
  invalidApiKey,
  invalidRequest,
  invalidUrl,
  missingApiKey,
  OpenAiError,
  rateLimited,
  serverError,
} from "./openai-errors.ts";
import { registerRealtime } from "./realtime.ts";
import type { RecordedRequest } from "./requests.ts";

/** Hung sockets, so close() can end them: a hang lasts until the client gives up or the simulator closes. */
export type HangingSockets = Set<import("node:net").Socket>;

export function providerApi(ctx: ApiContext, hanging: HangingSockets) {
  return async (app: FastifyInstance) => {
    const records = new WeakMap<FastifyRequest, RecordedRequest>();

    app.addContentTypeParser("multipart/form-data", { parseAs: "buffer" }, (request, body, done) => {
      const boundary = boundaryOf(String(request.headers["content-type"]));
      const form = boundary === undefined ? undefined : parseMultipart(body as Buffer, boundary);
      if (form === undefined) done(invalidRequest("Could not parse multipart form.", null, null), undefined);
      else done(null, form);
    });

    // Callback hooks, not async ones: no promise and no extra turn on every request.
    app.addHook("preHandler", (request, reply, done) => {
      const { record, refusal } = admit(ctx, {
        method: request.method,
        path: request.url.split("?")[0]!,
        authorization: request.headers.authorization,
        body: request.body,
      });
      records.set(request, record);
      // A hang takes the reply away and never answers: the chain stops here.
      if (refusal === "hang") return void hang(reply, hanging);
      done(refusal);
    });

    app.addHook("onResponse", (request, reply, done) => {
      const record = records.get(request);
      if (record !== undefined) record.status = reply.raw.statusCode;
      done();
    });

    app.setErrorHandler((error: unknown, _request, reply) => {
      const failure = toOpenAi(error);
      return reply.status(failure.status).headers(failure.headers).send(failure.body);
    });
    app.setNotFoundHandler((request, reply) => {
      const failure = invalidUrl(request.method, request.url.split("?")[0]!);
      return reply.status(failure.status).send(failure.body);
    });

    app.get("/models", async () => ({
      object: "list",
      data: SIM_MODELS.map((model) => ({
        id: model.id,
        object: "model",
        created: MODELS_CREATED,
        owned_by: model.owned_by,
      })),
    }));
    registerChat(app, ctx);
    registerAudio(app, ctx);
    registerRealtime(app, ctx);
  };
}

export interface Arrival {
  method: string;
  /** The URL's path, without the query. */
  path: string;
  authorization: string | undefined;
  /** The parsed body, undefined when there was none. */
  body: unknown;
}

/**
 * What every provider-API request meets before its handler, on the provider's state: it is recorded, may
 * meet an injected fault, and is then authenticated. The refusal, if any, is the error to answer or a hang.
 * A front worker's requests meet it in the process that holds the state (completion-answer.ts).
 */
export function admit(ctx: ApiContext, arrival: Arrival): { record: RecordedRequest; refusal?: OpenAiError | "hang" } {
  const body = (arrival.body ?? {}) as { model?: unknown; stream?: unknown; metadata?: unknown };
  const key = bearerKey(arrival.authorization);
  const named = (field: string): string | null => {
    const value = (body.metadata as Record<string, unknown> | null | undefined)?.[field];
    return typeof value === "string" ? value : null;
  };
  const record = ctx.state.requests.add({
    method: arrival.method,
    path: arrival.path,
    model: typeof body.model === "string" ? body.model : null,
    time: new Date(ctx.clock.now()).toISOString(),
    key_hint: keyHint(key),
    stream: body.stream === true,
    session: named("session_id"),
    conversation: named("conversation_id"),
    status: null,
    fault: null,
  });
  const fault = ctx.state.faults.take(record.path);
  if (fault !== undefined) {
    record.fault = fault;
    if (fault === "hang") return { record, refusal: "hang" };
    return { record, refusal: fault === "rate_limit" ? rateLimited(record.model ?? "sim-chat-1") : serverError() };
  }
  if (key === undefined) return { record, refusal: missingApiKey() };
  if (!ctx.state.keys.has(key)) return { record, refusal: invalidApiKey(maskKey(key)) };
  return { record };
}

/** Takes the reply away from fastify and never writes; the socket's idle timeout is lifted so only the client (or close()) ends it. */
function hang(reply: FastifyReply, hanging: HangingSockets): void {
  const socket = reply.raw.socket;
  reply.hijack();
  if (socket === null || socket.destroyed) return;
  socket.setTimeout(0);
  hanging.add(socket);
  socket.once("close", () => hanging.delete(socket));
}

/** Any failure in OpenAI's shape: ours as they are, fastify's own 4xx (bad JSON, 413, 415) as invalid requests. */
export function toOpenAi(error: unknown): OpenAiError {
  if (error instanceof OpenAiError) return error;
  if (error instanceof ApiError) return new OpenAiError(error.status, error.message, "invalid_request_error");
  const failure = error as { statusCode?: number; message?: string };
  const status = typeof failure.statusCode === "number" ? failure.statusCode : 500;
  if (status >= 400 && status < 500) {
    return new OpenAiError(status, failure.message ?? "Bad request.", "invalid_request_error");
  }
  return serverError();
}
