// What tool validate reports and tool publish refuses on (3.3): a draft may lack what a run needs.
import type { InlineTool } from "../../../spec/agent.ts";
import type { ValidationResult } from "../../../spec/tool.ts";
import { operationTreeProblems } from "./operations.ts";

export function validateTool(tool: InlineTool): ValidationResult {
  const errors = operationTreeProblems(tool);
  const warnings: string[] = [];
  if ((tool.operations ?? []).length === 0) errors.push("operations: a tool needs at least one operation");
  const type = tool.json_schema?.type;
  if (tool.json_schema !== undefined && type !== "object") {
    errors.push("json_schema.type: tool arguments must be an object schema");
  }
  if ((tool.description ?? "").trim() === "") {
    warnings.push("description: the model picks tools by their description, and it is empty");
  }
  return { errors, warnings };
}
