// The keep-alive streams are judged against (6.2, 8: a `:` line every 15 s): CAP_KEEPALIVE_MS
// (the CLI's --keep-alive-ms, which also sets the embedded platform's interval) and the slack
// allowed on top of it for scheduling on a loaded machine.
import { intEnv } from "./options.ts";

export const KEEPALIVE_MS = intEnv("CAP_KEEPALIVE_MS", 15_000);
export const KEEPALIVE_SLACK_MS = intEnv("CAP_KEEPALIVE_SLACK_MS", Math.max(1_000, Math.round(KEEPALIVE_MS / 5)));
/** A stream silent this long is cut with an error event (idleTimeout): dead streams do not linger. */
export const STREAM_IDLE_MS = 2 * KEEPALIVE_MS + KEEPALIVE_SLACK_MS;

/** No silence past the keep-alive interval plus slack; and keep-alives seen when the run lasts long enough. */
export function keepAliveThresholds(durationMs: number): Record<string, string[]> {
  const bound = KEEPALIVE_MS + KEEPALIVE_SLACK_MS;
  return {
    stream_longest_silence_ms: [`max<${bound}`],
    ...(durationMs > bound ? { stream_keepalives: ["count>0"] } : {}),
  };
}
