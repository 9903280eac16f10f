import type { Clause } from "../clause.ts";

// Tasks: only their name rule and delete are specified.
export const tasksClauses: Clause[] = [
  {
    id: "tasks.names-unique",
    section: "4",
    kind: "testable",
    assumption: "duplicate_name_message",
    statement: "Task names are unique per workspace; a duplicate create is a 400 saying the name is taken.",
  },
  {
    id: "tasks.delete-ok",
    section: "4",
    kind: "testable",
    assumption: "task.create",
    statement: "DELETE /v1/tasks/{task_id} returns {ok: true}, and the task is then a 404.",
  },
  {
    id: "tasks.delete-unknown-404",
    section: "7",
    kind: "testable",
    statement: "DELETE /v1/tasks/{task_id} for a task that does not exist in the workspace is a 404.",
  },
  {
    id: "tasks.delete-keeps-history",
    section: "4",
    kind: "needs-test-control",
    assumption: "task.runs",
    statement: "After DELETE /v1/tasks/{task_id} the task's run history survives and stays named after the task.",
  },
  {
    id: "tasks.record-fields",
    section: "2.13",
    kind: "not-shown",
    assumption: "task.get",
    statement: "Fields of the task record: not shown.",
  },
  {
    id: "tasks.states",
    section: "3.3",
    kind: "not-shown",
    statement: "States and transitions of tasks: not shown.",
  },
];
