// Tool names read as identifiers: a platform served with a profile saying `readings.tool_names: identifier`
// (the variant tool-names-identifiers) takes only a model API's function names. 2.10 gives a tool a `name`, 4
// makes names unique per workspace; what a name may hold is not shown.
import { IDENTIFIER_NAME } from "../../../spec/tool-names.ts";
import type { PlatformContext } from "../context.ts";

/** The problem line (`<at>name: ...`) for a tool name this server does not take, or none. */
export function toolNameProblem(ctx: PlatformContext, name: string | undefined, at = ""): string | undefined {
  if (ctx.profile.readings.tool_names !== "identifier" || name === undefined || IDENTIFIER_NAME.test(name)) {
    return undefined;
  }
  return `${at}name: a tool name is an identifier: a letter, then letters, digits or _ (at most 64)`;
}
