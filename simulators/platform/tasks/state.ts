// Tasks of one workspace and their run history. Runs are kept apart from the tasks and carry the task's
// name, so a deleted task's history survives and stays named after it (4).
import type { TaskRecord, TaskRun } from "../../../spec/task.ts";
import type { PlatformContext } from "../context.ts";
import { processWideState } from "../regions/planted-shared-state.ts";

export class TasksState {
  readonly tasks = new Map<string, TaskRecord>();
  /** Oldest first; runs are appended as they start. */
  readonly runs: TaskRun[] = [];
  /** Tasks the planted soft delete marked deleted, still stored (planted faults only). */
  readonly archived = new Set<string>();
}

export function tasksOf(ctx: PlatformContext, workspaceId: string): TasksState {
  // The planted bug: tasks are kept in a table of the process, keyed by workspace and not by region.
  if (ctx.faults.has("tasks-shared-between-regions"))
    return processWideState("tasks", workspaceId, () => new TasksState());
  return ctx.store.workspace(workspaceId).slice("tasks", () => new TasksState());
}
