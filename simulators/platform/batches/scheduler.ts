// Runs one batch on the simulated clock (2.12): from start_at, only inside the calling window, at most
// max_concurrency calls at once, each unreached recipient (no answer, busy, failed) retried up to
// max_attempts spaced by retry_after_minutes, a reached recipient never dialled again. With no credits
// the batch pauses, and resumes when credits return. batch.completed fires only when it ran to its end.
import { placeOutbound } from "../calls/outbound.ts";
import { callsState } from "../calls/state.ts";
import type { PlatformContext } from "../context.ts";
import { creditLedger } from "../credits/ledger.ts";
import type { PhoneNumberRow, TelephonyAccountRow } from "../telephony/state.ts";
import { ISO_WEEKDAYS, inWindow, nextOpening, SUNDAY_FIRST } from "./calling-window.ts";
import { type BatchRow, batchView, type Recipient } from "./state.ts";

const MINUTE = 60_000;

export function publishBatchCompleted(ctx: PlatformContext, batch: BatchRow): void {
  ctx.events.publish({
    type: "batch.completed",
    workspaceId: batch.workspaceId,
    agent_id: batch.agent.agent_id,
    at: ctx.clock.now(),
    data: { batch_id: batch.id, ...batchView(batch) },
  });
}

/** Sleeps `simMs` simulated ms (forever when not finite), or until the batch is woken. */
function nap(ctx: PlatformContext, batch: BatchRow, simMs: number, woken: { flag: boolean }): Promise<void> {
  return new Promise((resolve) => {
    if (woken.flag) {
      woken.flag = false;
      return resolve();
    }
    const stop = new AbortController();
    const done = () => {
      batch.wake = () => {
        woken.flag = true;
      };
      stop.abort();
      resolve();
    };
    batch.wake = done;
    if (Number.isFinite(simMs)) ctx.clock.sleep(Math.max(0, simMs), stop.signal).then(done, () => undefined);
  });
}

const settled = (r: Recipient) => r.state === "reached" || r.state === "exhausted";

/** Runs until the batch completes or is cancelled, or `shutdown` aborts (the instance is closing). */
export async function runBatch(
  ctx: PlatformContext,
  batch: BatchRow,
  phone: PhoneNumberRow,
  account: TelephonyAccountRow,
  shutdown: AbortSignal,
): Promise<void> {
  const ledger = creditLedger(ctx.store);
  const woken = { flag: false };
  batch.wake = () => {
    woken.flag = true;
  };
  const unsubscribe = ledger.onChange((workspaceId) => {
    if (workspaceId === batch.workspaceId || workspaceId === "*") batch.wake();
  });
  const onShutdown = () => batch.wake();
  shutdown.addEventListener("abort", onShutdown, { once: true });
  const limit = ctx.faults.has("batch-exceeds-concurrency") ? batch.maxConcurrency * 2 : batch.maxConcurrency;
  // The served profile's readings of the window (2.12 gives the fields, not how they read); the planted faults
  // read it another way than the profile says.
  const { calling_window_clock: clock, weekday_numbering: numbering } = ctx.profile.readings;
  const windowZone = ctx.faults.has("calling-window-utc") || clock === "utc" ? "UTC" : batch.timezone;
  const sundayFirst = ctx.faults.has("calling-window-sunday-first") || numbering === "sunday-first";
  const weekdays = sundayFirst ? SUNDAY_FIRST : ISO_WEEKDAYS;
  // A legal variant reads a window whose start equals its end as empty: open on no day at all.
  const emptied = ctx.variants.has("calling-window-equal-bounds-empty") && batch.callingWindow !== null;
  const callingWindow =
    emptied && batch.callingWindow!.start === batch.callingWindow!.end
      ? { ...batch.callingWindow!, days: [] }
      : batch.callingWindow;

  const attemptEnded = (recipient: Recipient, reached: boolean) => {
    const now = ctx.clock.now();
    const spacing = ctx.faults.has("retry-ignores-spacing") ? 0 : batch.retryAfterMinutes * MINUTE;
    const cap = ctx.faults.has("batch-attempts-off-by-one") ? batch.maxAttempts + 1 : batch.maxAttempts;
    const again = reached
      ? ctx.faults.has("batch-redials-reached") && recipient.attempts < cap
      : recipient.attempts < cap;
    if (again) {
      recipient.state = "pending";
      recipient.notBefore = now + spacing;
    } else {
      recipient.state = reached ? "reached" : "exhausted";
    }
  };

  const dial = async (recipient: Recipient) => {
    recipient.state = "dialing";
    recipient.attempts += 1;
    batch.active += 1;
    let reached = false;
    try {
      const row = await placeOutbound(ctx, {
        workspaceId: batch.workspaceId,
        phone,
        account,
        to: recipient.to,
        agent: batch.agent,
        contactKey: recipient.to,
        userdata: recipient.userdata,
        batchId: batch.id,
      });
      await callsState(ctx, batch.workspaceId).whenEnded(row.session_id);
      reached = row.started_at !== null;
    } catch {
      // The carrier refused or did not answer: an unreached attempt, retried like a failed call.
    }
    batch.active -= 1;
    attemptEnded(recipient, reached);
    // The planted double: the last call's end announces the batch too, and the loop below does again.
    if (ctx.faults.has("batch-completed-twice") && batch.active === 0 && batch.recipients.every(settled)) {
      publishBatchCompleted(ctx, batch);
    }
    batch.wake();
  };
  let lateDialUsed = false;

  try {
    for (;;) {
      if (batch.status === "cancelled" || shutdown.aborted) return;
      if (batch.status === "failed") {
        // The planted bug: the end-of-run hook announces every exit, a failure too.
        if (ctx.faults.has("batch-completed-on-failure")) publishBatchCompleted(ctx, batch);
        return;
      }
      const now = ctx.clock.now();
      if (batch.recipients.every(settled) && batch.active === 0) {
        batch.status = "completed";
        batch.completed_at = new Date(now).toISOString();
        publishBatchCompleted(ctx, batch);
        return;
      }
      if (batch.startAtMs !== null && now < batch.startAtMs) {
        await nap(ctx, batch, batch.startAtMs - now, woken);
        continue;
      }
      // The planted late check lets one more dial out before the batch notices it is out of credits.
      const broke = !ledger.sufficient(batch.workspaceId);
      const lateCheck = broke && ctx.faults.has("batch-pause-one-dial-late") && !lateDialUsed;
      if (broke && !lateCheck) {
        if (ctx.faults.has("batch-fails-on-credits")) {
          batch.status = "failed";
          return;
        }
        // Paused, not failed: calls in progress finish; the credit listener wakes us when credits return.
        batch.status = "paused";
        await nap(ctx, batch, Number.POSITIVE_INFINITY, woken);
        continue;
      }
      batch.status = "running";
      const due = batch.recipients.filter((r) => r.state === "pending");
      let nextDue = Number.POSITIVE_INFINITY;
      if (inWindow(callingWindow, windowZone, now, weekdays)) {
        for (const recipient of due) {
          if (recipient.notBefore > now) {
            nextDue = Math.min(nextDue, recipient.notBefore);
            continue;
          }
          if (batch.active >= limit) break;
          void dial(recipient);
          if (lateCheck) {
            lateDialUsed = true;
            break;
          }
        }
      } else if (due.length > 0 && callingWindow !== null) {
        nextDue = nextOpening(callingWindow!, windowZone, now, weekdays) ?? Number.POSITIVE_INFINITY;
      }
      // Woken by a call ending, credits, cancel; or by the clock when the next attempt or window is due.
      await nap(ctx, batch, nextDue - now, woken);
    }
  } finally {
    unsubscribe();
    shutdown.removeEventListener("abort", onShutdown);
  }
}
