// Planted faults that break integrations clauses (spec/clauses/integrations.ts), checked by suites/integrations.suite.ts.
import type { FaultSpec } from "./fault.ts";

export const integrationsFaults = {
  "trigger-runs-draft": {
    description:
      "an inbound channel message is answered by the trigger agent's stored draft, not its published version",
    clauses: ["integrations.trigger-runs-published"],
  },
} as const satisfies Record<string, FaultSpec>;
