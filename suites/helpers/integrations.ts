// Integrations exist only through test control (their create path is not shown): seed one, with its MCP
// tools and (for the reference's messaging channel) the endpoint its outbound messages go to, triggers on
// it, and inbound channel messages; the integration is removed at the end of the suite file.

import { track } from "../../runner/client/resources.ts";
import { deletedOrGone } from "../../runner/framework/response.ts";
import type { InboundAccepted, McpTool, Trigger } from "../../spec/integration.ts";
import { seed, testControl } from "./test-control.ts";

export async function seedIntegration(
  mcpTools: Array<Partial<McpTool> & { name: string }> = [],
  options: { channel_url?: string } = {},
): Promise<string> {
  const { id } = await seed<{ id: string }>("/integrations", { mcp_tools: mcpTools, ...options });
  track(`integration ${id}`, async () => {
    const answer = await testControl("DELETE", `/integrations/${id}`);
    if (!deletedOrGone(answer.status)) throw new Error(`delete answered ${answer.status}`);
  });
  return id;
}

export const seedTrigger = (integrationId: string, body: Record<string, unknown> = {}) =>
  seed<Trigger>(`/integrations/${integrationId}/triggers`, body);

/** Reports one inbound message on the integration's channel, as its messaging provider would. */
export const postInbound = (integrationId: string, message: { thread: string; text: string }) =>
  seed<InboundAccepted>(`/integrations/${integrationId}/inbound`, message);

let pagingIntegration: Promise<string> | undefined;
/** One integration the paging checks fill with triggers. */
export function triggersIntegration(): Promise<string> {
  pagingIntegration ??= seedIntegration();
  return pagingIntegration;
}
