// Planted faults that break integrations clauses (spec/clauses/integrations.ts), checked by suites/integrations.suite.ts.
import type { FaultSpec } from "./fault.ts";

export const integrationsFaults = {
  "trigger-runs-draft": {
    description:
      "an inbound channel message is answered by the trigger agent's stored draft, not its published version",
    clauses: ["integrations.trigger-runs-published"],
  },
  "triggers-offset-ignored": {
    description:
      "GET /v1/integrations/{id}/triggers hands the store query its limit but not its offset, so every page is the first",
    clauses: ["integrations.triggers-paged"],
  },
  "trigger-metadata-json-text": {
    description: "a trigger's metadata is served as the JSON text of its column, a string, not an object",
    clauses: ["integrations.trigger-shape"],
  },
  "trigger-type-without-provider": {
    description:
      "trigger_type is the bare event name `message.inbound`, the messaging provider left in the integration row",
    clauses: ["integrations.trigger-type-format"],
  },
  "mcp-tools-paged": {
    description:
      "GET /v1/integrations/{id}/mcp-tools goes through the shared paged-list helper: a page envelope, one tool for limit=1",
    clauses: ["integrations.mcp-tools-unpaged"],
  },
  "triggers-unknown-integration-empty": {
    description:
      "the triggers of an integration not in the workspace are an empty page: triggers are selected by integration_id without looking the integration up",
    clauses: ["integrations.unknown-404"],
  },
} as const satisfies Record<string, FaultSpec>;
