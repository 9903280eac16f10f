// The form of the tool names the harness sends (the profile's `readings.tool_names`). 2.10 gives a tool a
// `name` and 4 says only that names of agents, tools and tasks are unique per workspace: what a name may hold is
// not shown, and a server whose tool names are a model API's function names takes identifiers only.
import type { Choice } from "./readings.ts";

export type ToolNameForm = Choice<"tool_names">;

/** What a server reading tool names as identifiers takes: a letter, then letters, digits and `_`, at most 64. */
export const IDENTIFIER_NAME = /^[A-Za-z][A-Za-z0-9_]{0,63}$/;

/** `text` with every character an identifier cannot hold written as `_` (the run prefix's `capct-1a2b3c-` is `capct_1a2b3c_`). */
export function identifierForm(text: string): string {
  return text.replace(/[^A-Za-z0-9_]/g, "_");
}

/** A name the harness made (it starts with the run prefix, so with a letter) in the form `form` says the server takes. */
export function toolNameIn(form: ToolNameForm, name: string): string {
  return form === "identifier" ? identifierForm(name) : name;
}
