// Every planted fault of the reference platform, one module per clause area (named like the suites).

import { NameSet } from "../name-set.ts";
import { agentsFaults } from "./agents.ts";
import { authFaults } from "./auth.ts";
import { batchesFaults } from "./batches.ts";
import { byokFaults } from "./byok.ts";
import { callsFaults } from "./calls.ts";
import { catalogFaults } from "./catalog.ts";
import { conversationsFaults } from "./conversations.ts";
import { creditsFaults } from "./credits.ts";
import { deliveryFaults } from "./delivery.ts";
import { errorsFaults } from "./errors.ts";
import { eventsFaults } from "./events.ts";
import type { FaultSpec } from "./fault.ts";
import { integrationsFaults } from "./integrations.ts";
import { knowledgeFaults } from "./knowledge.ts";
import { pagingFaults } from "./paging.ts";
import { regionsFaults } from "./regions.ts";
import { serviceFaults } from "./service.ts";
import { streamsFaults } from "./streams.ts";
import { tasksFaults } from "./tasks.ts";
import { telephonyFaults } from "./telephony.ts";
import { toolsFaults } from "./tools.ts";
import { versioningFaults } from "./versioning.ts";
import { webhooksFaults } from "./webhooks.ts";

export const FAULTS = {
  ...agentsFaults,
  ...authFaults,
  ...batchesFaults,
  ...byokFaults,
  ...callsFaults,
  ...catalogFaults,
  ...conversationsFaults,
  ...creditsFaults,
  ...deliveryFaults,
  ...errorsFaults,
  ...eventsFaults,
  ...integrationsFaults,
  ...knowledgeFaults,
  ...pagingFaults,
  ...regionsFaults,
  ...serviceFaults,
  ...streamsFaults,
  ...tasksFaults,
  ...telephonyFaults,
  ...toolsFaults,
  ...versioningFaults,
  ...webhooksFaults,
} as const satisfies Record<string, FaultSpec>;
export type FaultName = keyof typeof FAULTS;

export function isFaultName(name: string): name is FaultName {
  return Object.hasOwn(FAULTS, name);
}

/** The faults a platform instance was started with. */
export class FaultSet extends NameSet<FaultName> {}
