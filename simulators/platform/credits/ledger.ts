// The credit balance of each workspace in one region (1: the balance is per region; each regional
// instance has its own ledger). Pricing beyond the two 402 gates is not shown: the reference charges
// whole minutes of answered calls.
import type { RegionStore } from "../store.ts";

/** What a workspace holds before anyone sets a balance: enough for every suite's calls. */
export const DEFAULT_BALANCE = 100_000;
/** A call or a web call needs at least this much to start (the 402 gates, 7). */
export const MIN_BALANCE_TO_CALL = 1;

export type BalanceListener = (workspaceId: string, balance: number) => void;

export class CreditLedger {
  private fallback = DEFAULT_BALANCE;
  private readonly balances = new Map<string, number>();
  private readonly listeners = new Set<BalanceListener>();

  balance(workspaceId: string): number {
    return this.balances.get(workspaceId) ?? this.fallback;
  }

  sufficient(workspaceId: string): boolean {
    return this.balance(workspaceId) >= MIN_BALANCE_TO_CALL;
  }

  set(workspaceId: string, balance: number): void {
    this.balances.set(workspaceId, balance);
    this.notify(workspaceId, balance);
  }

  /** Every workspace of the region, and those that appear later. */
  setAll(balance: number): void {
    this.fallback = balance;
    for (const workspaceId of this.balances.keys()) this.balances.set(workspaceId, balance);
    for (const workspaceId of this.balances.keys()) this.notify(workspaceId, balance);
    this.notify("*", balance);
  }

  /** Charges a finished session; the balance may go below zero by the last call's cost, never further. */
  deduct(workspaceId: string, amount: number): number {
    const next = this.balance(workspaceId) - amount;
    this.set(workspaceId, next);
    return next;
  }

  /** Called on every balance change (`*` for a change to every workspace), e.g. to resume a paused batch. */
  onChange(listener: BalanceListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private notify(workspaceId: string, balance: number): void {
    for (const listener of this.listeners) listener(workspaceId, balance);
  }
}

const ledgers = new WeakMap<RegionStore, CreditLedger>();

/** The one ledger of the process the planted `credits-ledger-process-wide` hands every region (planted faults only). */
let processLedger: CreditLedger | undefined;

/** Planted `credits-ledger-process-wide`: the region's ledger is the process's one (planted faults only). */
export function shareProcessLedger(store: RegionStore): void {
  processLedger ??= new CreditLedger();
  ledgers.set(store, processLedger);
}

/** The region's ledger (one per store, so one per regional instance). */
export function creditLedger(store: RegionStore): CreditLedger {
  let ledger = ledgers.get(store);
  if (ledger === undefined) {
    ledger = new CreditLedger();
    ledgers.set(store, ledger);
  }
  return ledger;
}
