// Faults in tasks (4).
import type { FaultSpec } from "./fault.ts";

export const tasksFaults = {
  "task-delete-erases-history": {
    description: "DELETE /v1/tasks/{id} cascades to the task's run history",
    clauses: ["tasks.delete-keeps-history"],
  },
} as const satisfies Record<string, FaultSpec>;
