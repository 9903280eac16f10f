// Waiting on the server's simulated clock (test control's GET /clock): until it passes an instant, polling with a
// real-time deadline sized from the gap, and skipping a check the target's clock is too slow for.
import { pause } from "../../runner/client/traffic.ts";
import { skipIfLongerThanCheck } from "../../runner/framework/slow-clock.ts";
import { realBudget } from "./calls.ts";
import { serverNow } from "./credits.ts";

/** Waits until the server's simulated clock passes `simMs`; `what` names the instant in a skip or an error. */
export async function untilServerTime(simMs: number, what: string): Promise<void> {
  const budget = realBudget(Math.max(0, simMs - (await serverNow())));
  skipIfLongerThanCheck(budget, what);
  const deadline = Date.now() + budget;
  while ((await serverNow()) < simMs) {
    if (Date.now() > deadline) throw new Error(`the server clock did not reach ${what} in time`);
    await pause(50);
  }
}
