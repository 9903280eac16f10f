// Integrations of one workspace, seeded through test control (their create path is not shown), with the
// MCP tools each exposes and the triggers bound to it (2.3).
import type { McpTool, Trigger } from "../../../spec/integration.ts";
import type { PlatformContext } from "../context.ts";

export interface Integration {
  id: string;
  provider: string;
  mcp_tools: McpTool[];
  /** Oldest first. */
  triggers: Trigger[];
}

export function integrationsOf(ctx: PlatformContext, workspaceId: string): Map<string, Integration> {
  return ctx.store.workspace(workspaceId).slice("integrations", () => new Map<string, Integration>());
}
