// Every planted fault of the reference platform, one module per area.
import { authFaults } from "./auth.ts";
import { batchesFaults } from "./batches.ts";
import { byokFaults } from "./byok.ts";
import { callsFaults } from "./calls.ts";
import { catalogFaults } from "./catalog.ts";
import { conversationsFaults } from "./conversations.ts";
import { coreFaults } from "./core.ts";
import type { FaultSpec } from "./fault.ts";
import { knowledgeFaults } from "./knowledge.ts";
import { liveTrafficFaults } from "./live-traffic.ts";
import { regionsFaults } from "./regions.ts";
import { streamsFaults } from "./streams.ts";
import { tasksFaults } from "./tasks.ts";
import { toolsFaults } from "./tools.ts";
import { webhooksFaults } from "./webhooks.ts";

export const FAULTS = {
  ...coreFaults,
  ...catalogFaults,
  ...byokFaults,
  ...toolsFaults,
  ...tasksFaults,
  ...regionsFaults,
  ...callsFaults,
  ...batchesFaults,
  ...webhooksFaults,
  ...conversationsFaults,
  ...streamsFaults,
  ...knowledgeFaults,
  ...authFaults,
  ...liveTrafficFaults,
} as const satisfies Record<string, FaultSpec>;
export type FaultName = keyof typeof FAULTS;

export function isFaultName(name: string): name is FaultName {
  return Object.hasOwn(FAULTS, name);
}

/** The faults a platform instance was started with; never changed by a request. */
export class FaultSet {
  private readonly names: ReadonlySet<FaultName>;
  constructor(names: Iterable<FaultName> = []) {
    this.names = new Set(names);
  }
  has(name: FaultName): boolean {
    return this.names.has(name);
  }
  list(): FaultName[] {
    return [...this.names];
  }
}
