// Section 6.2 and 8, in the background: an idle stream's keep-alive is a 15 s wait, so this check runs
// beside the other suite files (see runner/framework/suite-files.ts) instead of adding 15 s to every run.
import { expect } from "vitest";
import { runConfig } from "../runner/client/run-config.ts";
import { check, type Need } from "../runner/framework/check.ts";
import { mustOpenStream } from "./helpers/profile.ts";
import { STREAM_ENDPOINTS } from "./helpers/stream-endpoints.ts";

/** 6.2 and 8: a keep-alive every 15 s; the check allows this much for scheduling and transit. */
const KEEP_ALIVE_MS = 15_000;
const KEEP_ALIVE_TOLERANCE_MS = 2_000;

function met(needs: Need[] | undefined): boolean {
  const { target } = runConfig();
  return (needs ?? []).every((need) => need !== "wiring" || target.wired);
}

check(
  "slow: an idle stream sends a keep-alive comment every 15 s, two periods running, on every stream, while another stream closes [~31 s]",
  ["streams.keepalive-15s"],
  async (ctx) => {
    const endpoints = STREAM_ENDPOINTS.filter((endpoint) => met(endpoint.needs));
    if (endpoints.length === 0) ctx.skip("no stream endpoint can be reached on this target");
    const streams = await Promise.all(endpoints.map(async (endpoint) => mustOpenStream((await endpoint.idle()).path)));
    // Another stream of the first kind opens and closes at once: each stream's keep-alives are its own, so one
    // that ends stops nothing on the others.
    const leaving = await mustOpenStream((await endpoints[0]!.idle()).path);
    await leaving.waitFor(() => true, { timeoutMs: 5_000, what: "a first frame" }).catch(() => undefined);
    leaving.close();
    const limit = KEEP_ALIVE_MS + KEEP_ALIVE_TOLERANCE_MS;
    try {
      // 6.2 and 8: "every 15 seconds": the first within a period of opening, the next a period after it (not
      // much sooner, not later). A comment the server writes before its snapshot (a greeting) is not the
      // keep-alive of an idle stream: only one after the first frame counts.
      await Promise.all(
        streams.map(async (stream, i) => {
          const where = `on ${endpoints[i]!.name}\n${stream.describe()}`;
          const frame = await stream
            .waitFor(() => true, { timeoutMs: 5_000, what: "a first frame" })
            .catch(() => undefined);
          const first = await stream.waitForComment(Math.max(0, limit - stream.elapsed()), frame?.at);
          expect(first.at, `first keep-alive ${where}`).toBeLessThanOrEqual(limit);
          const second = await stream.waitForComment(Math.max(0, first.at + limit - stream.elapsed()), first.at);
          const between = `time between the first two keep-alives ${where}`;
          expect(second.at - first.at, between).toBeLessThanOrEqual(limit);
          expect(second.at - first.at, between).toBeGreaterThanOrEqual(KEEP_ALIVE_MS - KEEP_ALIVE_TOLERANCE_MS);
        }),
      );
    } finally {
      for (const stream of streams) stream.close();
    }
  },
  { timeoutMs: 75_000 },
);
