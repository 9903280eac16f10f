// Provider simulator: an OpenAI-compatible subset (models, chat completions with streaming, speech stubs,
// realtime sessions) with scripted replies, pacing on the shared clock, injected faults and an offline
// switch, so a platform's key verification (PUT /v1/byok, 502 on no answer) and model calls can be tested.
import type { Socket } from "node:net";
import type { Clock } from "../shared/clock.ts";
import type { FrontOps } from "../shared/fast-path.ts";
import { type RegisteredRoute, registeredRoutes } from "../shared/route-table.ts";
import { createServer, type Listen, listenOn } from "../shared/server.ts";
import { registerAdmin } from "./admin.ts";
import { providerApi } from "./api.ts";
import { registerSamples } from "./audio.ts";
import {
  answerCompletion,
  COMPLETE_OP,
  type CompletionInput,
  FINISHED_OP,
  type FinishedNote,
  RowsInFlight,
} from "./completion-answer.ts";
import { createContext } from "./context.ts";
import { refusedRequest } from "./openai-errors.ts";
import type { RecordedRequest } from "./requests.ts";
import { ProviderState } from "./state.ts";

export interface Provider {
  /** Origin, e.g. http://127.0.0.1:40123; the OpenAI base URL is `${url}/v1`. */
  url: string;
  /** A key valid for the simulator's whole life, generated per start. */
  defaultKey: string;
  /** Keys accepted right now: the default key first, then admin-registered ones. */
  readonly validKeys: readonly string[];
  /** Recorded provider-API requests, oldest first (same rows as GET /_admin/requests). */
  requests(): RecordedRequest[];
  /** In-process control; the admin API edits the same state. */
  state: ProviderState;
  /** Every route it registered (robustness tests reach each one). */
  routes: readonly RegisteredRoute[];
  /** What front workers standing before it ask of it (shared/fronts.ts): their completions, and how they ended. */
  frontOps: FrontOps;
  /** Ends hung and streaming requests, then closes the server. */
  close(): Promise<void>;
}

export interface ProviderOptions {
  clock: Clock;
  listen?: Listen;
  /** Awaited before the recorded requests are read: front workers' late facts (their statuses) land first. */
  beforeRead?: () => Promise<void>;
}

export async function startProvider(opts: ProviderOptions): Promise<Provider> {
  const state = new ProviderState();
  const shutdown = new AbortController();
  const hanging = new Set<Socket>();
  const ctx = createContext(state, opts.clock, shutdown.signal);
  const inFlight = new RowsInFlight();
  // The OpenAI paths answer OpenAI's error body even for a URL refused before routing.
  const app = createServer({ foreignErrors: [{ prefix: "/v1/", body: refusedRequest }] });

  // Offline: the provider is unreachable, so every non-admin connection is dropped unanswered.
  app.addHook("onRequest", (request, reply, done) => {
    if (state.offline && !request.url.startsWith("/_admin")) {
      request.raw.socket.destroy();
      reply.hijack();
      return;
    }
    done();
  });

  await app.register(providerApi(ctx, hanging), { prefix: "/v1" });
  registerSamples(app);
  registerAdmin(app, state, opts.beforeRead);

  const url = await listenOn(app, opts.listen);
  return {
    url,
    defaultKey: state.keys.defaultKey,
    get validKeys() {
      return state.keys.list();
    },
    requests: () => state.requests.list(),
    state,
    routes: registeredRoutes(app),
    frontOps: {
      calls: { [COMPLETE_OP]: (input: CompletionInput) => answerCompletion(ctx, inFlight, input) },
      notes: { [FINISHED_OP]: (note: FinishedNote) => inFlight.finished(note) },
    },
    close: async () => {
      shutdown.abort(new Error("provider simulator closing"));
      for (const socket of hanging) socket.destroy();
      await app.close();
    },
  };
}
