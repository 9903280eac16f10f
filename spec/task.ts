// Tasks: only the name rule and DELETE are specified (4); the record, create body, PATCH and the run
// history read path are profile assumptions (2.13: fields of the task record not shown).
import { z } from "zod";
import { notClearable, Timestamp, Uuid } from "./common.ts";

export const TaskCreate = z.object({
  name: z.string().min(1).max(200),
  description: z.string().max(10_000).optional(),
  agent_id: Uuid.optional(),
  instructions: z.string().max(100_000).optional(),
});
export type TaskCreate = z.infer<typeof TaskCreate>;

/** The general PATCH rule (4): omitted fields stay, explicit null clears (name cannot be cleared). */
export const TaskPatch = z.object({
  name: z.string(notClearable("a task needs a name")).min(1).max(200).optional(),
  description: z.string().max(10_000).nullable().optional(),
  agent_id: Uuid.nullable().optional(),
  instructions: z.string().max(100_000).nullable().optional(),
});
export type TaskPatch = z.infer<typeof TaskPatch>;

export const TaskRecord = z.object({
  id: Uuid,
  name: z.string(),
  description: z.string().nullable(),
  agent_id: Uuid.nullable(),
  instructions: z.string().nullable(),
  created_at: Timestamp,
  updated_at: Timestamp,
});
export type TaskRecord = z.infer<typeof TaskRecord>;

/** The task-run history's filter (profile `task.runs`). */
export const TaskRunsQuery = z.object({ task_id: Uuid.optional() });

/** One run of a task; `task_name` keeps the task's name after the task is deleted (4). */
export const TaskRun = z.object({
  id: Uuid,
  task_id: Uuid,
  task_name: z.string(),
  status: z.string(),
  started_at: Timestamp,
  finished_at: Timestamp.nullable(),
});
export type TaskRun = z.infer<typeof TaskRun>;

/** A run as the checks read it (through the profile's field map): its id and task; the rest where the server gives it. */
export const TaskRunRead = TaskRun.partial().required({ id: true, task_id: true });

/** What the harness needs of a task record it reads back: its id and name (2.13: nothing else is shown). */
export const TaskRecordRead = TaskRecord.partial().required({ id: true, name: true });
export type TaskRecordRead = z.infer<typeof TaskRecordRead>;
