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
  "tool-url-presence-only": {
    description:
      "tool create and PATCH check that an http operation has a url but never parse it, so `not a url` is stored",
    clauses: ["tools.broken-operation-tree-400"],
  },
  "tool-false-fields-dropped": {
    description:
      "tool create stores the config through a compact() that drops every top-level field whose value is false (silent: false, long_running_task: false read back absent)",
    clauses: ["tools.inline-round-trip"],
  },
  "operation-timeout-in-ms": {
    description:
      "tool create stores each operation's config.timeout converted to milliseconds for the HTTP client (7.5 reads back as 7500)",
    clauses: ["tools.operation-round-trip"],
  },
} as const satisfies Record<string, FaultSpec>;
