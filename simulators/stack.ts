// The whole embedded stack: the simulators plus N regional platform instances sharing one control
// plane, and the target file that describes it.
import ipaddr from "ipaddr.js";
import { loadProfile, type Profile } from "../spec/profile.ts";
import type { Target } from "../spec/target.ts";
import { startCarrier } from "./carrier/server.ts";
import { startControlPlane } from "./control-plane/server.ts";
import type { FaultName } from "./platform/faults/index.ts";
import type { HostileName } from "./platform/hostile/index.ts";
import { type RunningPlatform, startPlatform } from "./platform/server.ts";
import type { VariantName } from "./platform/variants/index.ts";
import { servedProfile } from "./platform/variants/served-profile.ts";
import { startProvider } from "./provider/server.ts";
import { type Clock, createClock } from "./shared/clock.ts";
import type { FrontOps } from "./shared/fast-path.ts";
import type { FrontedSimulator } from "./shared/front-protocol.ts";
import { type Fronts, startFronts } from "./shared/fronts.ts";
import type { RegisteredRoute } from "./shared/route-table.ts";
import { DEFAULT_BODY_LIMIT } from "./shared/server.ts";
import { startWebhookSink } from "./webhook-sink/server.ts";
import { startWebsite } from "./website/server.ts";

export interface StackOptions {
  faults?: FaultName[];
  /** Legal variants every region serves. */
  variants?: VariantName[];
  /** Hostile behaviours of every regional platform (`serve --hostile`). */
  hostile?: HostileName[];
  regions?: number;
  minuteMs?: number;
  /** Port of the first region; the others follow. 0 picks free ports. */
  port?: number;
  /** `default` or a profile file: the platform serves its paths and optional behaviours, the target names it. */
  profile?: string;
  /** The platforms' SSE keep-alive interval (default 15 000 ms, 6.2): short load smokes lower it to see some. */
  sseKeepAliveMs?: number;
  /** The address the regions listen on and are known by (default loopback; `serve --listen`). */
  host?: string;
  /**
   * Simulators already running elsewhere (`serve --simulators FILE`, the target file `simulate` wrote): the
   * regions are wired to them, on a clock of their scale, instead of starting simulators of their own.
   */
  simulators?: RemoteSimulators;
}

/** Simulators another process runs: what the target file says of them, and the wiring a platform takes from it. */
export interface RemoteSimulators {
  target: Simulators["target"];
  wiring: Simulators["wiring"];
}

export interface Simulators {
  target: Omit<Target, "regions" | "test_control">;
  wiring: {
    controlPlaneUrl: string;
    carrier: { url: string; accountSid: string; authToken: string };
    providerUrl: string;
    providerKey: string;
    trustedWebhookOrigin: string;
    trustedCrawlOrigin: string;
  };
  /** The one simulated clock the simulators run on; the embedded platform shares it. */
  clock: Clock;
  /** Each simulator's registered routes, by the names of `target.simulators`. */
  routes: Record<SimulatorName, readonly RegisteredRoute[]>;
  close(): Promise<void>;
}

export type SimulatorName = "control_plane" | "carrier" | "provider" | "website" | "webhook_sink";

/** In the order their ports follow `port`. */
export const SIMULATOR_NAMES: readonly SimulatorName[] = [
  "control_plane",
  "carrier",
  "provider",
  "website",
  "webhook_sink",
];

/**
 * Where the simulators listen and the URLs they are known by (`cap-conformance simulate`). The
 * default is loopback on free ports, each known by its loopback origin. A host that is not
 * loopback serves them to whoever reaches it, and lets the carrier call back any address the
 * server under test gives it (its status callbacks and voice URLs), not only loopback ones.
 */
export interface SimulatorNetwork {
  host?: string;
  /** The control plane's port; the others follow in SIMULATOR_NAMES order. 0 (default) picks free ports. */
  port?: number;
  publicUrls?: Partial<Record<SimulatorName, string>>;
  /**
   * Front worker processes answering the carrier's and the provider's ports (SO_REUSEPORT), their state
   * kept in this process (shared/fronts.ts). 0 or absent: this process answers them itself.
   */
  workers?: number;
}

export function isLoopbackHost(host: string): boolean {
  if (host === "localhost") return true;
  const bare = host.replace(/^\[|\]$/g, "");
  return ipaddr.isValid(bare) && ipaddr.process(bare).range() === "loopback";
}

export interface Stack {
  target: Target;
  platforms: RunningPlatform[];
  close(): Promise<void>;
}

/** Closes in reverse order of start, whatever fails. */
function closerList() {
  const closers: Array<() => Promise<void>> = [];
  return {
    add: (close: () => Promise<void>) => closers.push(close),
    close: async () => {
      for (const close of closers.reverse()) await close().catch(() => undefined);
    },
  };
}

/** The simulators alone (`cap-conformance simulate`), for a vendor's own server to be wired to. */
export async function startSimulators(minuteMs = 60_000, network: SimulatorNetwork = {}): Promise<Simulators> {
  const clock = createClock(minuteMs);
  const closers = closerList();
  const host = network.host ?? "127.0.0.1";
  const listen = (name: SimulatorName) => ({
    host,
    port: network.port ? network.port + SIMULATOR_NAMES.indexOf(name) : 0,
    publicUrl: network.publicUrls?.[name],
  });
  try {
    const controlPlane = await startControlPlane(listen("control_plane"));
    closers.add(controlPlane.close);
    const workers = network.workers ?? 0;
    // Behind front workers, a simulator's own server listens privately; the workers take its public port.
    const own = (name: SimulatorName) => (workers > 0 ? { host: "127.0.0.1", port: 0 } : listen(name));
    const front = async (name: SimulatorName & FrontedSimulator, upstream: string, ops: FrontOps) => {
      const { port, publicUrl } = listen(name);
      const fronts = await startFronts({
        config: { simulator: name, host, upstream, minuteMs: clock.minuteMs, bodyLimit: DEFAULT_BODY_LIMIT },
        port,
        count: workers,
        ops,
      });
      closers.add(fronts.close);
      return { fronts, url: publicUrl?.replace(/\/+$/, "") ?? fronts.url };
    };

    const carrier = await startCarrier({ clock, listen: own("carrier"), loopbackOnly: isLoopbackHost(host) });
    closers.add(carrier.close);
    const carrierUrl = workers > 0 ? (await front("carrier", carrier.url, carrier.frontOps)).url : carrier.url;
    const carrierAccount = { url: carrierUrl, accountSid: carrier.account.sid, authToken: carrier.account.authToken };
    let providerFronts: Fronts | undefined;
    const provider = await startProvider({
      clock,
      listen: own("provider"),
      beforeRead: async () => providerFronts?.sync(),
    });
    closers.add(provider.close);
    let providerUrl = provider.url;
    if (workers > 0) {
      const fronted = await front("provider", provider.url, provider.frontOps);
      providerFronts = fronted.fronts;
      providerUrl = fronted.url;
    }
    const website = await startWebsite({ listen: listen("website") });
    closers.add(website.close);
    const sink = await startWebhookSink(listen("webhook_sink"));
    closers.add(sink.close);
    return {
      target: {
        credentials: controlPlane.credentials,
        wired: true,
        simulators: {
          control_plane: controlPlane.url,
          carrier: carrierUrl,
          provider: providerUrl,
          website: website.url,
          webhook_sink: sink.url,
        },
        profile: "default",
        minute_ms: clock.minuteMs,
        clock_origin_ms: clock.originMs,
        // The target file names it, so a run can keep its auth token out of every report (and a server wire it).
        carrier_account: carrierAccount,
        provider_key: provider.defaultKey,
      },
      wiring: {
        controlPlaneUrl: controlPlane.url,
        carrier: carrierAccount,
        providerUrl,
        providerKey: provider.defaultKey,
        trustedWebhookOrigin: sink.url,
        trustedCrawlOrigin: website.url,
      },
      clock,
      routes: {
        control_plane: controlPlane.routes,
        carrier: carrier.routes,
        provider: provider.routes,
        website: website.routes,
        webhook_sink: sink.routes,
      },
      close: closers.close,
    };
  } catch (error) {
    await closers.close();
    throw error;
  }
}

export async function startStack(options: StackOptions = {}): Promise<Stack> {
  const minuteMs = options.minuteMs ?? 60_000;
  const served = servedProfile(options.profile ?? "default", options.variants ?? []);
  const profileName = served.name;
  const closers = closerList();
  closers.add(async () => served.remove());
  let profile: Profile;
  try {
    profile = loadProfile(profileName);
  } catch (error) {
    await closers.close();
    throw error;
  }
  let simulators: RemoteSimulators;
  let clock: Clock;
  if (options.simulators === undefined) {
    const started = await startSimulators(minuteMs);
    closers.add(started.close);
    simulators = started;
    // One clock for platform and simulators, so carrier witness times and batch windows agree.
    clock = started.clock;
  } else {
    // Another process's simulators keep their own clock; this one runs at their scale from their origin.
    simulators = options.simulators;
    clock = createClock(simulators.target.minute_ms ?? minuteMs, simulators.target.clock_origin_ms);
  }
  try {
    const regions: Target["regions"] = [];
    const platforms: RunningPlatform[] = [];
    for (let i = 0; i < (options.regions ?? 1); i++) {
      const platform = await startPlatform({
        region: `r${i + 1}`,
        clock,
        wiring: simulators.wiring,
        faults: options.faults ?? [],
        variants: options.variants ?? [],
        hostile: options.hostile ?? [],
        port: options.port ? options.port + i : 0,
        host: options.host,
        profile,
        sseKeepAliveMs: options.sseKeepAliveMs,
      });
      closers.add(platform.close);
      platforms.push(platform);
      regions.push({ name: platform.region, base_url: platform.url });
    }
    const target: Target = {
      ...simulators.target,
      regions,
      test_control: `${regions[0]!.base_url}/_test`,
      profile: profileName,
    };
    return { target, platforms, close: closers.close };
  } catch (error) {
    await closers.close();
    throw error;
  }
}
