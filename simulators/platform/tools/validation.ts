// What tool validate reports and tool publish refuses on (3.3): a draft may lack what a run needs.
import type { InlineTool } from "../../../spec/agent.ts";
import type { ValidationResult } from "../../../spec/tool.ts";
import { operationTreeProblems } from "./operations.ts";

/**
 * `descriptionRequired` (the `tool-description-required` variant): an empty description is the error, an empty
 * operation list only a warning (2.10 marks no tool field required, so either is the server's rule).
 */
export function validateTool(tool: InlineTool, descriptionRequired = false): ValidationResult {
  const errors = operationTreeProblems(tool);
  const warnings: string[] = [];
  const noOperations = "operations: a tool needs at least one operation";
  if ((tool.operations ?? []).length === 0) (descriptionRequired ? warnings : errors).push(noOperations);
  const type = tool.json_schema?.type;
  if (tool.json_schema !== undefined && type !== "object") {
    errors.push("json_schema.type: tool arguments must be an object schema");
  }
  if ((tool.description ?? "").trim() === "") {
    const empty = "description: the model picks tools by their description, and it is empty";
    (descriptionRequired ? errors : warnings).push(empty);
  }
  return { errors, warnings };
}
