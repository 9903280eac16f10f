// Starts one regional platform instance on loopback.
import type { Clock } from "../shared/clock.ts";
import { listenLoopback } from "../shared/server.ts";
import { buildPlatform } from "./app.ts";
import { FaultSet, type FaultName } from "./faults/index.ts";
import { RegionStore } from "./store.ts";

export interface PlatformOptions {
  region: string;
  clock: Clock;
  controlPlaneUrl: string;
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
  const app = buildPlatform({
    region: options.region,
    clock: options.clock,
    faults: new FaultSet(options.faults),
    store: new RegionStore(),
    controlPlaneUrl: options.controlPlaneUrl,
    upstreamTimeoutMs: options.upstreamTimeoutMs ?? 2_000,
  });
  const url = await listenLoopback(app, options.port ?? 0);
  return { region: options.region, url, close: () => app.close() };
}
