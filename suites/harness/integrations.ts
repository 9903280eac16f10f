// Integrations exist only through test control (their create path is not shown): seed one, with its MCP
// tools, and triggers on it; the integration is removed at the end of the suite file.
import type { McpTool, Trigger } from "../../spec/integration.ts";
import { track } from "./resources.ts";
import { seed, testControl } from "./test-control.ts";

export async function seedIntegration(mcpTools: Array<Partial<McpTool> & { name: string }> = []): Promise<string> {
  const { id } = await seed<{ id: string }>("/integrations", { mcp_tools: mcpTools });
  track(`integration ${id}`, async () => {
    const answer = await testControl("DELETE", `/integrations/${id}`);
    if (answer.status !== 200 && answer.status !== 404) throw new Error(`delete answered ${answer.status}`);
  });
  return id;
}

export const seedTrigger = (integrationId: string, body: Record<string, unknown> = {}) =>
  seed<Trigger>(`/integrations/${integrationId}/triggers`, body);

let pagingIntegration: Promise<string> | undefined;
/** One integration the paging checks fill with triggers. */
export function triggersIntegration(): Promise<string> {
  pagingIntegration ??= seedIntegration();
  return pagingIntegration;
}
