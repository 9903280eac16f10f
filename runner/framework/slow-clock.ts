// A target whose clock runs slowly (minute_ms 60000, real time, as `simulate` runs for a vendor's server) puts some
// waits further away than their whole check may take: a window that closes in 30 simulated minutes, a text window's
// idle close. Running out of such a wait says nothing against the server, so the check is skipped with the reason.
import { ClockTooSlow, SCALED_CLOCK_ADVICE } from "../client/clock-too-slow.ts";
import { checkSpan, checkTimeLeft } from "../client/recorder.ts";
import {
  BEFORE_CHECK_DEADLINE_MS,
  CUT_WAIT_MS,
  type WaitAbout,
  type WaitKind,
  waitBudget,
} from "../client/stalled-waits.ts";
import { skipCheck } from "./check.ts";

const tooFar = (what: string, ms: number, span: number) =>
  `${what} is up to ${ms} ms away at the target's minute_ms, longer than the whole check may take (${span} ms): ${SCALED_CLOCK_ADVICE}`;

/** Skips the running check when `what`, `ms` real ms away, is further than the whole check may take. */
export function skipIfLongerThanCheck(ms: number, what: string): void {
  const span = checkSpan();
  if (span !== undefined && ms > span) skipCheck(tooFar(what, ms, span));
}

/**
 * Awaits a wait started outside the running check (one several checks share, begun before them), allowed `ms`
 * real ms: when it has not ended by the check's deadline and `ms` is longer than the whole check, the check is
 * skipped for the target's clock rather than errored; otherwise it is awaited as it is. `waitingFor` names what
 * the shared wait waits for, as the stalled-waits breaker counts it: once the breaker has cut waits for it, such
 * a check is skipped after the cut wait's few seconds instead of at its deadline.
 */
export async function awaitShared<T>(
  shared: Promise<T>,
  ms: number,
  what: string,
  waitingFor?: { kind: WaitKind; about: WaitAbout },
): Promise<T> {
  const span = checkSpan();
  const left = checkTimeLeft();
  if (span === undefined || left === undefined || ms <= span) return shared;
  const cut = waitingFor === undefined ? undefined : waitBudget(waitingFor.kind, ms, waitingFor.about).cut;
  const waitMs =
    cut === undefined ? left - BEFORE_CHECK_DEADLINE_MS : Math.min(CUT_WAIT_MS, left - BEFORE_CHECK_DEADLINE_MS);
  const reason = cut === undefined ? tooFar(what, ms, span) : `${tooFar(what, ms, span)}; skipped early (${cut})`;
  let timer: NodeJS.Timeout | undefined;
  const outlasted = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new ClockTooSlow(reason)), Math.max(0, waitMs));
  });
  try {
    return await Promise.race([shared, outlasted]);
  } finally {
    clearTimeout(timer);
  }
}
