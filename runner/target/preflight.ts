// Before any check: every region must answer GET /health in time, or the run is an error (exit 2).
// Any HTTP answer counts as reachable: a /health that is not a 200 is a failed clause, not an error.
// The round trips it times tell the runner how far away the target is (runner/orchestration/shared-workers.ts).
import { request } from "undici";
import type { Target } from "../../spec/target.ts";

/** GET /health asked of each region this many times: the fastest answer is its round trip. */
const PROBES = 3;

export type Preflight = { unreachable: string } | { unreachable?: undefined; roundTripMs: number };

/** The slowest region's fastest round trip, or why a region did not answer. */
export async function preflight(target: Target, timeoutMs: number): Promise<Preflight> {
  let roundTripMs = 0;
  for (const region of target.regions) {
    const url = `${region.base_url.replace(/\/$/, "")}/health`;
    let fastest = Number.POSITIVE_INFINITY;
    for (let probe = 0; probe < PROBES; probe++) {
      const started = performance.now();
      try {
        const response = await request(url, {
          headersTimeout: timeoutMs,
          bodyTimeout: timeoutMs,
          signal: AbortSignal.timeout(timeoutMs),
        });
        await response.body.dump();
      } catch (error) {
        return { unreachable: `${url} did not answer within ${timeoutMs} ms (${(error as Error).message})` };
      }
      fastest = Math.min(fastest, performance.now() - started);
    }
    roundTripMs = Math.max(roundTripMs, fastest);
  }
  return { roundTripMs };
}
