// Planted faults that break tasks clauses (spec/clauses/tasks.ts), checked by suites/tasks.suite.ts.
import type { FaultSpec } from "./fault.ts";

export const tasksFaults = {
  "task-delete-erases-history": {
    description: "DELETE /v1/tasks/{id} cascades to the task's run history",
    clauses: ["tasks.delete-keeps-history"],
  },
  "task-rename-skips-name-check": {
    description: "PATCH /v1/tasks/{id} writes a new name without the uniqueness check task create makes",
    clauses: ["tasks.names-unique"],
  },
  "task-create-name-race": {
    description:
      "task create checks the name, then awaits a store round trip before inserting, so two concurrent creates with one name both pass",
    clauses: ["tasks.names-unique"],
  },
  "task-delete-soft": {
    description:
      "DELETE /v1/tasks/{id} is a soft delete: the task is only marked deleted, and GET /v1/tasks/{id} (like the list) never reads the mark, so it still answers the task",
    clauses: ["tasks.delete-ok"],
  },
  "task-delete-unknown-ok": {
    description:
      "DELETE /v1/tasks/{id} is idempotent: a task id the workspace does not hold answers {ok: true}, not 404",
    clauses: ["tasks.delete-unknown-404"],
  },
} as const satisfies Record<string, FaultSpec>;
