// Faults in what live traffic runs: agent overrides (2.11), and the published versions a trigger (2.3)
// and an agent's tool reference (9) must run rather than the draft.
import type { FaultSpec } from "./fault.ts";

export const liveTrafficFaults = {
  "override-validated-as-agent": {
    description: "agent_override is parsed with the whole-agent schema, so an override without a name is a 422",
    clauses: ["agents.override-partial"],
  },
  "override-written-to-agent": {
    description: "the override is merged into the stored agent's config object in place instead of a copy",
    clauses: ["agents.override-not-stored"],
  },
  "override-channel-saved": {
    description:
      "an override's `channel` is read as a switch of the agent's channel and saved on the stored agent, the other fields applying to the run only",
    clauses: ["agents.override-no-channel"],
  },
  "tool-draft-runs-live": {
    description: "the runtime loads a referenced tool by id and runs its current draft, ignoring tool_version",
    clauses: ["versioning.tool-write-keeps-live"],
  },
  "trigger-runs-draft": {
    description:
      "an inbound channel message is answered by the trigger agent's stored draft, not its published version",
    clauses: ["integrations.trigger-runs-published"],
  },
} as const satisfies Record<string, FaultSpec>;
