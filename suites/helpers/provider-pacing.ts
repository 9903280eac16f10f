// Reply pacing on the provider simulator (PUT /_admin/timing), so a check can act in the middle of a
// streamed reply. Timing is in simulated ms of the shared clock; this converts from real ms.

import { runConfig } from "../../runner/run-config.ts";
import { TargetError } from "../../runner/target-error.ts";

async function putTiming(timing: { ttft_ms: number; tokens_per_second: number }): Promise<void> {
  const base = runConfig().target.simulators.provider;
  if (base === undefined) throw new TargetError("the target names no provider simulator");
  const response = await fetch(`${base.replace(/\/$/, "")}/_admin/timing`, {
    method: "PUT",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(timing),
    signal: AbortSignal.timeout(runConfig().timeoutMs),
  }).catch((error: Error) => {
    throw new TargetError(`provider simulator did not answer PUT /_admin/timing: ${error.message}`);
  });
  if (!response.ok) throw new TargetError(`provider simulator answered ${response.status} to PUT /_admin/timing`);
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
