import type { Clause } from "../clause.ts";

// 3.3 and 9: draft and published versions, validate and publish.
export const versioningClauses: Clause[] = [
  {
    id: "versioning.agent-validate-always-200",
    section: "7",
    kind: "testable",
    assumption: "agent.create",
    statement: "POST /v1/agents/{agent_id}/validate answers 200 whatever it finds; the verdict is in the body.",
  },
  {
    id: "versioning.tool-validate-always-200",
    section: "7",
    kind: "testable",
    assumption: "tool.create",
    statement: "POST /v1/tools/{tool_id}/validate answers 200 whatever it finds; the verdict is in the body.",
  },
  {
    id: "versioning.validate-keys-present",
    section: "4",
    kind: "testable",
    assumption: "agent.create",
    statement: "A validate answer is {errors: [...], warnings: [...]}, both keys always present and arrays.",
  },
  {
    id: "versioning.publish-errors-400",
    section: "3.3",
    kind: "testable",
    assumption: "agent.create",
    statement:
      "Publishing an agent whose validation has errors is a 400 whose detail.errors holds the same lines validate returns.",
  },
  {
    id: "versioning.validate-empty-means-publishable",
    section: "7",
    kind: "needs-wiring",
    assumption: "agent.create",
    statement: "An empty errors array from validate means the agent will publish: the publish succeeds.",
  },
  {
    id: "versioning.warnings-do-not-block",
    section: "4",
    kind: "needs-wiring",
    assumption: "agent.create",
    statement: "A publish with only warnings succeeds and returns those warnings.",
  },
  {
    id: "versioning.tool-validate-empty-means-publishable",
    section: "7",
    kind: "testable",
    assumption: "tool.publish",
    statement:
      "An empty errors array from POST /v1/tools/{tool_id}/validate means the tool will publish: the publish succeeds, before and after an earlier publish.",
  },
  {
    id: "versioning.tool-warnings-do-not-block",
    section: "7",
    kind: "testable",
    assumption: "tool.publish",
    statement:
      "Warnings do not block a tool publish: a tool whose validate returns warnings and no errors publishes. Which drafts draw a warning is not specified; without one the check is skipped.",
  },
  {
    id: "versioning.tool-publish-errors-400",
    section: "3.3",
    kind: "testable",
    assumption: "tool.publish",
    statement:
      "Publishing a tool runs validation and refuses with a 400 carrying the validation errors if any error exists.",
  },
  {
    id: "versioning.agent-write-keeps-live",
    section: "3.3",
    kind: "needs-wiring",
    assumption: "agent.create",
    statement:
      "Writes to an agent land on the draft: live traffic (calls, conversations) keeps running the published version until the next publish.",
  },
  {
    id: "versioning.agent-publish-makes-live",
    section: "3.3",
    kind: "needs-wiring",
    assumption: "agent.create",
    statement: "Publish makes the agent's draft the live version: traffic after the publish runs it.",
  },
  {
    id: "versioning.tool-write-keeps-live",
    section: "9",
    kind: "needs-wiring",
    assumption: "tool.publish",
    statement:
      "Writes to a tool land on the draft: an agent using a published tool version keeps running that version's operations while the draft changes.",
  },
  {
    id: "versioning.tool-publish-makes-live",
    section: "3.3",
    kind: "needs-wiring",
    assumption: "tool.publish",
    statement:
      "Publish makes a tool's draft the live version: the version a publish creates runs the draft's operations when live traffic reaches an agent naming it (9: references name an integer tool_version).",
  },
  {
    id: "versioning.agent-version-integer",
    section: "9",
    kind: "testable",
    assumption: "agent.create",
    statement:
      "Agent references take an integer agent_version (e.g. agent_team members on POST /v1/calls/token): a fraction is a 422 naming it; a string spelling an integer is a 422 or, where a lax schema matches it (7), read as that integer.",
  },
  {
    id: "versioning.deprecation-policy",
    section: "9",
    kind: "not-shown",
    statement: "The deprecation policy: not shown.",
  },
  {
    id: "versioning.version-header",
    section: "9",
    kind: "not-shown",
    statement: "Any version header: not shown.",
  },
  {
    id: "versioning.version-numbering",
    section: "9",
    kind: "not-shown",
    statement: "The numbering rules for published versions: not shown.",
  },
  {
    id: "versioning.agent-version-runs-that-version",
    section: "9",
    kind: "needs-wiring",
    statement:
      "A web call token, an outbound call or a batch naming an agent_id with an integer agent_version runs that published version, not the latest one (2.12, 9).",
  },
  {
    id: "versioning.team-member-version",
    section: "2.12",
    kind: "needs-wiring",
    statement:
      "An agent_team member naming an agent_id with an integer agent_version answers as that published version, not the latest one (2.12: members[] {agent_id, agent_version}; 9), on a web call token and in a batch.",
  },
];
