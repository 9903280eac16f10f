// Each regional instance owns its store (1: nothing a workspace owns is shared between regions), except
// under the planted `agent-visible-in-other-region` fault, where every instance of the process shares one.
import type { FaultSet } from "../faults/index.ts";
import { RegionStore } from "../store.ts";

let shared: RegionStore | undefined;

export function regionStoreFor(faults: FaultSet): RegionStore {
  if (!faults.has("agent-visible-in-other-region")) return new RegionStore();
  shared ??= new RegionStore();
  return shared;
}
