// Planted faults that break tools clauses (spec/clauses/tools.ts), checked by suites/tools.suite.ts.
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
  "tool-ref-hooks-unchecked": {
    description:
      "tool references in on_enter, on_exit and on_user_turn_completed are stored unchecked; only tools[] is checked",
    clauses: ["tools.reference-one-of", "tools.reference-unpublished-400"],
  },
  "tool-names-not-unique": {
    description: "tool create does not check for an existing name",
    clauses: ["tools.names-unique"],
  },
  "tool-delete-204": {
    description:
      "DELETE /v1/tools/{id} deletes the tool but answers 204 No Content with an empty body instead of {ok: true}",
    clauses: ["tools.delete-ok"],
  },
} as const satisfies Record<string, FaultSpec>;
