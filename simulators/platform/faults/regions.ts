// Planted faults that break regions clauses (spec/clauses/regions.ts), checked by suites/regions.suite.ts.
import type { FaultSpec } from "./fault.ts";

export const regionsFaults = {
  "agent-visible-in-other-region": {
    description: "every regional instance reads one shared store, so an agent created in one region shows in all",
    clauses: ["regions.agent-not-in-other-region"],
  },
  "control-host-401": {
    description: "control-host paths (workspaces, members, tokens...) answer 401 on a regional host instead of 404",
    clauses: ["regions.control-host-paths-404"],
  },
  "token-pinned-to-first-region": {
    description:
      "a data-residency rule binds each token to the region it was first used in: the same token is a 403 `this token is bound to another region` in every other region",
    clauses: ["regions.token-every-region"],
  },
  "tools-shared-between-regions": {
    description:
      "tools are kept in a registry of the process keyed by workspace, not by region, so a tool created in one region is read in every region",
    clauses: ["regions.tools-not-shared"],
  },
  "tasks-shared-between-regions": {
    description:
      "tasks are kept in a table of the process keyed by workspace, not by region, so a task created in one region is read in every region",
    clauses: ["regions.other-resources-not-shared"],
  },
  "health-names-region": {
    description:
      "GET /health answers `{status, region}`, naming the instance's region for the load balancer's dashboard",
    clauses: ["regions.no-region-field"],
  },
  "calls-shared-between-regions": {
    description:
      "the calls table is one of the process keyed by workspace, not by region, so a call placed in one region is read and listed in every region",
    clauses: ["regions.calls-not-shared"],
  },
  "phone-numbers-shared-between-regions": {
    description:
      "phone numbers and carrier accounts are kept in a table of the process keyed by workspace, not by region, so a number imported in one region is listed in every region",
    clauses: ["regions.phone-numbers-not-shared"],
  },
} as const satisfies Record<string, FaultSpec>;
