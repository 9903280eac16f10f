// Which agent a call runs (4, 2.11, 2.12): a stored agent (its published version when it has one,
// else the draft), a whole inline agent, or a team (the first member answers), then an override on top.
import { z } from "zod";
import { AgentConfig, type AgentOverride, type AgentRecord } from "../../../spec/agent.ts";
import type { AgentTeam } from "../../../spec/calls.ts";
import { ApiError } from "../../shared/api-error.ts";
import { channelRequired } from "../agents/channel-required.ts";
import type { PlatformContext } from "../context.ts";
import { parse } from "../http/parse.ts";
import type { WorkspaceState } from "../store.ts";

export interface AgentSource {
  agent_id?: string;
  agent_version?: number;
  agent?: AgentConfig;
  agent_override?: AgentOverride;
  agent_team?: z.infer<typeof AgentTeam>;
}

export interface ResolvedAgent {
  agent_id: string | null;
  agent_version: number | null;
  config: AgentConfig;
  /** The config before the override (planted faults only: batch-override-first-call-only). */
  withoutOverride?: AgentConfig;
}

const ONE_SOURCE = "give exactly one of agent_id, agent or agent_team";

function stored(
  ctx: PlatformContext,
  workspace: WorkspaceState,
  agentId: string,
  version: number | undefined,
): ResolvedAgent {
  const agent: AgentRecord | undefined = workspace.agents.get(agentId);
  if (agent === undefined) throw new ApiError(404, "agent not found");
  const named = version === undefined ? undefined : workspace.agentVersions.get(agent.id)?.get(version);
  if (version !== undefined && named === undefined) {
    throw new ApiError(400, `agent_version ${version} of that agent is not published`);
  }
  // A reference naming agent_version runs that version (2.12, 9); the planted bug runs the latest one.
  if (named !== undefined && !ctx.faults.has("agent-version-runs-latest")) {
    return { agent_id: agent.id, agent_version: version!, config: named };
  }
  // Live traffic runs the published version until the next publish (9).
  const config = agent.published_config ?? agent.config;
  return { agent_id: agent.id, agent_version: agent.published_version, config };
}

/** The override on top of a resolved config (2.11): for this run only, so on a copy, never the stored agent. */
function overridden(ctx: PlatformContext, config: AgentConfig, override: AgentOverride): AgentConfig {
  // The planted bug: merged in place, into the stored agent's config object the resolver handed out.
  if (ctx.faults.has("override-written-to-agent")) return Object.assign(config, override);
  return { ...config, ...override };
}

export function resolveAgent(ctx: PlatformContext, workspaceId: string, source: AgentSource): ResolvedAgent {
  const workspace = ctx.store.workspace(workspaceId);
  if (ctx.faults.has("override-validated-as-agent") && source.agent_override !== undefined) {
    // The planted bug: the override checked with the whole-agent schema, whose name is required.
    parse(ctx, z.object({ agent_override: AgentConfig }), { agent_override: source.agent_override }, "body");
  }
  const given = [source.agent_id, source.agent, source.agent_team].filter((x) => x !== undefined).length;
  if (given !== 1) throw ApiError.validation([`agent_id: ${ONE_SOURCE}`]);
  let resolved: ResolvedAgent;
  if (source.agent_id !== undefined) {
    resolved = stored(ctx, workspace, source.agent_id, source.agent_version);
  } else if (source.agent !== undefined) {
    channelRequired(ctx, source.agent);
    // The planted bug keeps only the inline agent's name and prompt: the rest of the definition is dropped.
    const config = ctx.faults.has("inline-agent-name-and-prompt-only")
      ? { name: source.agent.name, prompt: source.agent.prompt }
      : source.agent;
    resolved = { agent_id: null, agent_version: null, config: config as AgentConfig };
  } else {
    // Each member names exactly one of agent_id and agent (the body's schema, spec/calls.ts).
    const lead = source.agent_team!.members[0]!;
    resolved =
      lead.agent_id !== undefined
        ? stored(ctx, workspace, lead.agent_id, lead.agent_version)
        : { agent_id: null, agent_version: null, config: lead.agent! };
    // The planted bug: the member's version is checked to exist, then its agent's live version answers.
    if (lead.agent_id !== undefined && ctx.faults.has("team-member-version-ignored")) {
      resolved = stored(ctx, workspace, lead.agent_id, undefined);
    }
    if (lead.agent_override !== undefined) resolved.config = overridden(ctx, resolved.config, lead.agent_override);
  }
  // The planted bug validates the override and then runs the agent without it.
  if (source.agent_override !== undefined && !ctx.faults.has("override-dropped")) {
    // Kept for the planted batch-override-first-call-only, whose later calls run the agent without it.
    if (ctx.faults.has("batch-override-first-call-only")) resolved.withoutOverride = resolved.config;
    resolved.config = overridden(ctx, resolved.config, source.agent_override);
  }
  return resolved;
}

/**
 * Planted `override-channel-saved`: an override has no channel (2.11), but the bug reads one from the raw body
 * and switches the stored agent's channel to it.
 */
export function plantedChannelSwitch(ctx: PlatformContext, workspaceId: string, raw: unknown): void {
  const body = raw as { agent_id?: unknown; agent_override?: { channel?: unknown } } | undefined;
  const channel = body?.agent_override?.channel;
  if (typeof body?.agent_id !== "string" || typeof channel !== "string") return;
  const agent = ctx.store.workspace(workspaceId).agents.get(body.agent_id);
  if (agent !== undefined) agent.config = { ...agent.config, channel };
}
