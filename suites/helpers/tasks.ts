// Task helpers shared by suites: create with the run prefix and schedule the delete.
import { expect } from "vitest";
import { explain } from "../../runner/client/http-client.ts";
import { track, uniqueName } from "../../runner/client/resources.ts";
import { deletedOrGone } from "../../runner/framework/response.ts";
import { TaskRecordRead } from "../../spec/task.ts";
import { callOp } from "./profile.ts";

export async function createTask(body: Record<string, unknown> = {}): Promise<TaskRecordRead> {
  const response = await callOp("task.create", {}, { body: { name: uniqueName("task"), ...body } });
  expect(response.status, `task create: ${explain(response)}`).toBeGreaterThanOrEqual(200);
  expect(response.status, `task create: ${explain(response)}`).toBeLessThan(300);
  const task = TaskRecordRead.parse(response.json);
  track(`task ${task.id}`, async () => {
    const deleted = await callOp("task.delete", { task_id: task.id });
    if (!deletedOrGone(deleted.status)) throw new Error(`delete answered ${deleted.status}`);
  });
  return task;
}
