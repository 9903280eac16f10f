// What live traffic runs (3.3, 9): the published version, never the draft. Calls, conversations and
// triggers resolve an agent (and the tool versions it names) through here.
import type { AgentConfig, InlineTool } from "../../../spec/agent.ts";
import type { PlatformContext } from "../context.ts";
import { publishedTool, toolsOf } from "../tools/state.ts";

/** The published config of an agent, or undefined when it was never published (or does not exist). */
export function liveAgent(ctx: PlatformContext, workspaceId: string, agentId: string): AgentConfig | undefined {
  return ctx.store.workspace(workspaceId).agents.get(agentId)?.published_config ?? undefined;
}

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
