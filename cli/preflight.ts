// Before any check: every region must answer GET /health in time, or the run is an error (exit 2).
// Any HTTP answer counts as reachable: a /health that is not a 200 is a failed clause, not an error.
import { request } from "undici";
import type { Target } from "../spec/target.ts";

export async function preflight(target: Target, timeoutMs: number): Promise<string | undefined> {
  for (const region of target.regions) {
    const url = `${region.base_url.replace(/\/$/, "")}/health`;
    try {
      const response = await request(url, {
        headersTimeout: timeoutMs,
        bodyTimeout: timeoutMs,
        signal: AbortSignal.timeout(timeoutMs),
      });
      await response.body.dump();
    } catch (error) {
      return `${url} did not answer within ${timeoutMs} ms (${(error as Error).message})`;
    }
  }
  return undefined;
}
