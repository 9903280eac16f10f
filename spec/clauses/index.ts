// The whole clause list: one module per area, the area being the id prefix and the suite file name.
import { Clause } from "../clause.ts";
import { agentsClauses } from "./agents.ts";
import { authClauses } from "./auth.ts";
import { batchesClauses } from "./batches.ts";
import { byokClauses } from "./byok.ts";
import { callsClauses } from "./calls.ts";
import { catalogClauses } from "./catalog.ts";
import { conversationsClauses } from "./conversations.ts";
import { creditsClauses } from "./credits.ts";
import { deliveryClauses } from "./delivery.ts";
import { errorsClauses } from "./errors.ts";
import { eventsClauses } from "./events.ts";
import { integrationsClauses } from "./integrations.ts";
import { knowledgeClauses } from "./knowledge.ts";
import { pagingClauses } from "./paging.ts";
import { regionsClauses } from "./regions.ts";
import { serviceClauses } from "./service.ts";
import { streamsClauses } from "./streams.ts";
import { tasksClauses } from "./tasks.ts";
import { telephonyClauses } from "./telephony.ts";
import { toolsClauses } from "./tools.ts";
import { versioningClauses } from "./versioning.ts";
import { webhooksClauses } from "./webhooks.ts";

/** Each area's clauses, keyed by area (= id prefix = file name = suite file name). */
export const CLAUSES_BY_AREA: Readonly<Record<string, readonly Clause[]>> = {
  paging: pagingClauses,
  errors: errorsClauses,
  auth: authClauses,
  service: serviceClauses,
  agents: agentsClauses,
  tools: toolsClauses,
  tasks: tasksClauses,
  versioning: versioningClauses,
  catalog: catalogClauses,
  knowledge: knowledgeClauses,
  integrations: integrationsClauses,
  telephony: telephonyClauses,
  calls: callsClauses,
  batches: batchesClauses,
  conversations: conversationsClauses,
  streams: streamsClauses,
  webhooks: webhooksClauses,
  delivery: deliveryClauses,
  events: eventsClauses,
  regions: regionsClauses,
  byok: byokClauses,
  credits: creditsClauses,
};

export const CLAUSES: readonly Clause[] = Object.values(CLAUSES_BY_AREA)
  .flat()
  .map((c) => Clause.parse(c));

export const CLAUSE_BY_ID: ReadonlyMap<string, Clause> = new Map(CLAUSES.map((c) => [c.id, c]));
