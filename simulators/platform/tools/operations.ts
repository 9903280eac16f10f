// A broken operation tree (7: a 400 although the schema matched): what no run of the tool could execute.
import type { InlineTool } from "../../../spec/agent.ts";

/** Problem lines, `field.path: problem` relative to `at` (the tool's path inside the request). */
export function operationTreeProblems(tool: Pick<InlineTool, "operations">, at = ""): string[] {
  const problems: string[] = [];
  tool.operations?.forEach((operation, i) => {
    const here = `${at}operations.${i}`;
    if (operation.kind !== "http") problems.push(`${here}.kind: unknown operation kind (known: http)`);
    const url = operation.config?.url;
    if (operation.kind === "http" && !isHttpUrl(url)) {
      problems.push(`${here}.config.url: an http operation needs an absolute http(s) url`);
    }
    const timeout = operation.config?.timeout;
    if (timeout !== undefined && !(timeout > 0)) problems.push(`${here}.config.timeout: must be positive`);
    const keys = new Set<string>();
    operation.publish_fields?.forEach((field, j) => {
      if (keys.has(field.key)) problems.push(`${here}.publish_fields.${j}.key: duplicate key ${field.key}`);
      keys.add(field.key);
    });
  });
  return problems;
}

function isHttpUrl(value: string | undefined): boolean {
  if (value === undefined) return false;
  try {
    const url = new URL(value);
    return url.protocol === "http:" || url.protocol === "https:";
  } catch {
    return false;
  }
}
