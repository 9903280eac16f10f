// A promise that resolves after `ms`, on k6's event loop (k6/timers). For pacing async loops
// (a sender's message rate, a retry pause), never to wait for something to happen: sleep() would
// block every stream the VU holds.
import { setTimeout } from "k6/timers";

export function delay(ms: number): Promise<void> {
  return new Promise((resolve) => {
    setTimeout(resolve, Math.max(0, ms));
  });
}
