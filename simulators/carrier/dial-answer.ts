// A dial a front worker received (ARCHITECTURE.md, "Simulators behind several processes"), answered in
// the process that holds the calls, in the order the carrier's own server takes it: offline drops it,
// then the credentials, the form, the account in the path, and placeDial, exactly as POST .../Calls.json.
import { z } from "zod";
import type { JsonAnswer } from "../shared/front-protocol.ts";
import type { CallFlow } from "./call-flow.ts";
import { MalformedForm, parseForm } from "./form.ts";
import { type CarrierModel, callResource } from "./model.ts";
import { AUTHENTICATE, notFound, TwilioError, twilioErrorBody } from "./twilio-errors.ts";
import { authenticate, placeDial, WWW_AUTHENTICATE } from "./twilio-routes.ts";

/** What the worker passes on: the one header the route reads, the account in the path, the form's bytes. */
export const DialInput = z.object({
  authorization: z.string().optional(),
  accountSid: z.string(),
  /** The URL's path, as a 404 names it. */
  path: z.string(),
  form: z.custom<Uint8Array>((value) => value instanceof Uint8Array),
});
export type DialInput = z.infer<typeof DialInput>;

export const DIAL_OP = "carrier.dial";

export interface DialAnswerDeps {
  model: CarrierModel;
  flow: CallFlow;
  availability: { offline: boolean };
}

export function answerDial(deps: DialAnswerDeps, input: DialInput): JsonAnswer {
  if (deps.availability.offline) return { drop: true };
  const account = authenticate(deps.model, input.authorization);
  if (account === undefined)
    return { status: 401, headers: { "www-authenticate": WWW_AUTHENTICATE }, body: AUTHENTICATE };
  try {
    let params: ReturnType<typeof parseForm>;
    try {
      params = parseForm(Buffer.from(input.form.buffer, input.form.byteOffset, input.form.byteLength));
    } catch (error) {
      if (!(error instanceof MalformedForm)) throw error;
      throw new TwilioError(400, 20001, error.message);
    }
    if (input.accountSid !== account.sid) throw notFound(input.path);
    return { status: 201, headers: {}, body: callResource(placeDial(deps.model, deps.flow, account, params)) };
  } catch (error) {
    if (error instanceof TwilioError) return { status: error.status, headers: {}, body: error.body };
    return { status: 500, headers: {}, body: twilioErrorBody(500, 20500, "Internal Server Error") };
  }
}
