// Webhook sink: the receiver the harness uses to witness webhook deliveries (spec 6.1). It records
// every request to /hooks/{name} byte for byte, answers as told (status, delay, redirect), verifies
// Standard Webhooks signatures when given a secret, and notes whether the client hung up first.
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { ApiError, parsePart } from "../shared/api-error.ts";
import { localLink, type PrimaryLink } from "../shared/fast-path.ts";
import { type RegisteredRoute, registeredRoutes } from "../shared/route-table.ts";
import { createServer, type Listen, listenOn } from "../shared/server.ts";
import { answerDelivery, deliveryOps } from "./delivery.ts";
import { deliveryFastPath } from "./delivery-front.ts";
import { type HookConfig, HookStore } from "./model.ts";
import {
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
import { type SignatureHeaders, STANDARD_HEADERS, verifierFor } from "./signature.ts";

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

/** How long close() lets the answers it hurried reach their clients. */
const CLOSE_FLUSH_MS = 1_000;

const NameParams = z.object({ name: HookName });
/** Deliveries may be large (a batch of events); five times the other servers' limit. */
export const SINK_BODY_LIMIT = 5 * 1024 * 1024;

/** Validates a config body into a HookConfig; the secret becomes a verifier and is dropped. */
function toConfig(body: unknown): HookConfig {
  const parsed = parsePart(HookConfigBody, body);
  let verifier: HookConfig["verifier"] = null;
  const given = parsed.signature_headers;
  const names = given === undefined ? STANDARD_HEADERS : lowerCased(given);
  if (parsed.secret !== undefined) {
    verifier = verifierFor(parsed.secret, names, parsed.secret_encoding) ?? null;
    if (verifier === null) {
      const written = parsed.secret_encoding === "any" ? "base64, base64url or hex" : parsed.secret_encoding;
      throw ApiError.validation([`secret: must be whsec_ followed by 32 bytes written as ${written}`]);
    }
  }
  return {
    status: parsed.status,
    delayMs: parsed.delay_ms,
    redirectTo: parsed.redirect_to ?? null,
    verifier,
    idHeader: names.id,
  };
}

/** Header names as Node hands them over: lower case. */
function lowerCased(names: SignatureHeaders): SignatureHeaders {
  return {
    id: names.id.toLowerCase(),
    timestamp: names.timestamp.toLowerCase(),
    signature: names.signature.toLowerCase(),
  };
}

export async function startWebhookSink(listen: Listen = {}): Promise<WebhookSink> {
  const store = new HookStore();
  // Aborted by close(), so slow answers and long-polls do not hold the server open.
  const closing = new AbortController();
  const primary = localLink(deliveryOps(store));
  const app = createServer({
    bodyLimit: SINK_BODY_LIMIT,
    fastPaths: { paths: [deliveryFastPath], primary, bodyLimit: SINK_BODY_LIMIT, shutdown: closing.signal },
  });
  app.register(async (scope) => registerHookRoutes(scope, primary, closing.signal));
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
      // Slow answers go out at once; the connections close once they have (or a client failed to read them in time).
      closing.abort();
      await store.allSettled(CLOSE_FLUSH_MS);
      await app.close();
    },
  };
}

function registerHookRoutes(scope: FastifyInstance, primary: PrimaryLink, closing: AbortSignal): void {
  // Every body is kept as raw bytes, whatever it claims to be.
  scope.removeAllContentTypeParsers();
  scope.addContentTypeParser("*", { parseAs: "buffer" }, (_request, body, done) => done(null, body));

  // Any method is recorded: a client that wrongly followed a redirect may arrive with a GET. Most
  // deliveries are answered before fastify routes them (delivery-front.ts); this route takes the rest.
  scope.all("/hooks/:name", async (request, reply) => {
    const { name } = parsePart(NameParams, request.params);
    const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
    reply.hijack();
    await answerDelivery(request.raw, reply.raw, name, body, primary, closing);
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
