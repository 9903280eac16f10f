// Webhook sink: the receiver the harness uses to witness webhook deliveries (spec 6.1). It records
// every request to /hooks/{name} byte for byte, answers as told (status, delay, redirect), verifies
// Standard Webhooks signatures when given a secret, and notes whether the client hung up first.
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { z } from "zod";
import { ApiError, parsePart } from "../shared/api-error.ts";
import { type RegisteredRoute, registeredRoutes } from "../shared/route-table.ts";
import { createServer, type Listen, listenOn } from "../shared/server.ts";
import { type HookConfig, HookStore } from "./model.ts";
import {
  type Delivery,
  type DeliveryList,
  HookConfigBody,
  type HookConfigInput,
  HookName,
  type HookView,
  ListQuery,
  type WaitOptions,
  WaitQuery,
  type WaitResult,
} from "./schemas.ts";
import { verifierFor } from "./signature.ts";

export interface WebhookSink {
  url: string;
  /** The delivery URL of a hook: `${url}/hooks/${name}`. */
  hookUrl(name: string): string;
  configure(name: string, config: HookConfigInput): HookView;
  deliveries(name: string): DeliveryList;
  wait(name: string, options: WaitOptions): Promise<WaitResult>;
  clear(name: string): void;
  /** Every route it registered (robustness tests reach each one). */
  routes: readonly RegisteredRoute[];
  close(): Promise<void>;
}

const NameParams = z.object({ name: HookName });
/** Deliveries may be large (a batch of events); five times the other servers' limit. */
export const SINK_BODY_LIMIT = 5 * 1024 * 1024;

/** Validates a config body into a HookConfig; the secret becomes a verifier and is dropped. */
function toConfig(body: unknown): HookConfig {
  const parsed = parsePart(HookConfigBody, body);
  let verifier: HookConfig["verifier"] = null;
  if (parsed.secret !== undefined) {
    verifier = verifierFor(parsed.secret) ?? null;
    if (verifier === null) throw ApiError.validation(["secret: must be whsec_ followed by base64 of the key"]);
  }
  return { status: parsed.status, delayMs: parsed.delay_ms, redirectTo: parsed.redirect_to ?? null, verifier };
}

export async function startWebhookSink(listen: Listen = {}): Promise<WebhookSink> {
  const store = new HookStore();
  // Aborted by close(), so slow answers and long-polls do not hold the server open.
  const closing = new AbortController();
  const app = createServer({ bodyLimit: SINK_BODY_LIMIT });
  app.register(async (scope) => registerHookRoutes(scope, store, closing.signal));
  registerAdminRoutes(app, store, closing.signal);
  const url = await listenOn(app, listen);
  return {
    url,
    hookUrl: (name) => `${url}/hooks/${encodeURIComponent(name)}`,
    configure: (name, config) => {
      store.configure(parsePart(HookName, name), toConfig(config));
      return store.view(name);
    },
    deliveries: (name) => store.list(name),
    wait: (name, options) => store.wait(name, options, closing.signal),
    clear: (name) => store.clear(name),
    routes: registeredRoutes(app),
    close: async () => {
      closing.abort();
      await app.close();
    },
  };
}

function flatHeaders(request: FastifyRequest): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(request.headers))
    if (value !== undefined) headers[name] = Array.isArray(value) ? value.join(", ") : value;
  return headers;
}

/** Resolves true when the client hung up before `ms` passed, false when the time ran out or the
 * sink is closing (then the answer goes out at once). */
function delayOrHangUp(reply: FastifyReply, ms: number, closing: AbortSignal): Promise<boolean> {
  return new Promise((resolve) => {
    if (reply.raw.destroyed) return resolve(true);
    const finish = (hungUp: boolean) => {
      clearTimeout(timer);
      reply.raw.off("close", onClose);
      closing.removeEventListener("abort", onClosing);
      resolve(hungUp);
    };
    const onClose = () => finish(true);
    const onClosing = () => finish(false);
    const timer = setTimeout(() => finish(false), ms);
    reply.raw.once("close", onClose);
    closing.addEventListener("abort", onClosing, { once: true });
  });
}

function registerHookRoutes(scope: FastifyInstance, store: HookStore, closing: AbortSignal): void {
  // Every body is kept as raw bytes, whatever it claims to be.
  scope.removeAllContentTypeParsers();
  scope.addContentTypeParser("*", { parseAs: "buffer" }, (_request, body, done) => done(null, body));

  // Any method is recorded: a client that wrongly followed a redirect may arrive with a GET.
  scope.all("/hooks/:name", async (request, reply) => {
    const { name } = parsePart(NameParams, request.params);
    const config = store.config(name);
    const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
    const headers = flatHeaders(request);
    const signature = config.verifier?.(body, headers) ?? null;
    const redirect = config.redirectTo !== null;
    const status = redirect && (config.status < 300 || config.status > 399) ? 307 : config.status;
    const wallMs = Date.now();
    const rawHeaders: [string, string][] = [];
    for (let i = 0; i + 1 < request.raw.rawHeaders.length; i += 2)
      rawHeaders.push([request.raw.rawHeaders[i]!, request.raw.rawHeaders[i + 1]!]);
    const row: Delivery = store.record({
      hook: name,
      method: request.method,
      url: request.url,
      headers,
      raw_headers: rawHeaders,
      body_base64: body.toString("base64"),
      body_text: body.toString("utf8"),
      body_bytes: body.length,
      received_at: new Date(wallMs).toISOString(),
      received_wall_ms: wallMs,
      received_mono_ms: performance.now(),
      webhook_id: headers["webhook-id"] ?? null,
      signature_valid: signature?.valid ?? null,
      signature_error: signature?.error ?? null,
      response: { status, location: config.redirectTo, delay_ms: config.delayMs },
      state: "pending",
      settled_mono_ms: null,
      client_aborted: false,
    });
    // 'close' comes after the answer is flushed, or earlier when the client hangs up first.
    reply.raw.once("close", () => store.settle(row, !reply.raw.writableFinished));
    if (config.delayMs > 0 && (await delayOrHangUp(reply, config.delayMs, closing))) {
      // The client is gone: nothing to answer.
      reply.hijack();
      reply.raw.destroy();
      return;
    }
    if (redirect) reply.header("location", config.redirectTo);
    return reply.status(status).send({ hook: name, delivery_id: row.id });
  });
}

function registerAdminRoutes(app: FastifyInstance, store: HookStore, closing: AbortSignal): void {
  app.get("/_admin/hooks", async () => ({ hooks: store.names().map((name) => store.view(name)) }));

  app.get("/_admin/hooks/:name", async (request) => {
    const { name } = parsePart(NameParams, request.params);
    return store.view(name);
  });

  app.put("/_admin/hooks/:name", async (request) => {
    const { name } = parsePart(NameParams, request.params);
    store.configure(name, toConfig(request.body));
    return store.view(name);
  });

  app.delete("/_admin/hooks/:name", async (request) => {
    const { name } = parsePart(NameParams, request.params);
    store.clear(name);
    return { ok: true };
  });

  app.get("/_admin/hooks/:name/deliveries", async (request) => {
    const { name } = parsePart(NameParams, request.params);
    return store.list(name, parsePart(ListQuery, request.query).after_seq);
  });

  app.get("/_admin/hooks/:name/wait", async (request, reply) => {
    const { name } = parsePart(NameParams, request.params);
    const query = parsePart(WaitQuery, request.query);
    // A caller that gives up, or the sink closing, ends the wait instead of leaving a timer behind.
    const gone = new AbortController();
    reply.raw.once("close", () => gone.abort());
    const signal = AbortSignal.any([gone.signal, closing]);
    const options = {
      count: query.count,
      timeoutMs: query.timeout_ms,
      settled: query.settled,
      afterSeq: query.after_seq,
      contains: query.contains,
    };
    return store.wait(name, options, signal);
  });

  app.post("/_admin/reset", async () => {
    store.reset();
    return { ok: true };
  });
}
