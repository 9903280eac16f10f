// Faults in tools (2.10, 4) and in validate/publish (3.3, 7).
import type { FaultSpec } from "./fault.ts";

export const toolsFaults = {
  "tool-patch-replaces-whole": {
    description: "PATCH /v1/tools/{id} writes the tool whole, like the agent PATCH, dropping omitted top-level fields",
    clauses: ["tools.patch-top-level-merge"],
  },
  "tool-patch-merges-operations": {
    description: "PATCH /v1/tools/{id} merges the sent operations into the stored ones by index instead of replacing",
    clauses: ["tools.patch-operations-replace"],
  },
  "tool-names-not-unique": {
    description: "tool create does not check for an existing name",
    clauses: ["tools.names-unique"],
  },
  "publish-succeeds-with-errors": {
    description: "publish runs validation but publishes anyway when it finds errors",
    clauses: ["versioning.publish-errors-400", "versioning.tool-publish-errors-400"],
  },
  "validate-400-on-errors": {
    description: "validate answers 400 with the errors instead of 200 with the verdict in the body",
    clauses: ["versioning.agent-validate-always-200", "versioning.tool-validate-always-200"],
  },
} as const satisfies Record<string, FaultSpec>;
