// What live traffic runs (3.3, 9): an agent's published version, never the draft. Calls, conversations and
// triggers resolve the agent they run through here (the tool versions it names: tools/live.ts).
import type { AgentConfig } from "../../../spec/agent.ts";
import type { PlatformContext } from "../context.ts";

/** The published config of an agent, or undefined when it was never published (or does not exist). */
export function liveAgent(ctx: PlatformContext, workspaceId: string, agentId: string): AgentConfig | undefined {
  const published = ctx.store.workspace(workspaceId).agents.get(agentId)?.published_config ?? undefined;
  if (ctx.faults.has("live-agent-cache-stale")) return cachedLive(ctx, workspaceId, agentId, published);
  return published;
}

/**
 * The planted `live-agent-cache-stale`: live traffic reads an agent's published config from a cache filled at
 * its first use, which a later publish does not refresh (planted faults only).
 */
function cachedLive(
  ctx: PlatformContext,
  workspaceId: string,
  agentId: string,
  published: AgentConfig | undefined,
): AgentConfig | undefined {
  const cache = ctx.store.workspace(workspaceId).slice("live-agent-cache", () => new Map<string, AgentConfig>());
  if (!cache.has(agentId) && published !== undefined) cache.set(agentId, published);
  return cache.get(agentId) ?? published;
}
