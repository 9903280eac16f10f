// Tool references in an agent config (2.10): either an inline tool or a tool_id with the integer
// tool_version of a published version; an inline tool's operation tree must not be broken (7), nor its name
// outside the form the served profile reads tool names in (tools/names.ts).
import type { AgentConfig } from "../../../spec/agent.ts";
import type { PlatformContext } from "../context.ts";
import { toolNameProblem } from "../tools/names.ts";
import { operationTreeProblems } from "../tools/operations.ts";
import { publishedTool } from "../tools/state.ts";

type Reference = NonNullable<AgentConfig["tools"]>[number];

function references(config: AgentConfig): Array<[string, Reference]> {
  const refs: Array<[string, Reference]> = [];
  for (const hook of ["on_enter", "on_exit", "on_user_turn_completed"] as const) {
    const ref = config[hook];
    if (ref !== undefined) refs.push([hook, ref]);
  }
  config.tools?.forEach((ref, i) => {
    refs.push([`tools.${i}`, ref]);
  });
  return refs;
}

export function toolReferenceProblems(ctx: PlatformContext, workspaceId: string, config: AgentConfig): string[] {
  const problems: string[] = [];
  for (const [path, ref] of references(config)) {
    if (ctx.faults.has("tool-ref-hooks-unchecked") && !path.startsWith("tools.")) continue;
    const inline = ref.tool !== undefined;
    const stored = ref.tool_id !== undefined;
    if (inline === stored) {
      problems.push(`${path}: a tool reference is either an inline tool or a tool_id with a tool_version`);
    } else if (inline) {
      problems.push(...operationTreeProblems(ref.tool!, `${path}.tool.`));
      const named = toolNameProblem(ctx, ref.tool!.name, `${path}.tool.`);
      if (named !== undefined) problems.push(named);
    } else if (ref.tool_version === undefined) {
      problems.push(`${path}.tool_version: tool not published (a tool_id needs a published tool_version)`);
    } else if (publishedTool(ctx, workspaceId, ref.tool_id!, ref.tool_version) === undefined) {
      problems.push(`${path}.tool_version: tool not published (no version ${ref.tool_version} of that tool)`);
    }
  }
  return problems;
}
