// The control plane's own clock: the wall clock plus an offset the admin API moves, so checks can
// see a session cookie reach the end of its 30-day life (5, item 3) without waiting for it. It is
// the wall clock, not the run's scaled clock, so a `serve` session's cookie does not expire in minutes.

/** Longest move the admin API accepts at once: a hundred years. */
export const MAX_ADVANCE_MS = 100 * 365 * 24 * 60 * 60 * 1000;

export class ControlPlaneClock {
  private offset = 0;

  now(): number {
    return Date.now() + this.offset;
  }

  get offsetMs(): number {
    return this.offset;
  }

  /** Forward only; `reset` is the one way back. */
  advance(ms: number): void {
    if (!(ms >= 0 && ms <= MAX_ADVANCE_MS)) throw new RangeError(`cannot advance the clock by ${ms} ms`);
    this.offset += ms;
  }

  /** Back to the wall clock, so a check that moved it leaves the run as it found it. */
  reset(): void {
    this.offset = 0;
  }
}
