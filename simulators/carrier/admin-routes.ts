// The carrier's admin API under /_admin (the spec's error envelope): accounts and numbers,
// scripted outcomes, inbound calls, a callee's hang-up, the witness and reset. Described in README.md.
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { ApiError, parsePart } from "../shared/api-error.ts";
import { OfflineBody } from "../shared/offline-body.ts";
import type { CallFlow } from "./call-flow.ts";
import { type InboundDeps, placeInbound } from "./inbound.ts";
import { type CarrierModel, numberResource } from "./model.ts";
import { DEFAULT_TALK_MS, type ScriptBook } from "./outcomes.ts";
import { CreateAccountBody, InboundBody, Script, ScriptKey, SeedNumberBody } from "./schemas.ts";
import type { Witness } from "./witness.ts";

export interface AdminRouteDeps {
  model: CarrierModel;
  flow: CallFlow;
  scripts: ScriptBook;
  witness: Witness;
  /** While offline the Twilio paths drop every connection unanswered (a carrier outage). */
  availability: { offline: boolean };
  inbound: InboundDeps;
}

const AccountParams = z.object({ sid: z.string().min(1) });
const ScriptParams = z.object({ key: ScriptKey });
const CallParams = z.object({ sid: z.string().min(1) });

export function registerAdminRoutes(app: FastifyInstance, deps: AdminRouteDeps): void {
  const { model, flow, scripts, witness } = deps;

  const accountOr404 = (sid: string) => {
    const account = model.accounts.get(sid);
    if (account === undefined) throw new ApiError(404, "no such account");
    return account;
  };

  app.get("/_admin/accounts", async () => ({
    accounts: [...model.accounts.values()].map((account) => ({
      sid: account.sid,
      friendly_name: account.friendlyName,
      numbers: model.numbersOf(account.sid).length,
    })),
  }));

  // The only answer that carries an auth token: whoever creates an account needs its credentials.
  app.post("/_admin/accounts", async (request, reply) => {
    const body = parsePart(CreateAccountBody, request.body);
    const account = model.createAccount(body.friendly_name);
    const numbers = Array.from({ length: body.numbers }, () => model.addNumber(account.sid, {})!);
    return reply.status(201).send({
      sid: account.sid,
      auth_token: account.authToken,
      friendly_name: account.friendlyName,
      numbers: numbers.map(numberResource),
    });
  });

  app.get("/_admin/accounts/:sid/numbers", async (request) => {
    const { sid } = parsePart(AccountParams, request.params);
    return { numbers: model.numbersOf(accountOr404(sid).sid).map(numberResource) };
  });

  app.post("/_admin/accounts/:sid/numbers", async (request, reply) => {
    const { sid } = parsePart(AccountParams, request.params);
    const account = accountOr404(sid);
    const body = parsePart(SeedNumberBody, request.body);
    const number = model.addNumber(account.sid, body);
    if (number === undefined) throw new ApiError(409, "that number is already owned by an account");
    return reply.status(201).send(numberResource(number));
  });

  app.get("/_admin/scripts", async () => ({ scripts: scripts.list() }));

  app.put("/_admin/scripts/:key", async (request) => {
    const { key } = parsePart(ScriptParams, request.params);
    const script = parsePart(Script, request.body);
    scripts.set(key, script);
    return { key, steps: script.steps };
  });

  app.delete("/_admin/scripts/:key", async (request) => {
    const { key } = parsePart(ScriptParams, request.params);
    if (!scripts.delete(key)) throw new ApiError(404, "no script for that key");
    return { ok: true };
  });

  app.delete("/_admin/scripts", async () => {
    scripts.clear();
    return { ok: true };
  });

  app.post("/_admin/inbound", async (request, reply) => {
    const body = parsePart(InboundBody, request.body);
    const number = model.numberByE164(body.to);
    if (number === undefined) throw new ApiError(404, "no account owns that number");
    const account = accountOr404(number.accountSid);
    const row = await placeInbound(deps.inbound, account, number, body.from, body.talk_ms ?? DEFAULT_TALK_MS);
    return reply.status(201).send(row);
  });

  // The callee's side of a live call: a `hold` callee talks until the harness hangs it up here.
  app.post("/_admin/calls/:sid/hangup", async (request) => {
    const { sid } = parsePart(CallParams, request.params);
    const call = model.calls.get(sid);
    if (call === undefined) throw new ApiError(404, "no such call");
    if (!flow.calleeHangsUp(call)) throw new ApiError(409, `that call is not in progress (it is ${call.status})`);
    return { ok: true, call_sid: sid, status: call.status };
  });

  app.get("/_admin/witness", async () => witness.snapshot());

  app.post("/_admin/offline", async (request) => {
    const { offline } = parsePart(OfflineBody, request.body);
    deps.availability.offline = offline;
    return { ok: true, offline };
  });

  // Clears calls and what was witnessed; accounts, numbers and scripts stay.
  app.post("/_admin/reset", async () => {
    flow.stopAll();
    model.calls.clear();
    witness.reset();
    return { ok: true };
  });
}
