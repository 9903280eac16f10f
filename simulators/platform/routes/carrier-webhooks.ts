// What the carrier calls on this platform (the wiring contract): status callbacks of dialled calls,
// the voice webhook and status callback of imported numbers. They carry no credential; each is
// verified by its X-Twilio-Signature against the owning carrier account, and refused (403) otherwise.
import type { FastifyInstance, FastifyRequest } from "fastify";
import { z } from "zod";
import { type FormParams, SIGNATURE_HEADER, validateTwilioSignature } from "../../carrier/index.ts";
import { ApiError } from "../../shared/api-error.ts";
import { answerInbound, onInboundStatus } from "../calls/inbound.ts";
import { onCarrierStatus } from "../calls/outbound.ts";
import { callsState } from "../calls/state.ts";
import type { PlatformContext } from "../context.ts";
import { parse } from "../http/parse.ts";
import { regionDirectory } from "../telephony/directory.ts";
import { type PhoneNumberRow, telephonyState } from "../telephony/state.ts";

const SessionParams = z.object({ session_id: z.uuid() });
const NumberParams = z.object({ phone_number_id: z.uuid() });

interface Form {
  all: FormParams;
  first: Record<string, string>;
}

function parseForm(text: string): Form {
  const all: Record<string, string | string[]> = {};
  const first: Record<string, string> = {};
  for (const [name, value] of new URLSearchParams(text)) {
    const seen = all[name];
    all[name] = seen === undefined ? value : [...(Array.isArray(seen) ? seen : [seen]), value];
    first[name] ??= value;
  }
  return { all, first };
}

export function carrierWebhookRoutes(app: FastifyInstance, ctx: PlatformContext): void {
  const directory = regionDirectory(ctx.store);

  function verify(request: FastifyRequest, authToken: string): Form {
    const form = (request.body as Form | undefined) ?? { all: {}, first: {} };
    const signature = request.headers[SIGNATURE_HEADER];
    const url = `${ctx.selfUrl()}${request.url}`;
    if (!validateTwilioSignature(authToken, typeof signature === "string" ? signature : undefined, url, form.all)) {
      throw new ApiError(403, "the carrier signature does not match this request");
    }
    return form;
  }

  function numberOf(params: unknown): { workspaceId: string; phone: PhoneNumberRow; authToken: string } {
    const { phone_number_id } = parse(ctx, NumberParams, params, "path");
    const workspaceId = directory.numbers.get(phone_number_id);
    const state = workspaceId === undefined ? undefined : telephonyState(ctx, workspaceId);
    const phone = state?.numbers.get(phone_number_id);
    const account = phone === undefined ? undefined : state?.accounts.get(phone.telephony_account_id);
    if (workspaceId === undefined || phone === undefined || account === undefined) {
      throw new ApiError(404, "phone number not found");
    }
    return { workspaceId, phone, authToken: account.access.authToken };
  }

  app.register(async (scope) => {
    scope.addContentTypeParser("application/x-www-form-urlencoded", { parseAs: "string" }, (_request, body, done) =>
      done(null, parseForm(String(body))),
    );

    scope.post("/_carrier/status/:session_id", async (request) => {
      const { session_id } = parse(ctx, SessionParams, request.params, "path");
      const workspaceId = directory.sessions.get(session_id);
      const row = workspaceId === undefined ? undefined : callsState(ctx, workspaceId).rows.get(session_id);
      const account =
        row?.telephonyAccountId == null
          ? undefined
          : telephonyState(ctx, row.workspaceId).accounts.get(row.telephonyAccountId);
      if (row === undefined || account === undefined) throw new ApiError(404, "session not found");
      const form = verify(request, account.access.authToken);
      // Answer at once: analysis and billing run after the carrier has its 200.
      void onCarrierStatus(ctx, row, form.first).catch(() => undefined);
      return { ok: true };
    });

    scope.post("/_carrier/voice/:phone_number_id", async (request, reply) => {
      const { workspaceId, phone, authToken } = numberOf(request.params);
      const form = verify(request, authToken);
      const twiml = await answerInbound(ctx, workspaceId, phone, form.first);
      return reply.type("text/xml").send(twiml);
    });

    scope.post("/_carrier/number-status/:phone_number_id", async (request) => {
      const { workspaceId, authToken } = numberOf(request.params);
      const form = verify(request, authToken);
      void onInboundStatus(ctx, workspaceId, form.first).catch(() => undefined);
      return { ok: true };
    });
  });
}
