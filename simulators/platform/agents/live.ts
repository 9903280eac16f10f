// What live traffic runs (3.3, 9): an agent's published version, never the draft. Calls, conversations and
// triggers resolve the agent they run through here (the tool versions it names: tools/live.ts).
import type { AgentConfig } from "../../../spec/agent.ts";
import type { PlatformContext } from "../context.ts";

/** The published config of an agent, or undefined when it was never published (or does not exist). */
export function liveAgent(ctx: PlatformContext, workspaceId: string, agentId: string): AgentConfig | undefined {
  return ctx.store.workspace(workspaceId).agents.get(agentId)?.published_config ?? undefined;
}
