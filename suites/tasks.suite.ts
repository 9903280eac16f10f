// Tasks (4): unique names, DELETE {ok: true} then 404, and a run history that outlives the task and keeps
// its name (runs are seeded through test control; the history's path is the profile's `task.runs`).

import { randomUUID } from "node:crypto";
import { expect } from "vitest";
import type { ApiResponse } from "../runner/client/http-client.ts";
import { assertDeleted, track, uniqueName } from "../runner/client/resources.ts";
import { check } from "../runner/framework/check.ts";
import { expectBody, expectOkResult, expectStatus } from "../runner/framework/response.ts";
import { checksSideBySide } from "../runner/framework/side-by-side.ts";
import { TaskRecordRead, TaskRunRead } from "../spec/task.ts";
import { WithItems } from "./helpers/body-shapes.ts";
import { expectNameTaken, expectOneOfTwoCreated, expectRenameOntoTakenRefused } from "./helpers/names.ts";
import { callOp } from "./helpers/profile.ts";
import { createTask } from "./helpers/tasks.ts";
import { seed } from "./helpers/test-control.ts";

checksSideBySide("each check makes and reads back tasks of its own");

/** Schedules the delete of a task a check created by hand (a create that should have been refused). */
function trackCreated(response: ApiResponse): void {
  const id = (response.json as { id?: unknown } | undefined)?.id;
  if (response.status < 300 && typeof id === "string") {
    track(`task ${id}`, async () => {
      assertDeleted(await callOp("task.delete", { task_id: id }));
    });
  }
}

check("a second task with a taken name is a 400 that says so", ["tasks.names-unique"], async () => {
  const task = await createTask();
  const response = await callOp("task.create", {}, { body: { name: task.name } });
  trackCreated(response);
  expectNameTaken(response);
});

check("two concurrent task creates with one name: exactly one succeeds", ["tasks.names-unique"], async () => {
  const name = uniqueName("task-race");
  const responses = await Promise.all([0, 1].map(() => callOp("task.create", {}, { body: { name } })));
  responses.forEach(trackCreated);
  expectOneOfTwoCreated(responses);
});

check(
  "renaming a task (PATCH) to a name another task holds is a 400, and both keep their names",
  ["tasks.names-unique"],
  async () => {
    const [renamed, holder] = [await createTask(), await createTask()];
    await expectRenameOntoTakenRefused(
      "task",
      renamed,
      holder,
      (id, name) => callOp("task.update", { task_id: id }, { body: { name } }),
      async (id) => {
        const read = await callOp("task.get", { task_id: id });
        expectStatus(read, 200);
        return TaskRecordRead.parse(read.json).name;
      },
    );
  },
);

check("DELETE /v1/tasks/{task_id} answers {ok: true} and the task is then a 404", ["tasks.delete-ok"], async () => {
  const task = await createTask();
  const deleted = await callOp("task.delete", { task_id: task.id });
  expectOkResult(deleted);
  const after = await callOp("task.get", { task_id: task.id });
  expectStatus(after, 404);
  const again = await callOp("task.delete", { task_id: task.id });
  expectStatus(again, 404, "a second delete");
});

check("DELETE /v1/tasks/{task_id} of a task that does not exist is a 404", ["tasks.delete-unknown-404"], async () => {
  const response = await callOp("task.delete", { task_id: randomUUID() });
  expectStatus(response, 404);
});

async function runsOf(taskId: string) {
  const response = await callOp("task.runs", {}, { query: { task_id: taskId, limit: 200 } });
  const { items } = expectBody(response, 200, WithItems, "a page of runs");
  return items.map((row) => TaskRunRead.parse(row)).filter((run) => run.task_id === taskId);
}

check(
  "a deleted task's run history survives and stays named after the task",
  ["tasks.delete-keeps-history"],
  async () => {
    const task = await createTask();
    const seeded = [
      await seed<{ id: string }>("/task-runs", { task_id: task.id, status: "completed" }),
      await seed<{ id: string }>("/task-runs", { task_id: task.id, status: "failed" }),
    ];
    const before = await runsOf(task.id);
    expect(before.map((run) => run.id).sort(), "the seeded runs are listed").toEqual(seeded.map((r) => r.id).sort());
    expectOkResult(await callOp("task.delete", { task_id: task.id }), "the task delete");
    const after = await runsOf(task.id);
    expect(after.map((run) => run.id).sort(), "the runs after the delete").toEqual(seeded.map((r) => r.id).sort());
    for (const run of after) expect(run.task_name, `run ${run.id} keeps the task's name`).toBe(task.name);
  },
  { needs: ["test-control"] },
);
