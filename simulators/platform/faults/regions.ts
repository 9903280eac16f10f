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
} as const satisfies Record<string, FaultSpec>;
