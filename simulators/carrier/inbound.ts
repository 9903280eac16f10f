// An inbound call into the server's trunk: the carrier asks the number's voice_url (signed, as
// Twilio does) and the answer decides: any 2xx answers, a 4xx/5xx or a TwiML <Reject/> rejects.
import type { Agent } from "undici";
import type { CallFlow } from "./call-flow.ts";
import type { Account, PhoneNumber } from "./model.ts";
import { API_VERSION, type WitnessInbound } from "./schemas.ts";
import { sendSigned } from "./signed-request.ts";
import type { Witness } from "./witness.ts";

export interface InboundDeps {
  flow: CallFlow;
  witness: Witness;
  agent: Agent;
  timeoutMs: number;
  loopbackOnly: boolean;
}

const REJECT = /<Reject\b([^>]*)>/i;

export async function placeInbound(
  deps: InboundDeps,
  account: Account,
  number: PhoneNumber,
  from: string,
  talkMs: number,
): Promise<WitnessInbound> {
  const { flow, witness } = deps;
  const realMs = Date.now();
  const call = flow.createCall(
    {
      accountSid: account.sid,
      to: number.phoneNumber,
      from,
      phoneNumberSid: number.sid,
      statusCallback: number.statusCallback,
      statusCallbackMethod: number.statusCallbackMethod,
      // A number's status callback hears only the end of the call, as on Twilio.
      events: new Set(["completed"]),
      timeoutMs: Number.POSITIVE_INFINITY,
      machineDetection: false,
    },
    "inbound",
    "ringing",
    { outcome: "answer", ringMs: 0, talkMs },
    1,
  );
  const record = (outcome: WitnessInbound["outcome"], httpStatus: number | null, reason: string | null) =>
    witness.inboundPlaced(call, outcome, httpStatus, reason, realMs);

  if (number.voiceUrl === null) {
    flow.finish(call, "failed", "carrier", 0);
    return record("no-voice-url", null, "the number has no voice_url");
  }
  const result = await sendSigned(
    deps.agent,
    {
      url: number.voiceUrl,
      method: number.voiceMethod,
      authToken: account.authToken,
      params: {
        AccountSid: account.sid,
        ApiVersion: API_VERSION,
        CallSid: call.sid,
        CallStatus: "ringing",
        Called: number.phoneNumber,
        Caller: from,
        Direction: "inbound",
        From: from,
        To: number.phoneNumber,
      },
    },
    deps.timeoutMs,
    deps.loopbackOnly,
  );
  if (result.status === null) {
    flow.finish(call, "failed", "carrier", 0);
    return record("failed", null, result.error);
  }
  if (result.status < 200 || result.status >= 300) {
    flow.finish(call, "failed", "carrier", 0);
    return record("rejected", result.status, `http ${result.status}`);
  }
  const reject = REJECT.exec(result.body);
  if (reject !== null) {
    // Twilio ends a rejected call as busy or no-answer, after the <Reject reason>.
    const busy = /reason\s*=\s*["']busy["']/i.test(reject[1] ?? "");
    flow.finish(call, busy ? "busy" : "no-answer", "carrier", 0);
    return record("rejected", result.status, busy ? "reject:busy" : "reject:rejected");
  }
  // The server may have hung up through the API while it was answering.
  if (call.status !== "ringing") return record("answered", result.status, null);
  flow.answer(call);
  const row = record("answered", result.status, null);
  flow.talk(call).catch(() => {
    // Aborted by a hang-up, a reset or close.
  });
  return row;
}
