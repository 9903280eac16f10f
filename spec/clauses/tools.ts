import type { Clause } from "../clause.ts";

// 2.10 and the tool rows of section 4. Tool validate/publish is in versioning.
export const toolsClauses: Clause[] = [
  {
    id: "tools.names-unique",
    section: "4",
    kind: "testable",
    assumption: "duplicate_name_message",
    statement: "Tool names are unique per workspace; a duplicate create is a 400 saying the name is taken.",
  },
  {
    id: "tools.inline-round-trip",
    section: "2.10",
    kind: "testable",
    assumption: "tool.get",
    statement:
      "A tool written with the 2.10 fields (name, description, disable_interruptions, json_schema, long_running_task, silent, operations[]) reads back the same.",
  },
  {
    id: "tools.operation-round-trip",
    section: "2.10",
    kind: "testable",
    assumption: "tool.get",
    statement:
      "An operation {kind, config {url, body, headers, query, timeout}, background_execution, on_error, publish_fields[] {path, key}, silent} reads back the same.",
  },
  {
    id: "tools.patch-top-level-merge",
    section: "4",
    kind: "testable",
    assumption: "tool.create",
    statement:
      "PATCH /v1/tools/{tool_id} merges top-level fields: a top-level field omitted from the body is left as it is.",
  },
  {
    id: "tools.patch-operations-replace",
    section: "2.10",
    kind: "testable",
    assumption: "tool.create",
    statement: "A tool update that sends operations replaces the whole operations tree (no merge of operations).",
  },
  {
    id: "tools.broken-operation-tree-400",
    section: "7",
    kind: "testable",
    assumption: "tool.create",
    statement: "A broken operation tree matching the schema is refused with a 400.",
  },
  {
    id: "tools.reference-one-of",
    section: "2.10",
    kind: "testable",
    assumption: "agent.create",
    statement:
      "A tool reference is either an inline `tool` or a `tool_id` with a `tool_version`: both, neither, or a tool_id alone is refused, in tools[] and in the on_enter, on_exit and on_user_turn_completed hooks.",
  },
  {
    id: "tools.reference-version-integer",
    section: "2.10",
    kind: "testable",
    assumption: "agent.create",
    statement:
      "tool_version in a tool reference is an integer: a fraction is a 422 naming it; a string or boolean spelling an integer is a 422 or, where a lax schema matches it (7), read as that integer.",
  },
  {
    id: "tools.reference-unpublished-400",
    section: "7",
    kind: "testable",
    assumption: "tool.create",
    statement:
      "An agent referencing a tool that has no published version is refused with a 400 (tool not published), at write or at publish.",
  },
  {
    id: "tools.delete-ok",
    section: "2.7",
    kind: "testable",
    assumption: "tool.delete",
    statement: "Deleting a tool returns {ok: true}, and the tool is then a 404.",
  },
];
