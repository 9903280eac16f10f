// Before any check: every region must answer GET /health in time, or the run is an error (exit 2).
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
      if (response.statusCode !== 200) return `${url} answered ${response.statusCode}, expected 200`;
    } catch (error) {
      return `${url} did not answer within ${timeoutMs} ms (${(error as Error).message})`;
    }
  }
  return undefined;
}
