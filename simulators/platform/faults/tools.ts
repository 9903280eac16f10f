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
  "tool-validate-reads-published": {
    description:
      "tool validate checks the published config when there is one (`published_config ?? config`), not the draft",
    clauses: ["versioning.tool-validate-empty-means-publishable"],
  },
  "tool-publish-blocks-on-warnings": {
    description: "tool publish refuses when validation returns any line, warnings included",
    clauses: ["versioning.tool-warnings-do-not-block", "versioning.tool-validate-empty-means-publishable"],
  },
  "tool-republish-keeps-first-config": {
    description:
      "tool publish snapshots `published_config ?? config`, so every publish after the first numbers a new version holding the old config",
    clauses: ["versioning.tool-publish-makes-live"],
  },
} as const satisfies Record<string, FaultSpec>;
