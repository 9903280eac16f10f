// Tools of one workspace: the record (draft + latest published) and every published version, since an
// agent's tool reference names an integer tool_version (2.10, 9).
import type { InlineTool } from "../../../spec/agent.ts";
import type { ToolRecord } from "../../../spec/tool.ts";
import type { PlatformContext } from "../context.ts";
import { processWideState } from "../regions/planted-shared-state.ts";

export interface StoredTool {
  record: ToolRecord;
  /** Published versions by number, 1 upwards; never edited after publish. */
  versions: Map<number, InlineTool>;
}

export function toolsOf(ctx: PlatformContext, workspaceId: string): Map<string, StoredTool> {
  // The planted bug: tools are kept in a registry of the process, keyed by workspace and not by region.
  if (ctx.faults.has("tools-shared-between-regions"))
    return processWideState("tools", workspaceId, () => new Map<string, StoredTool>());
  return ctx.store.workspace(workspaceId).slice("tools", () => new Map<string, StoredTool>());
}

/** The config of a published version, for live traffic and for agents that reference it. */
export function publishedTool(
  ctx: PlatformContext,
  workspaceId: string,
  toolId: string,
  version: number,
): InlineTool | undefined {
  return toolsOf(ctx, workspaceId).get(toolId)?.versions.get(version);
}
