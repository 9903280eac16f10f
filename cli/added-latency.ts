// `run --add-latency-ms N`: the target's regions seen through the shaping proxy, every response held
// N ms, as if the region were a round trip away (a deployed region rather than loopback). The test
// control hooks live under a region's origin, so they go through that region's proxy too.
import { latency } from "../simulators/proxy/latency.ts";
import { type RunningProxy, startProxy } from "../simulators/proxy/server.ts";
import type { Target } from "../spec/target.ts";

export interface Delayed {
  target: Target;
  /** `origin → proxy` pairs, for the run's log. */
  routes: string[];
  close(): Promise<void>;
}

/** The same URL with its origin swapped for `origin` (a base URL may carry a path). */
function rebased(url: string, origin: string): string {
  const parsed = new URL(url);
  return origin + url.slice(parsed.origin.length);
}

export async function behindAddedLatency(target: Target, ms: number): Promise<Delayed> {
  const behaviour = latency(ms);
  const proxies = new Map<string, RunningProxy>();
  const proxyFor = async (url: string): Promise<string> => {
    const origin = new URL(url).origin;
    let proxy = proxies.get(origin);
    if (proxy === undefined) {
      proxy = await startProxy({ upstream: origin, behaviours: [behaviour] });
      proxies.set(origin, proxy);
    }
    return rebased(url, proxy.url);
  };
  const close = async () => {
    for (const proxy of proxies.values()) await proxy.close().catch(() => undefined);
  };
  try {
    const regions = [];
    for (const region of target.regions) regions.push({ ...region, base_url: await proxyFor(region.base_url) });
    const controlOrigin = target.test_control === undefined ? undefined : new URL(target.test_control).origin;
    // Hooks on a region's origin go through its proxy; hooks elsewhere are not the region's, and stay direct.
    const test_control =
      target.test_control !== undefined && controlOrigin !== undefined && proxies.has(controlOrigin)
        ? await proxyFor(target.test_control)
        : target.test_control;
    return {
      target: { ...target, regions, ...(test_control === undefined ? {} : { test_control }) },
      routes: [...proxies.values()].map((proxy) => `${proxy.upstream} → ${proxy.url}`),
      close,
    };
  } catch (error) {
    await close();
    throw error;
  }
}
