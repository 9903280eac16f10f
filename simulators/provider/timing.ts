// Reply timing in simulated milliseconds of the shared clock (simulators/shared/clock.ts): with a scaled
// clock a configured 800 ms time to first token takes 800 simulated ms, consistent with the platform's
// own notion of time. Defaults are zero, so streaming is as fast as the socket.
import { z } from "zod";

export const Timing = z.object({
  /** Simulated ms before the first content token (after the role chunk when streaming). */
  ttft_ms: z.number().min(0).max(600_000).default(0),
  /** Content tokens per simulated second; 0 means no pacing. */
  tokens_per_second: z.number().min(0).max(100_000).default(0),
});
export type Timing = z.infer<typeof Timing>;

export const DEFAULT_TIMING: Timing = { ttft_ms: 0, tokens_per_second: 0 };

/** Simulated ms between two content tokens. */
export function tokenGapMs(timing: Timing): number {
  return timing.tokens_per_second > 0 ? 1000 / timing.tokens_per_second : 0;
}
