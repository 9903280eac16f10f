// Reply pacing on the provider simulator (PUT /_admin/timing), so a check can act in the middle of a
// streamed reply. Timing is in simulated ms of the shared clock; this converts from real ms.

import { runConfig } from "../../runner/client/run-config.ts";
import { helperJson, simulatorOrigin } from "../../runner/client/simulator-client.ts";

async function putTiming(timing: { ttft_ms: number; tokens_per_second: number }): Promise<void> {
  await helperJson(
    "provider simulator",
    `${simulatorOrigin("provider", "provider simulator")}/_admin/timing`,
    "PUT",
    timing,
  );
}

/** Runs `body` with about `realGapMs` real ms between reply tokens, and always restores full speed. */
export async function withPacedReplies<T>(realGapMs: number, body: () => Promise<T>): Promise<T> {
  const simPerReal = 60_000 / (runConfig().target.minute_ms ?? 60_000);
  await putTiming({ ttft_ms: 0, tokens_per_second: 1000 / (realGapMs * simPerReal) });
  try {
    return await body();
  } finally {
    await putTiming({ ttft_ms: 0, tokens_per_second: 0 });
  }
}
