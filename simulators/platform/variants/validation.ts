// Drafts and live versions. What validate counts as an error (3.3: "Publish runs validation and refuses with 400 and the validation errors
// if any error exists"; 2.13: required markers and defaults are not shown; 2.10 marks no tool field required).
// Each is served with the vendor's profile saying what its draft with errors is: the stranger's.
import type { VariantSpec } from "./variant.ts";

export const validationVariants = {
  "agent-vars-checked": {
    description:
      "an agent without an llm validates clean (it runs on the server's default model: 2.13, defaults not shown), and a required var without a default is an error: the vendor's profile says its draft with errors is `drafts_with_errors.agent: {vars: [{name, required: true}]}`",
    section: "3.3",
    layer: "profile-agent-vars-checked",
    profile: { drafts_with_errors: { agent: { vars: [{ name: "order_id", required: true }] } } },
  },
  "tool-description-required": {
    description:
      'a tool with an empty description has a validation error and one with no operations only a warning (2.10 marks no field of a tool required): the vendor\'s profile says `drafts_with_errors.tool: {description: ""}`',
    section: "3.3",
    layer: "profile-tool-description-required",
    profile: { drafts_with_errors: { tool: { description: "" } } },
  },
  "realtime-xor-at-validate": {
    description:
      'an agent config setting realtime beside a cascade slot is stored as a draft and reported by validate (an error) and publish (400), not refused at write (2.9: "an agent sets either realtime or the cascade slots ..., never both" gives the rule no moment, and "Writes land on a draft"; 3.3: "Publish runs validation and refuses with 400 ... if any error exists")',
    section: "2.9",
    layer: "realtime-xor-moment",
    reach: ["agents"],
  },
  "web-call-published-only": {
    description:
      'POST /v1/calls/token refuses with a 400 a stored agent (agent_id, or a team member\'s) that has never been published: there is no live version to run (2.9: "Writes land on a draft; live traffic runs the published version until a new publish"; 3.3: "Publish makes the draft the live version"; no sentence lets an unpublished agent take a call)',
    section: "2.9",
    layer: "web-call-live-version",
    reach: ["calls", "agents", "events", "credits", "versioning", "auth"],
  },
  "agent-channel-required": {
    description:
      'a whole agent without `channel` (a create, a PATCH, an inline agent of a call) is a 422 (`channel: field required`) (2.13: "Required markers and defaults of the agent configuration fields: not shown"): the vendor\'s profile says its minimal agent is `minimal_creates.agent: {channel: "text"}`',
    section: "2.13",
    layer: "profile-agent-channel-required",
    profile: { minimal_creates: { agent: { channel: "text" } } },
  },
} as const satisfies Record<string, VariantSpec>;
