// Request validation with OpenAI's 400 wording: the first problem becomes the message and `param`.
import type { z } from "zod";
import { findModel, type ModelKind, type SimModel } from "./models.ts";
import { invalidRequest, modelNotFound } from "./openai-errors.ts";

/** `messages[0].role`, as OpenAI names a parameter. */
function paramName(path: readonly PropertyKey[]): string {
  return path
    .map((part, i) => (typeof part === "number" ? `[${part}]` : i === 0 ? String(part) : `.${String(part)}`))
    .join("");
}

export function parseOpenAi<T extends z.ZodType>(schema: T, value: unknown): z.infer<T> {
  // No body reads as `{}`; a JSON `null` is refused as OpenAI refuses it, "must be a JSON object".
  const result = schema.safeParse(value === undefined ? {} : value);
  if (result.success) return result.data;
  const issue = result.error.issues[0]!;
  const param = paramName(issue.path);
  if (issue.path.length === 0) throw invalidRequest("The request body must be a JSON object.", null, "invalid_type");
  if (/received undefined/.test(issue.message)) {
    throw invalidRequest(`Missing required parameter: '${param}'.`, param, "missing_required_parameter");
  }
  const problem = issue.message.replace(/^Invalid input: /, "");
  if (issue.code === "invalid_type")
    throw invalidRequest(`Invalid type for '${param}': ${problem}.`, param, "invalid_type");
  throw invalidRequest(`Invalid value for '${param}': ${problem}.`, param, "invalid_value");
}

/** The model must exist and be of the kind the endpoint serves. */
export function requireModel(id: string, kind: ModelKind, endpoint: string): SimModel {
  const model = findModel(id);
  if (model === undefined) throw modelNotFound(id);
  if (model.kind !== kind) {
    throw invalidRequest(`The model \`${id}\` is not supported by the ${endpoint} endpoint.`, "model", "invalid_value");
  }
  return model;
}
