// Passive subscribers: hold a stream, count what arrives, reconnect when it ends. A whole-run
// subscriber holds one stream to the run's end (it sees the keep-alives); the others hold a
// random 5-15 s and reconnect, so snapshot-on-reconnect is exercised.
import { delay } from "./delay.ts";
import { streamMetrics as m } from "./stream-metrics.ts";
import { watchStream } from "./watched-stream.ts";

/** Too little time left to be worth a new stream. */
const MIN_STREAM_MS = 1_000;
/** After a stream that did not open, a pause before trying again (not a wait for anything). */
const RETRY_PAUSE_MS = 1_000;

export interface SubscriberOptions {
  wholeRun: boolean;
  holdMinMs: number;
  holdMaxMs: number;
  onCycle?: () => void;
}

export async function subscriberLoop(conversationId: string, deadline: number, o: SubscriberOptions): Promise<void> {
  for (let reconnect = false; deadline - Date.now() >= MIN_STREAM_MS; reconnect = true) {
    o.onCycle?.();
    if (reconnect) m.reconnects.add(1);
    const remaining = deadline - Date.now();
    const hold = o.holdMinMs + Math.random() * (o.holdMaxMs - o.holdMinMs);
    const lifetimeMs = o.wholeRun ? remaining : Math.min(hold, remaining);
    const opened = await watchStream({ conversationId, role: "subscriber", lifetimeMs, reconnect });
    if (!opened) await delay(Math.min(RETRY_PAUSE_MS, deadline - Date.now()));
  }
}
