// What every route of one regional platform instance shares.
import type { Profile } from "../../spec/profile.ts";
import type { Clock } from "../shared/clock.ts";
import type { EventBus } from "./events/bus.ts";
import type { FaultSet } from "./faults/index.ts";
import type { HostileName } from "./hostile/index.ts";
import type { RegionStore } from "./store.ts";
import type { VariantSet } from "./variants/index.ts";

/** Where the platform's dependencies live (the wiring contract, README "Wiring your server"). */
export interface Wiring {
  /** Origin of the control plane every credential is resolved through. */
  controlPlaneUrl: string;
  /** Twilio-shaped carrier API origin, and the credentials of the account the region dials with. */
  carrier?: { url: string; accountSid: string; authToken: string };
  /** OpenAI-compatible provider origin: keys are verified and models called here. */
  providerUrl?: string;
  /** A key the provider accepts for its whole life (the target's `provider_key`): the stand-in lends it. */
  providerKey?: string;
  /** The one origin trusted for webhook delivery although it is loopback (the webhook sink). */
  trustedWebhookOrigin?: string;
  /** The one origin a knowledge crawl may fetch although it is not public (the website simulator). */
  trustedCrawlOrigin?: string;
}

export interface PlatformContext {
  region: string;
  faults: FaultSet;
  /** The legal variants this instance serves (simulators/platform/variants): how it conforms differently. */
  variants: VariantSet;
  /** Hostile behaviours (`serve --hostile`), installed before every route; none on a conforming instance. */
  hostile?: readonly HostileName[];
  clock: Clock;
  store: RegionStore;
  wiring: Wiring;
  events: EventBus;
  /** Origin of this instance, for callback URLs handed to the carrier. */
  selfUrl: () => string;
  /** Timeout for every call the platform makes to a dependency. */
  upstreamTimeoutMs: number;
  /** SSE keep-alive interval in ms (6.2: 15 000); shorter only in tests, through the start options. */
  sseKeepAliveMs?: number;
  /** The profile this instance serves: its paths, and its optional behaviours present or absent. */
  profile: Profile;
}
