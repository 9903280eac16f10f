// Status callbacks: one signed form POST per subscribed event, in order per call, never blocking
// another call; a delivery that fails or outlives its deadline is recorded, not retried.
import type { Agent } from "undici";
import { type Call, isTerminal, rfc2822 } from "./model.ts";
import { API_VERSION, type CallbackStatus } from "./schemas.ts";
import { sendSigned } from "./signed-request.ts";
import type { Witness } from "./witness.ts";

export interface CallbackOptions {
  agent: Agent;
  witness: Witness;
  now: () => number;
  timeoutMs: number;
  loopbackOnly: boolean;
  tokenOf: (accountSid: string) => string | undefined;
}

/** The parameters Twilio posts for a call at this moment. */
export function callbackParams(call: Call, status: CallbackStatus, sequence: number, simMs: number) {
  const params: Record<string, string> = {
    AccountSid: call.accountSid,
    ApiVersion: API_VERSION,
    CallSid: call.sid,
    CallStatus: status,
    CallbackSource: "call-progress-events",
    Called: call.to,
    Caller: call.from,
    Direction: call.direction,
    From: call.from,
    To: call.to,
    SequenceNumber: String(sequence),
    Timestamp: rfc2822(simMs),
  };
  if (isTerminal(call.status)) {
    const seconds = call.durationS ?? 0;
    params["CallDuration"] = String(seconds);
    params["Duration"] = String(Math.ceil(seconds / 60));
  }
  // Twilio names the answerer only when machine detection ran; a voicemail always says so here,
  // because telling it apart is the point of the voicemail outcome.
  if (call.answeredBy === "machine_start" || (call.answeredBy !== null && call.machineDetection))
    params["AnsweredBy"] = call.answeredBy;
  return params;
}

export class CallbackSender {
  private readonly chains = new Map<string, Promise<void>>();

  constructor(private readonly options: CallbackOptions) {}

  /** Queues the callback for `status` now (parameters are taken at this instant). */
  send(call: Call, status: CallbackStatus): void {
    const url = call.statusCallback;
    const authToken = this.options.tokenOf(call.accountSid);
    if (url === null || authToken === undefined) return;
    const sequence = call.sequence++;
    const simMs = this.options.now();
    const params = callbackParams(call, status, sequence, simMs);
    const method = call.statusCallbackMethod;
    const generation = this.options.witness.generation;
    const previous = this.chains.get(call.sid) ?? Promise.resolve();
    const next = previous.then(async () => {
      const realMs = Date.now();
      const result = await sendSigned(
        this.options.agent,
        { url, method, params, authToken },
        this.options.timeoutMs,
        this.options.loopbackOnly,
      );
      const ok = result.status !== null && result.status >= 200 && result.status < 300;
      this.options.witness.callback(
        {
          call_sid: call.sid,
          url,
          method,
          call_status: status,
          sequence,
          sim_ms: simMs,
          real_ms: realMs,
          ok,
          http_status: result.status,
          error: ok ? null : (result.error ?? `http ${result.status}`),
          elapsed_real_ms: Math.round(result.elapsedMs),
        },
        generation,
      );
    });
    this.chains.set(call.sid, next);
    // The chain of a finished call is dropped once its last callback went out.
    void next.then(() => {
      if (this.chains.get(call.sid) === next) this.chains.delete(call.sid);
    });
  }

  /** Resolves when every queued callback was delivered or failed. */
  async idle(): Promise<void> {
    while (this.chains.size > 0) await Promise.all([...this.chains.values()]);
  }
}
