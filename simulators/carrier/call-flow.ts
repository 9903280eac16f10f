// The life of a call: scripted progress through Twilio's statuses on the shared simulated clock,
// status callbacks for the subscribed events, and hang-up requests.
import type { Clock } from "../shared/clock.ts";
import type { CallbackSender } from "./callbacks.ts";
import { type Call, type CarrierModel, type HttpMethod, isTerminal, type Lifecycle } from "./model.ts";
import type { ResolvedStep, ScriptBook } from "./outcomes.ts";
import type { CallbackEvent, CallbackStatus, CallStatus } from "./schemas.ts";
import type { Witness } from "./witness.ts";

export interface DialInput {
  accountSid: string;
  to: string;
  from: string;
  phoneNumberSid: string | null;
  statusCallback: string | null;
  statusCallbackMethod: HttpMethod;
  events: ReadonlySet<CallbackEvent>;
  timeoutMs: number;
  machineDetection: boolean;
}

export interface FlowDeps {
  model: CarrierModel;
  witness: Witness;
  callbacks: CallbackSender;
  clock: Clock;
  scripts: ScriptBook;
}

/** What a stopped lifecycle's wait rejects with: one error, made once, since nobody reads it. */
const STOPPED = new Error("call lifecycle stopped");

/** Waits `simMs` simulated ms on the shared clock; rejects at once when the lifecycle is stopped. */
function sleep(clock: Clock, lifecycle: Lifecycle, simMs: number): Promise<void> {
  return new Promise((resolve, reject) => {
    if (lifecycle.stopped) return reject(STOPPED);
    const timer = setTimeout(
      () => {
        lifecycle.cancel = undefined;
        resolve();
      },
      Math.max(0, clock.toReal(simMs)),
    );
    lifecycle.cancel = () => {
      clearTimeout(timer);
      reject(STOPPED);
    };
  });
}

/** Rejects when the lifecycle is stopped; used by `hold`, which only ends by hang-up. */
function untilStopped(lifecycle: Lifecycle): Promise<never> {
  return new Promise((_, reject) => {
    if (lifecycle.stopped) return reject(STOPPED);
    lifecycle.cancel = () => reject(STOPPED);
  });
}

/** Stops a lifecycle for good: its current wait rejects, and so does any later one. */
function stop(lifecycle: Lifecycle): void {
  lifecycle.stopped = true;
  const cancel = lifecycle.cancel;
  lifecycle.cancel = undefined;
  cancel?.();
}

export class CallFlow {
  constructor(private readonly deps: FlowDeps) {}

  /** Creates a call in `status` without starting any lifecycle. */
  createCall(input: DialInput, direction: Call["direction"], status: CallStatus, step: ResolvedStep, attempt: number) {
    const now = this.deps.clock.now();
    const call: Call = {
      sid: this.deps.model.newCallSid(),
      accountSid: input.accountSid,
      direction,
      to: input.to,
      from: input.from,
      phoneNumberSid: input.phoneNumberSid,
      status,
      answeredBy: null,
      createdSimMs: now,
      updatedSimMs: now,
      startSimMs: null,
      endSimMs: null,
      durationS: null,
      statusCallback: input.statusCallback,
      statusCallbackMethod: input.statusCallbackMethod,
      events: input.events,
      sequence: 0,
      lifecycle: { stopped: false, cancel: undefined },
      timeoutMs: input.timeoutMs,
      machineDetection: input.machineDetection,
      step,
      attempt,
    };
    this.deps.model.calls.set(call.sid, call);
    return call;
  }

  /** An outbound dial: answered as `queued`; the scripted lifecycle starts on the next turn. */
  dial(input: DialInput): Call {
    const attempt = this.deps.witness.nextAttempt(input.to);
    const step = this.deps.scripts.stepFor(input.to, attempt);
    const call = this.createCall(input, "outbound-api", "queued", step, attempt);
    this.deps.witness.dialed(call);
    // Let the 201 leave first, as a real carrier's first callback comes after its API answer.
    setImmediate(() => void this.run(call));
    return call;
  }

  private async run(call: Call): Promise<void> {
    const { step } = call;
    const wait = (ms: number) => sleep(this.deps.clock, call.lifecycle, ms);
    try {
      if (step.outcome === "failed") {
        await wait(step.ringMs);
        return this.finish(call, "failed", "carrier", 0);
      }
      this.emit(call, "initiated", "initiated");
      if (step.outcome === "busy") {
        await wait(step.ringMs);
        return this.finish(call, "busy", "carrier", 0);
      }
      this.move(call, "ringing");
      this.emit(call, "ringing", "ringing");
      if (step.ringMs >= call.timeoutMs) {
        await wait(call.timeoutMs);
        return this.finish(call, "no-answer", "carrier", 0);
      }
      await wait(step.ringMs);
      call.answeredBy = step.outcome === "voicemail" ? "machine_start" : "human";
      this.answer(call);
      await this.talk(call);
    } catch {
      // Stopped: a hang-up already finished the call, or the carrier is resetting or closing.
    }
  }

  answer(call: Call): void {
    call.startSimMs = this.deps.clock.now();
    this.move(call, "in-progress");
    this.emit(call, "answered", "in-progress");
  }

  /** The conversation of an answered call; a `hold` step never ends by itself. Throws when stopped. */
  async talk(call: Call): Promise<void> {
    if (call.step.outcome === "hold") await untilStopped(call.lifecycle);
    await sleep(this.deps.clock, call.lifecycle, call.step.talkMs);
    this.finish(call, "completed", "carrier", Math.round(call.step.talkMs / 1000));
  }

  /** Twilio's hang-up: `canceled` stops a call not yet answered; `completed` ends any live call. */
  hangup(call: Call, requested: "completed" | "canceled"): void {
    if (isTerminal(call.status)) return;
    if (call.status === "in-progress") {
      if (requested === "canceled") return;
      stop(call.lifecycle);
      this.finish(call, "completed", "api");
      return;
    }
    stop(call.lifecycle);
    this.finish(call, "canceled", "api", 0);
  }

  /** The callee hangs up a live call (the admin API): it ends `completed`, ended by the carrier's side. */
  calleeHangsUp(call: Call): boolean {
    if (call.status !== "in-progress") return false;
    stop(call.lifecycle);
    this.finish(call, "completed", "carrier");
    return true;
  }

  move(call: Call, status: CallStatus): void {
    call.status = status;
    call.updatedSimMs = this.deps.clock.now();
    this.deps.witness.statusChanged(call);
  }

  /** Ends a call once; the terminal callback goes out when `completed` was subscribed. */
  finish(call: Call, status: CallStatus, endedBy: "carrier" | "api", durationS?: number): void {
    if (isTerminal(call.status)) return;
    const now = this.deps.clock.now();
    call.status = status;
    call.updatedSimMs = now;
    call.endSimMs = now;
    call.durationS = durationS ?? (call.startSimMs === null ? 0 : Math.round((now - call.startSimMs) / 1000));
    this.deps.witness.statusChanged(call, endedBy);
    this.emit(call, "completed", status);
  }

  private emit(call: Call, event: CallbackEvent, status: CallbackStatus): void {
    if (call.events.has(event)) this.deps.callbacks.send(call, status);
  }

  /** Stops every lifecycle without moving any call (reset, close). */
  stopAll(): void {
    for (const call of this.deps.model.calls.values()) stop(call.lifecycle);
  }
}
