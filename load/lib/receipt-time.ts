// Time from an action to the webhook sink's receipt of its event (pure: calls.ts and a unit test).

/**
 * Milliseconds from `startedAt` (this VU's clock) to `receivedAt` (the sink's clock), kept within
 * what this VU saw (0 .. `seenAt` - `startedAt`): on one machine the clocks agree; across
 * machines a skew cannot make the figure negative or longer than the wait itself.
 */
export function elapsedToReceipt(startedAt: number, receivedAt: number, seenAt: number): number {
  return Math.min(Math.max(receivedAt - startedAt, 0), seenAt - startedAt);
}
