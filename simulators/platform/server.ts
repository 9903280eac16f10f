// Starts one regional platform instance on loopback.
import type { Clock } from "../shared/clock.ts";
import { listenLoopback } from "../shared/server.ts";
import { buildPlatform } from "./app.ts";
import type { Wiring } from "./context.ts";
import { EventBus } from "./events/bus.ts";
import { type FaultName, FaultSet } from "./faults/index.ts";
import { RegionStore } from "./store.ts";

export interface PlatformOptions {
  region: string;
  clock: Clock;
  wiring: Wiring;
  faults?: Iterable<FaultName>;
  port?: number;
  upstreamTimeoutMs?: number;
}

export interface RunningPlatform {
  region: string;
  url: string;
  close(): Promise<void>;
}

export async function startPlatform(options: PlatformOptions): Promise<RunningPlatform> {
  let url = "";
  const app = buildPlatform({
    region: options.region,
    clock: options.clock,
    faults: new FaultSet(options.faults),
    store: new RegionStore(),
    wiring: options.wiring,
    events: new EventBus(),
    selfUrl: () => url,
    upstreamTimeoutMs: options.upstreamTimeoutMs ?? 2_000,
  });
  url = await listenLoopback(app, options.port ?? 0);
  return { region: options.region, url, close: () => app.close() };
}
