// What every route of one regional platform instance shares.
import type { Clock } from "../shared/clock.ts";
import type { FaultSet } from "./faults/index.ts";
import type { RegionStore } from "./store.ts";

export interface PlatformContext {
  region: string;
  faults: FaultSet;
  clock: Clock;
  store: RegionStore;
  /** Origin of the control plane every credential is resolved through. */
  controlPlaneUrl: string;
  /** Timeout for every call the platform makes to a dependency. */
  upstreamTimeoutMs: number;
}
