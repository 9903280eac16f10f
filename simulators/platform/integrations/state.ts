// Integrations of one workspace, seeded through test control (their create path is not shown), with the
// MCP tools each exposes, the triggers bound to it (2.3), and the conversation each trigger keeps per
// channel thread.
import type { McpTool, Trigger } from "../../../spec/integration.ts";
import type { PlatformContext } from "../context.ts";

export interface Integration {
  id: string;
  provider: string;
  mcp_tools: McpTool[];
  /** Oldest first. */
  triggers: Trigger[];
  /** The channel's send endpoint for outbound messages (reference stand-in), if the seed gave one. */
  channelUrl: string | undefined;
  /** Conversation id per `${trigger id} ${thread}`. */
  threads: Map<string, string>;
}

export function integrationsOf(ctx: PlatformContext, workspaceId: string): Map<string, Integration> {
  return ctx.store.workspace(workspaceId).slice("integrations", () => new Map<string, Integration>());
}
