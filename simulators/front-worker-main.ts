// A front worker process's entry (`cap-conformance front-worker CONFIG`, started by shared/fronts.ts):
// the fast path of the simulator it stands before, and the front worker itself.
import { dialFastPath } from "./carrier/dial-front.ts";
import { completionFastPath } from "./provider/completion-front.ts";
import { createClock } from "./shared/clock.ts";
import { FrontConfig } from "./shared/front-protocol.ts";
import { runFrontWorker } from "./shared/front-worker.ts";

export async function frontWorkerMain(configJson: string): Promise<void> {
  const config = FrontConfig.parse(JSON.parse(configJson));
  // Only durations are read from it here: its notion of now is the primary's business.
  const clock = createClock(config.minuteMs);
  const fastPaths = config.simulator === "carrier" ? [dialFastPath] : [completionFastPath(clock)];
  await runFrontWorker(config, fastPaths);
}
