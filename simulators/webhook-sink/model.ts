// The sink's state: each hook's behaviour and the deliveries it recorded, with waiters that are
// woken by every arrival and settlement (so callers wait for a condition, never sleep).
import { EventEmitter } from "node:events";
import type { Delivery, DeliveryList, HookView, WaitOptions, WaitResult } from "./schemas.ts";
import type { Verifier } from "./signature.ts";

export interface HookConfig {
  status: number;
  delayMs: number;
  redirectTo: string | null;
  /** Holds the secret's key; the secret text itself is not kept. */
  verifier: Verifier | null;
  /** The header the sender puts its delivery id in (lower case). */
  idHeader: string;
}

export const DEFAULT_CONFIG: HookConfig = {
  status: 200,
  delayMs: 0,
  redirectTo: null,
  verifier: null,
  idHeader: "webhook-id",
};

/** The event name of "no answer is pending"; hook names cannot contain a space. */
const ALL_SETTLED = "all settled";

/** Oldest deliveries of a hook are dropped past this many, to bound memory. */
const MAX_PER_HOOK = 10_000;

export class HookStore {
  private readonly configs = new Map<string, HookConfig>();
  private readonly deliveries = new Map<string, Delivery[]>();
  private readonly seqs = new Map<string, number>();
  private nextId = 1;
  /** Recorded deliveries whose answer has not gone out yet, by id. */
  private readonly pending = new Map<number, Delivery>();
  private readonly events = new EventEmitter().setMaxListeners(0);

  config(name: string): HookConfig {
    return this.configs.get(name) ?? DEFAULT_CONFIG;
  }

  configure(name: string, config: HookConfig): void {
    this.configs.set(name, config);
  }

  view(name: string): HookView {
    const config = this.config(name);
    return {
      name,
      status: config.status,
      delay_ms: config.delayMs,
      redirect_to: config.redirectTo,
      secret_set: config.verifier !== null,
      deliveries: this.deliveries.get(name)?.length ?? 0,
    };
  }

  names(): string[] {
    return [...new Set([...this.configs.keys(), ...this.deliveries.keys()])].sort();
  }

  /** Stores a new delivery; `id` and `seq` are assigned here. */
  record(delivery: Omit<Delivery, "id" | "seq">): Delivery {
    const seq = (this.seqs.get(delivery.hook) ?? 0) + 1;
    this.seqs.set(delivery.hook, seq);
    const row: Delivery = { ...delivery, id: this.nextId++, seq };
    const rows = this.deliveries.get(row.hook) ?? [];
    rows.push(row);
    if (rows.length > MAX_PER_HOOK) rows.shift();
    this.deliveries.set(row.hook, rows);
    this.pending.set(row.id, row);
    this.events.emit(row.hook);
    return row;
  }

  /** The answer went out, or the client hung up before it. */
  settle(id: number, clientAborted: boolean): void {
    const row = this.pending.get(id);
    if (row === undefined) return;
    this.pending.delete(id);
    row.state = clientAborted ? "client-aborted" : "answered";
    row.client_aborted = clientAborted;
    row.settled_mono_ms = performance.now();
    this.events.emit(row.hook);
    if (this.pending.size === 0) this.events.emit(ALL_SETTLED);
  }

  /** Resolves once no answer is still to go out, or after `timeoutMs`. */
  allSettled(timeoutMs: number): Promise<void> {
    if (this.pending.size === 0) return Promise.resolve();
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.events.off(ALL_SETTLED, done);
        resolve();
      };
      const timer = setTimeout(done, timeoutMs);
      this.events.once(ALL_SETTLED, done);
    });
  }

  /** The hook's deliveries, those after `afterSeq` only when given. */
  list(name: string, afterSeq = 0, contains?: string): DeliveryList {
    const rows = this.after(name, afterSeq);
    const deliveries = structuredClone(
      contains === undefined ? rows : rows.filter((row) => row.body_text.includes(contains)),
    );
    // A Map, not an object: an id such as `toString` or `__proto__` would read as already counted.
    const byId = new Map<string, number>();
    for (const row of deliveries)
      if (row.webhook_id !== null) byId.set(row.webhook_id, (byId.get(row.webhook_id) ?? 0) + 1);
    return { hook: name, count: deliveries.length, by_webhook_id: Object.fromEntries(byId), deliveries };
  }

  private after(name: string, afterSeq: number): Delivery[] {
    const rows = this.deliveries.get(name) ?? [];
    return afterSeq > 0 ? rows.slice(firstAfter(rows, afterSeq)) : rows;
  }

  /** Resolves once `count` deliveries (after `afterSeq`) arrived, and settled if asked, or the timeout passed. */
  wait(name: string, options: WaitOptions, signal?: AbortSignal): Promise<WaitResult> {
    const started = performance.now();
    const afterSeq = options.afterSeq ?? 0;
    const counts = (row: Delivery) => options.contains === undefined || row.body_text.includes(options.contains);
    // Checked on every arrival by every waiter, so each check looks only at rows it has not seen
    // (with many long-polling readers a scan of every delivery per arrival made the sink the
    // bottleneck). Settled-ness changes after arrival, so that count is taken afresh.
    let seenSeq = afterSeq;
    let found = 0;
    const met = () => {
      const rows = this.deliveries.get(name) ?? [];
      if (options.settled) {
        let settled = 0;
        for (let i = firstAfter(rows, afterSeq); i < rows.length && settled < options.count; i++) {
          if (rows[i]!.state !== "pending" && counts(rows[i]!)) settled++;
        }
        return settled >= options.count;
      }
      for (let i = firstAfter(rows, seenSeq); i < rows.length; i++) {
        if (counts(rows[i]!)) found++;
        seenSeq = rows[i]!.seq;
      }
      return found >= options.count;
    };
    return new Promise((resolve) => {
      const finish = () => {
        clearTimeout(timer);
        this.events.off(name, check);
        signal?.removeEventListener("abort", finish);
        const satisfied = met();
        resolve({
          ...this.list(name, afterSeq, options.contains),
          satisfied,
          waited_ms: Math.round(performance.now() - started),
        });
      };
      const check = () => {
        if (met()) finish();
      };
      const timer = setTimeout(finish, options.timeoutMs);
      this.events.on(name, check);
      signal?.addEventListener("abort", finish, { once: true });
      check();
    });
  }

  clear(name: string): void {
    this.configs.delete(name);
    this.deliveries.delete(name);
    this.seqs.delete(name);
    this.events.emit(name);
  }

  reset(): void {
    for (const name of this.names()) this.clear(name);
  }
}

/** Index of the first row whose seq is above `seq`: rows are stored in seq order (record assigns them rising). */
function firstAfter(rows: readonly Delivery[], seq: number): number {
  let low = 0;
  let high = rows.length;
  while (low < high) {
    const mid = (low + high) >>> 1;
    if (rows[mid]!.seq > seq) high = mid;
    else low = mid + 1;
  }
  return low;
}
