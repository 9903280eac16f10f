// What live traffic runs (3.3, 9): the published tool version an agent's reference names, never the draft
// (the agent itself: agents/live.ts).
import type { InlineTool } from "../../../spec/agent.ts";
import type { PlatformContext } from "../context.ts";
import { publishedTool, toolsOf } from "./state.ts";

/** A published tool version an agent's reference names (2.10: tool_id + integer tool_version). */
export function liveTool(
  ctx: PlatformContext,
  workspaceId: string,
  toolId: string,
  version: number,
): InlineTool | undefined {
  // The planted bug: the runtime loads the tool by id and runs what it holds now, the draft.
  if (ctx.faults.has("tool-draft-runs-live")) {
    const stored = toolsOf(ctx, workspaceId).get(toolId);
    return stored?.versions.has(version) ? stored.record.config : undefined;
  }
  return publishedTool(ctx, workspaceId, toolId, version);
}
