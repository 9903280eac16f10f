// Tool helpers shared by suites: name and create with the run prefix and schedule the delete; publish.
import { expect } from "vitest";
import { type ApiResponse, explain, type Who } from "../../runner/client/http-client.ts";
import { track, uniqueName } from "../../runner/client/resources.ts";
import { namesField } from "../../runner/framework/problem-lines.ts";
import { deletedOrGone, expectStatus } from "../../runner/framework/response.ts";
import { ToolRecordRead } from "../../spec/tool.ts";
import { toolNameIn } from "../../spec/tool-names.ts";
import { callOp, profile } from "./profile.ts";

/**
 * A new tool name (`uniqueName`) in the form the profile says this server takes (`readings.tool_names`): every
 * name the harness gives a tool, stored or inline, is made here, so what is read back is compared to what was sent.
 */
export function toolName(label: string): string {
  return toolNameIn(profile().readings.tool_names, uniqueName(label));
}

/** An operation every server should take: an http call to an absolute URL. */
export function httpOperation(url = "https://example.com/orders", extra: Record<string, unknown> = {}) {
  return { kind: "http", config: { url, timeout: 5 }, on_error: "abort", ...extra };
}

/** A tool that validates clean: a description, an object schema and one http operation. */
export function sampleTool(name: string): Record<string, unknown> {
  return {
    name,
    description: "Looks up an order by its number.",
    json_schema: { type: "object", properties: { order_id: { type: "string" } } },
    operations: [httpOperation()],
  };
}

export async function createTool(config: Record<string, unknown> = {}, as: Who = "admin"): Promise<ToolRecordRead> {
  const body = { ...sampleTool(toolName("tool")), ...config };
  const response = await callOp("tool.create", {}, { body, as });
  const what = `tool create${nameFormHint(response)}: ${explain(response)}`;
  expect(response.status, what).toBeGreaterThanOrEqual(200);
  expect(response.status, what).toBeLessThan(300);
  const tool = ToolRecordRead.parse(response.json);
  trackTool(tool.id);
  return tool;
}

/** A 422 naming the name, under the default reading of tool names: the profile's choice that may be why. */
function nameFormHint(response: ApiResponse): string {
  if (response.status !== 422 || profile().readings.tool_names !== "any" || !namesField(response, "name")) return "";
  return " (the name was refused: a server whose tool names must be identifiers says `readings.tool_names: identifier` in its profile)";
}

export function trackTool(id: string): void {
  track(`tool ${id}`, async () => {
    const deleted = await callOp("tool.delete", { tool_id: id });
    if (!deletedOrGone(deleted.status)) throw new Error(`delete answered ${deleted.status}`);
  });
}

/** Publishes and answers the new integer version. */
export async function publishTool(id: string): Promise<number> {
  const response = await callOp("tool.publish", { tool_id: id });
  expectStatus(response, "2xx", "tool publish");
  const version = (response.json as { published_version?: unknown }).published_version;
  expect(Number.isInteger(version), `published_version in ${explain(response)}`).toBe(true);
  return version as number;
}
