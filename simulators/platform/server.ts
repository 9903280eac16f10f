// Starts one regional platform instance, on loopback unless told another address (`serve --listen`).
import { DEFAULT_PROFILE, type Profile } from "../../spec/profile.ts";
import type { Clock } from "../shared/clock.ts";
import { type RegisteredRoute, registeredRoutes } from "../shared/route-table.ts";
import { listenLoopback } from "../shared/server.ts";
import { buildPlatform } from "./app.ts";
import type { Wiring } from "./context.ts";
import { EventBus } from "./events/bus.ts";
import { type FaultName, FaultSet } from "./faults/index.ts";
import type { HostileName } from "./hostile/index.ts";
import { idMinter } from "./ids.ts";
import { regionStoreFor } from "./regions/store-scope.ts";
import { type VariantName, VariantSet } from "./variants/index.ts";

export interface PlatformOptions {
  region: string;
  clock: Clock;
  wiring: Wiring;
  faults?: Iterable<FaultName>;
  variants?: Iterable<VariantName>;
  /** Hostile behaviours (`serve --hostile`); none by default. */
  hostile?: readonly HostileName[];
  port?: number;
  /** The address it listens on and is known by (callback URLs included); default loopback. */
  host?: string;
  upstreamTimeoutMs?: number;
  /** For tests and short load runs: the SSE keep-alive interval (default 15 000 ms, section 6.2). */
  sseKeepAliveMs?: number;
  /** The profile to serve (default: the default profile). */
  profile?: Profile;
}

export interface RunningPlatform {
  region: string;
  url: string;
  routes: readonly RegisteredRoute[];
  close(): Promise<void>;
}

export async function startPlatform(options: PlatformOptions): Promise<RunningPlatform> {
  let url = "";
  const variants = new VariantSet(options.variants);
  const app = buildPlatform({
    region: options.region,
    clock: options.clock,
    faults: new FaultSet(options.faults),
    variants,
    hostile: options.hostile ?? [],
    store: regionStoreFor(new FaultSet(options.faults)),
    wiring: options.wiring,
    events: new EventBus(idMinter(variants)),
    selfUrl: () => url,
    upstreamTimeoutMs: options.upstreamTimeoutMs ?? 2_000,
    // The planted `sse-keepalive-5s` keeps streams alive three times as often as 6.2 says.
    sseKeepAliveMs: new FaultSet(options.faults).has("sse-keepalive-5s") ? 5_000 : options.sseKeepAliveMs,
    profile: options.profile ?? DEFAULT_PROFILE,
  });
  url = await listenLoopback(app, options.port ?? 0, options.host);
  return { region: options.region, url, routes: registeredRoutes(app), close: () => app.close() };
}
