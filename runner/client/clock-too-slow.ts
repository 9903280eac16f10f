// A wait that ran out only because the target's clock is too slow for its check: the wait allows the server longer
// than the whole check may take (a 30-minute simulated call at minute_ms 60000), so running out says nothing
// against the server. The check is skipped with the reason (runner/framework/check.ts), never failed.
export class ClockTooSlow extends Error {}

/** What both kinds of clock skip end with: how a vendor makes the check judge. */
export const SCALED_CLOCK_ADVICE =
  'a server that scales its clock by the target file\'s minute_ms lets this check judge (README, "A verdict in bounded time")';
