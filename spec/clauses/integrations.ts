import type { Clause } from "../clause.ts";

// 2.3 integration triggers and the integration endpoints of section 4. An integration can only be seeded
// through test control (its create path is not in the spec).
export const integrationsClauses: Clause[] = [
  {
    id: "integrations.triggers-paged",
    section: "4",
    kind: "needs-test-control",
    statement:
      "GET /v1/integrations/{integration_id}/triggers answers a page of triggers with limit 1..200 (201 is a 422).",
  },
  {
    id: "integrations.trigger-shape",
    section: "2.3",
    kind: "needs-test-control",
    statement:
      "A trigger has id, integration_id, agent_id (UUIDs), trigger_type, reply_mode, status, enabled (boolean), metadata (object), provider_subscription_ref, created_at and updated_at.",
  },
  {
    id: "integrations.trigger-type-format",
    section: "2.3",
    kind: "needs-test-control",
    statement: "trigger_type is shaped `<messaging_provider>.message.inbound`.",
  },
  {
    id: "integrations.trigger-runs-published",
    section: "2.3",
    kind: "needs-test-control",
    statement: "A trigger binds its inbound provider event to the agent's published version (not its draft).",
  },
  {
    id: "integrations.mcp-tools-unpaged",
    section: "4",
    kind: "needs-test-control",
    statement: "GET /v1/integrations/{integration_id}/mcp-tools answers the whole list, unpaged.",
  },
  {
    id: "integrations.unknown-404",
    section: "7",
    kind: "testable",
    statement: "The triggers and mcp-tools endpoints answer 404 for an integration not in the workspace.",
  },
  {
    id: "integrations.record-fields",
    section: "2.13",
    kind: "not-shown",
    statement: "Fields of the integration record: not shown.",
  },
  {
    id: "integrations.trigger-states",
    section: "3.3",
    kind: "not-shown",
    statement: "States and transitions of triggers: not shown.",
  },
];
