// What the carrier saw, for the harness to judge the platform by: every dial, attempts per
// destination, concurrency over time, inbound calls and callback deliveries.
import { EventEmitter } from "node:events";
import { type Call, isTerminal } from "./model.ts";
import type { InboundOutcome, WitnessCallback, WitnessDial, WitnessInbound, WitnessSnapshot } from "./schemas.ts";

export class Witness {
  private dials = new Map<string, WitnessDial>();
  private inbound = new Map<string, WitnessInbound>();
  private attempts = new Map<string, number>();
  private callbacks: WitnessCallback[] = [];
  private timeline: WitnessSnapshot["concurrency"]["timeline"] = [];
  private active = new Map<string, string>();
  /** Active calls per account, kept with `active`: counting them at each dial made dials O(calls held). */
  private activeByAccount = new Map<string, number>();
  private peak = 0;
  private peakByAccount = new Map<string, number>();
  /** Bumped by reset, so a callback queued before a reset is not recorded after it. */
  generation = 0;
  /** Fires "change" after every recorded fact, so waiters re-check without polling. */
  private readonly events = new EventEmitter().setMaxListeners(0);

  constructor(
    private readonly calls: ReadonlyMap<string, Call>,
    private readonly now: () => number,
  ) {}

  /** Counts a dial to `to` and answers its 1-based attempt number. */
  nextAttempt(to: string): number {
    const attempt = (this.attempts.get(to) ?? 0) + 1;
    this.attempts.set(to, attempt);
    return attempt;
  }

  dialed(call: Call): void {
    this.dials.set(call.sid, {
      call_sid: call.sid,
      account_sid: call.accountSid,
      from: call.from,
      to: call.to,
      attempt: call.attempt,
      outcome: call.step.outcome,
      sim_ms: call.createdSimMs,
      real_ms: Date.now(),
      status: call.status,
      answered_by: null,
      ended_sim_ms: null,
      ended_real_ms: null,
      ended_by: null,
      duration_s: null,
      status_callback: call.statusCallback,
    });
    this.active.set(call.sid, call.accountSid);
    const byAccount = (this.activeByAccount.get(call.accountSid) ?? 0) + 1;
    this.activeByAccount.set(call.accountSid, byAccount);
    this.peakByAccount.set(call.accountSid, Math.max(this.peakByAccount.get(call.accountSid) ?? 0, byAccount));
    this.concurrencyChanged();
  }

  /** A call moved; outbound calls leave the concurrency count when they reach a terminal status. */
  statusChanged(call: Call, endedBy: "carrier" | "api" | null = null): void {
    const dial = this.dials.get(call.sid);
    if (dial !== undefined) {
      dial.status = call.status;
      dial.answered_by = call.answeredBy;
      if (isTerminal(call.status)) {
        dial.ended_sim_ms = call.endSimMs;
        dial.ended_real_ms = Date.now();
        dial.ended_by = endedBy;
        dial.duration_s = call.durationS;
        const account = this.active.get(call.sid);
        if (account !== undefined && this.active.delete(call.sid)) {
          this.activeByAccount.set(account, (this.activeByAccount.get(account) ?? 1) - 1);
          this.concurrencyChanged();
        }
      }
    }
    const inbound = this.inbound.get(call.sid);
    if (inbound !== undefined) inbound.status = call.status;
    this.changed();
  }

  inboundPlaced(
    call: Call,
    outcome: InboundOutcome,
    httpStatus: number | null,
    reason: string | null,
    realMs: number,
  ): WitnessInbound {
    const row: WitnessInbound = {
      call_sid: call.sid,
      account_sid: call.accountSid,
      from: call.from,
      to: call.to,
      sim_ms: call.createdSimMs,
      real_ms: realMs,
      outcome,
      http_status: httpStatus,
      reason,
      status: call.status,
    };
    this.inbound.set(call.sid, row);
    this.changed();
    return row;
  }

  callback(row: WitnessCallback, generation: number): void {
    if (generation !== this.generation) return;
    this.callbacks.push(row);
    this.changed();
  }

  private concurrencyChanged(): void {
    this.peak = Math.max(this.peak, this.active.size);
    this.timeline.push({ sim_ms: this.now(), real_ms: Date.now(), active: this.active.size });
  }

  private changed(): void {
    this.events.emit("change");
  }

  /** A deep copy, safe to keep or send. */
  snapshot(): WitnessSnapshot {
    return structuredClone(this.view());
  }

  /** The live rows, not copied: for predicates that only read. */
  private view(): WitnessSnapshot {
    const unfinished = [...this.calls.values()]
      .filter((call) => !isTerminal(call.status))
      .map((call) => ({ call_sid: call.sid, direction: call.direction, to: call.to, status: call.status }));
    return {
      dials: [...this.dials.values()],
      attempts: Object.fromEntries(this.attempts),
      concurrency: {
        current: this.active.size,
        peak: this.peak,
        peak_by_account: Object.fromEntries(this.peakByAccount),
        timeline: this.timeline,
      },
      unfinished,
      inbound: [...this.inbound.values()],
      callbacks: this.callbacks,
      callback_failures: this.callbacks.filter((row) => !row.ok),
    };
  }

  /** Resolves with the first snapshot that satisfies `predicate`; rejects after `timeoutMs` real ms. */
  waitFor(predicate: (snapshot: WitnessSnapshot) => boolean, timeoutMs = 5_000): Promise<WitnessSnapshot> {
    return new Promise((resolve, reject) => {
      // A burst of changes (a 1,000-call batch) is checked once per turn of the event loop.
      let scheduled: NodeJS.Immediate | undefined;
      const check = () => {
        scheduled = undefined;
        if (!predicate(this.view())) return;
        finish();
        resolve(this.snapshot());
      };
      const onChange = () => {
        scheduled ??= setImmediate(check);
      };
      const timer = setTimeout(() => {
        finish();
        reject(new Error(`carrier witness: condition not met within ${timeoutMs} ms`));
      }, timeoutMs);
      const finish = () => {
        clearTimeout(timer);
        if (scheduled !== undefined) clearImmediate(scheduled);
        this.events.off("change", onChange);
      };
      this.events.on("change", onChange);
      check();
    });
  }

  /** Forgets everything seen (POST /_admin/reset). */
  reset(): void {
    this.dials = new Map();
    this.inbound = new Map();
    this.attempts = new Map();
    this.callbacks = [];
    this.timeline = [];
    this.active = new Map();
    this.activeByAccount = new Map();
    this.peak = 0;
    this.peakByAccount = new Map();
    this.generation += 1;
    this.changed();
  }
}
