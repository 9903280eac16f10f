// Section 6.2 and 8, in the background: an idle stream's keep-alive is a 15 s wait, so this check runs
// beside the other suite files (see suites/harness/suite-files.ts) instead of adding 15 s to every run.
import { expect } from "vitest";
import { check, type Need } from "./harness/check.ts";
import { runConfig } from "./harness/run-config.ts";
import { mustOpen } from "./harness/sse.ts";
import { STREAM_ENDPOINTS } from "./harness/stream-endpoints.ts";

/** 6.2 and 8: a keep-alive every 15 s; the check allows this much for scheduling and transit. */
const KEEP_ALIVE_MS = 15_000;
const KEEP_ALIVE_TOLERANCE_MS = 2_000;

function met(needs: Need[] | undefined): boolean {
  const { target } = runConfig();
  return (needs ?? []).every((need) => need !== "wiring" || target.wired);
}

check(
  "slow: an idle stream sends a keep-alive comment within 15 s of opening, on every stream [~16 s]",
  ["streams.keepalive-15s"],
  async (ctx) => {
    const endpoints = STREAM_ENDPOINTS.filter((endpoint) => met(endpoint.needs));
    if (endpoints.length === 0) ctx.skip("no stream endpoint can be reached on this target");
    const streams = await Promise.all(endpoints.map(async (endpoint) => mustOpen((await endpoint.idle()).path)));
    const limit = KEEP_ALIVE_MS + KEEP_ALIVE_TOLERANCE_MS;
    // A comment the server writes before its snapshot (a greeting) is not the keep-alive of an idle stream:
    // only one after the first frame counts.
    const comments = await Promise.all(
      streams.map(async (stream) => {
        const first = await stream
          .waitFor(() => true, { timeoutMs: 5_000, what: "a first frame" })
          .catch(() => undefined);
        return stream.waitForComment(Math.max(0, limit - stream.elapsed()), first?.at);
      }),
    );
    for (const [i, comment] of comments.entries()) {
      expect(comment.at, `first keep-alive on ${endpoints[i]!.name}\n${streams[i]!.describe()}`).toBeLessThanOrEqual(
        limit,
      );
      streams[i]!.close();
    }
  },
  { timeoutMs: 60_000 },
);
