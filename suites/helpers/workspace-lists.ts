// The paged lists of tools, tasks, task runs, secrets and integration triggers, with how to add a row;
// spread into PAGED_ENDPOINTS so the paging suite checks each one.
import { registerSecret } from "../../runner/client/redact.ts";
import { assertDeleted, track, uniqueName } from "../../runner/client/resources.ts";
import type { TaskRecordRead } from "../../spec/task.ts";
import { seedTrigger, triggersIntegration } from "./integrations.ts";
import { type PagedEndpoint, pagedList } from "./pages.ts";
import { callOp } from "./profile.ts";
import { createTask } from "./tasks.ts";
import { seed } from "./test-control.ts";
import { createTool } from "./tools.ts";

let runsTask: Promise<TaskRecordRead> | undefined;
const taskOfRuns = () => {
  runsTask ??= createTask();
  return runsTask;
};

export const WORKSPACE_PAGED_ENDPOINTS: PagedEndpoint[] = [
  pagedList("tool.list", {
    name: "tools",
    addRow: async () => {
      await createTool();
    },
  }),
  pagedList("task.list", {
    name: "tasks",
    addRow: async () => {
      await createTask();
    },
  }),
  pagedList("secret.list", {
    name: "secrets",
    mayBeWhole:
      "2.1 names no secret list among the paged ones, and 4.1 shows neither its path nor its shape (5 item 6 describes it as the provider-key list)",
    addRow: async () => {
      const name = uniqueName("paged-secret").replace(/[^A-Za-z0-9_.-]/g, "_");
      const value = `paged-${name}-value`;
      registerSecret(value);
      const response = await callOp("secret.put", { name }, { body: { value } });
      if (response.status < 200 || response.status >= 300) throw new Error(`secret put answered ${response.status}`);
      track(`secret ${name}`, async () => {
        assertDeleted(await callOp("secret.delete", { name }));
      });
    },
  }),
  pagedList("trigger.list", {
    name: "integration triggers",
    params: async () => ({ integration_id: await triggersIntegration() }),
    addRow: async () => {
      await seedTrigger(await triggersIntegration());
    },
    needs: ["test-control"],
  }),
  pagedList("task.runs", {
    name: "task runs",
    addRow: async () => {
      await seed("/task-runs", { task_id: (await taskOfRuns()).id });
    },
    // The task whose runs are paged through is a new one.
    setUp: () => taskOfRuns(),
    needs: ["test-control"],
  }),
];
