// Tools (2.10, 4): the stored tool as the default profile reads it back (record shape not shown, 2.13),
// the create and PATCH bodies, and the validate answer tools share with agents (4).
import { z } from "zod";
import { InlineTool } from "./agent.ts";
import { Timestamp, Uuid } from "./common.ts";

/** Create body (profile `tool.create`): the 2.10 inline tool. */
export const ToolCreate = InlineTool;

/** PATCH body (4): a partial tool; top-level fields merge, `operations` replaces the whole tree. */
export const ToolPatch = InlineTool.partial();
export type ToolPatch = z.infer<typeof ToolPatch>;

/** Mirrors the agent record: the draft config, and the latest published version (an integer, 9) with its config. */
export const ToolRecord = z.object({
  id: Uuid,
  name: z.string(),
  config: InlineTool,
  published_version: z.int().nullable(),
  published_config: InlineTool.nullable(),
  created_at: Timestamp,
  updated_at: Timestamp,
});
export type ToolRecord = z.infer<typeof ToolRecord>;

/** 4: validate always answers 200 with both keys present (a server may say more beside them). */
export const ValidationResult = z.object({ errors: z.array(z.string()), warnings: z.array(z.string()) });
export type ValidationResult = z.infer<typeof ValidationResult>;

/** What the harness needs of a tool record it reads back (as AgentRecordRead: id, name, draft config, versions). */
export const ToolRecordRead = ToolRecord.extend({
  published_version: z.int().nullable().optional(),
  published_config: InlineTool.nullable().optional(),
  created_at: Timestamp.optional(),
  updated_at: Timestamp.optional(),
});
export type ToolRecordRead = z.infer<typeof ToolRecordRead>;
