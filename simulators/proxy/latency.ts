// The latency behaviour: every response's head reaches the client `ms` later than the upstream sent it,
// as if the region were a round trip away. An event stream's head comes first, so its first byte is
// delayed by the same amount; the bytes after it flow as they come.
import { setTimeout as delay } from "node:timers/promises";
import type { Behaviour } from "./behaviour.ts";

/** Most a response can be held: a minute, far beyond any real round trip. */
export const MAX_LATENCY_MS = 60_000;

export function latency(ms: number): Behaviour {
  if (!Number.isInteger(ms) || ms < 0 || ms > MAX_LATENCY_MS) {
    throw new RangeError(`latency must be an integer number of ms in 0..${MAX_LATENCY_MS}, got ${ms}`);
  }
  return {
    name: `latency=${ms}`,
    head: async () => {
      if (ms > 0) await delay(ms);
    },
  };
}
