// Agent helpers shared by suites: create with the run prefix and schedule the delete.
import { expect } from "vitest";
import { explain, type Who } from "../../runner/client/http-client.ts";
import { track, uniqueName } from "../../runner/client/resources.ts";
import { deletedOrGone } from "../../runner/framework/response.ts";
import { AgentRecordRead } from "../../spec/agent.ts";
import { fieldsOver } from "../../spec/profile.ts";
import { callOp, profile } from "./profile.ts";

/**
 * The harness's minimal agent, `{name}`, with the profile's `minimal_creates.agent` over it (2.13: required
 * markers are not shown, so a server may need more at create).
 */
export function minimalAgent(name: string): Record<string, unknown> {
  return fieldsOver({ name }, profile().minimal_creates.agent);
}

export async function createAgent(config: Record<string, unknown> = {}, as: Who = "admin"): Promise<AgentRecordRead> {
  const body = { ...minimalAgent(uniqueName("agent")), ...config };
  const response = await callOp("agent.create", {}, { body, as });
  expect(response.status, `agent create: ${explain(response)}`).toBeGreaterThanOrEqual(200);
  expect(response.status, `agent create: ${explain(response)}`).toBeLessThan(300);
  const agent = AgentRecordRead.parse(response.json);
  track(`agent ${agent.id}`, async () => {
    const deleted = await callOp("agent.delete", { agent_id: agent.id });
    if (!deletedOrGone(deleted.status)) throw new Error(`delete answered ${deleted.status}`);
  });
  return agent;
}
