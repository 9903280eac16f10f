// Carrier simulator: a Twilio-shaped subset (accounts, numbers, dial, hang-up, signed status
// callbacks, inbound calls) with scripted outcomes on the shared clock and a witness of every call.
import { Agent } from "undici";
import type { Clock } from "../shared/clock.ts";
import { type FrontOps, localLink } from "../shared/fast-path.ts";
import { type RegisteredRoute, registeredRoutes } from "../shared/route-table.ts";
import { createServer, DEFAULT_BODY_LIMIT, type Listen, listenOn } from "../shared/server.ts";
import { registerAdminRoutes } from "./admin-routes.ts";
import { CallFlow } from "./call-flow.ts";
import { CallbackSender } from "./callbacks.ts";
import { answerDial, DIAL_OP, type DialInput } from "./dial-answer.ts";
import { dialFastPath } from "./dial-front.ts";
import { CarrierModel } from "./model.ts";
import { ScriptBook } from "./outcomes.ts";
import { API_VERSION } from "./schemas.ts";
import { refusedRequest } from "./twilio-errors.ts";
import { registerTwilioRoutes } from "./twilio-routes.ts";
import { Witness } from "./witness.ts";

export interface CarrierOptions {
  clock: Clock;
  /** Real ms a status callback or voice_url request may take before it counts as failed (default 5000). */
  callbackTimeoutMs?: number;
  /** Refuse callback and voice_url targets that are not loopback addresses (default true). */
  loopbackOnly?: boolean;
  /** Numbers the default account starts with (default 5: +1 415 555 0100 to 0104). */
  defaultNumbers?: number;
  listen?: Listen;
}

/** Read access to the witness, the same data as GET /_admin/witness. */
export type WitnessReader = Pick<Witness, "snapshot" | "waitFor">;

export interface Carrier {
  url: string;
  /** The default account; its auth token signs every callback of its calls. */
  account: { sid: string; authToken: string };
  witness: WitnessReader;
  /** Scripted outcomes, in process (same as PUT /_admin/scripts/{key}). */
  scripts: ScriptBook;
  /** Every route it registered (robustness tests reach each one). */
  routes: readonly RegisteredRoute[];
  /** What front workers standing before it ask of it (shared/fronts.ts): their dials. */
  frontOps: FrontOps;
  close(): Promise<void>;
}

export async function startCarrier(opts: CarrierOptions): Promise<Carrier> {
  const { clock } = opts;
  const timeoutMs = opts.callbackTimeoutMs ?? 5_000;
  const loopbackOnly = opts.loopbackOnly ?? true;
  const model = new CarrierModel(() => clock.now());
  const witness = new Witness(model.calls, () => clock.now());
  const scripts = new ScriptBook();
  const agent = new Agent({ connect: { timeout: timeoutMs }, headersTimeout: timeoutMs, bodyTimeout: timeoutMs });
  const callbacks = new CallbackSender({
    agent,
    witness,
    now: () => clock.now(),
    timeoutMs,
    loopbackOnly,
    tokenOf: (sid) => model.accounts.get(sid)?.authToken,
  });
  const flow = new CallFlow({ model, witness, callbacks, clock, scripts });

  const account = model.createAccount("Default account");
  for (let i = 0; i < (opts.defaultNumbers ?? 5); i += 1) model.addNumber(account.sid, {});

  // Offline: the carrier API gives no answer (the connection is dropped); /_admin keeps working.
  const availability = { offline: false };
  const frontOps: FrontOps = {
    calls: { [DIAL_OP]: (input: DialInput) => answerDial({ model, flow, availability }, input) },
  };
  const closing = new AbortController();
  const app = createServer({
    // The Twilio paths answer Twilio's error body even for a URL refused before routing.
    foreignErrors: [{ prefix: `/${API_VERSION}/`, body: refusedRequest }],
    // Dials, the busiest route, are answered before fastify routes them, as a front worker answers them.
    fastPaths: {
      paths: [dialFastPath],
      primary: localLink(frontOps),
      bodyLimit: DEFAULT_BODY_LIMIT,
      shutdown: closing.signal,
    },
  });
  app.addHook("onRequest", (request, reply, done) => {
    if (availability.offline && !request.url.startsWith("/_admin")) {
      request.raw.socket.destroy();
      reply.hijack();
      return;
    }
    done();
  });
  registerTwilioRoutes(app, { model, flow });
  registerAdminRoutes(app, {
    model,
    flow,
    scripts,
    witness,
    availability,
    inbound: { flow, witness, agent, timeoutMs, loopbackOnly },
  });
  const url = await listenOn(app, opts.listen);

  return {
    url,
    account: { sid: account.sid, authToken: account.authToken },
    witness,
    scripts,
    routes: registeredRoutes(app),
    frontOps,
    close: async () => {
      closing.abort();
      flow.stopAll();
      // In-flight callbacks fail at once instead of holding close() for their deadline.
      await agent.destroy();
      await callbacks.idle();
      await app.close();
    },
  };
}
