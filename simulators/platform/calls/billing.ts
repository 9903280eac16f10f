// The billing step of a finished session (6.1: session.completed comes after it). Pricing is not
// shown (1): the reference charges whole minutes of an answered session and stores the snapshot as
// `cost`; a session that never started is not priced (cost null).
import type { PlatformContext } from "../context.ts";
import { creditLedger } from "../credits/ledger.ts";
import type { SessionRecord } from "./session-record.ts";

export const CREDITS_PER_MINUTE = 1;

export function billSession(ctx: PlatformContext, record: SessionRecord): void {
  if (record.started_at === null || record.cost !== null) return;
  const minutes = Math.max(1, Math.ceil((record.duration_seconds ?? 0) / 60));
  const amount = minutes * CREDITS_PER_MINUTE;
  const balance = creditLedger(ctx.store).deduct(record.workspaceId, amount);
  record.cost = {
    currency: "credits",
    rate_per_minute: CREDITS_PER_MINUTE,
    billed_minutes: minutes,
    amount,
    balance_after: balance,
    priced_at: new Date(ctx.clock.now()).toISOString(),
  };
}
