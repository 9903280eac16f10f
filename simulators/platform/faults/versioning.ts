// Planted faults that break versioning clauses (spec/clauses/versioning.ts), checked by suites/versioning.suite.ts.
import type { FaultSpec } from "./fault.ts";

export const versioningFaults = {
  "version-fraction-truncated": {
    description:
      "a tool_version or agent_version with a fraction is read as its whole part (`parseInt`), so 1.5 names version 1 (2.10, 9: an integer version)",
    clauses: ["tools.reference-version-integer", "versioning.agent-version-integer"],
  },
  "422-item-path-cut": {
    description:
      "a 422 line whose field sits in an array item names the item only (`tools.0: must be an integer`), not the field (7: `field.path: problem`)",
    clauses: ["tools.reference-version-integer", "versioning.agent-version-integer"],
  },
  "publish-succeeds-with-errors": {
    description: "publish runs validation but publishes anyway when it finds errors",
    clauses: ["versioning.publish-errors-400", "versioning.tool-publish-errors-400"],
  },
  "validate-400-on-errors": {
    description: "validate answers 400 with the errors instead of 200 with the verdict in the body",
    clauses: ["versioning.agent-validate-always-200", "versioning.tool-validate-always-200"],
  },
  "tool-validate-reads-published": {
    description:
      "tool validate checks the published config when there is one (`published_config ?? config`), not the draft",
    clauses: ["versioning.tool-validate-empty-means-publishable"],
  },
  "tool-publish-blocks-on-warnings": {
    description: "tool publish refuses when validation returns any line, warnings included",
    clauses: ["versioning.tool-warnings-do-not-block", "versioning.tool-validate-empty-means-publishable"],
  },
  "tool-republish-keeps-first-config": {
    description:
      "tool publish snapshots `published_config ?? config`, so every publish after the first numbers a new version holding the old config",
    clauses: ["versioning.tool-publish-makes-live"],
  },
  "tool-draft-runs-live": {
    description: "the runtime loads a referenced tool by id and runs its current draft, ignoring tool_version",
    clauses: ["versioning.tool-write-keeps-live"],
  },
  "agent-version-runs-latest": {
    description:
      "a token, outbound call or batch naming agent_version checks that the version exists, then runs the latest published version",
    clauses: ["versioning.agent-version-runs-that-version"],
  },
  "team-member-version-ignored": {
    description: "an agent_team member's agent_version is checked, then its agent's latest published version answers",
    clauses: ["versioning.team-member-version"],
  },
  "agent-patch-writes-live": {
    description:
      "PATCH /v1/agents/{id} of a published agent writes the new config to its live version too, so traffic runs the draft before any publish",
    clauses: ["versioning.agent-write-keeps-live"],
  },
  "live-agent-cache-stale": {
    description:
      "live traffic reads an agent's published config from a cache filled at first use that a publish does not refresh, so a republished agent keeps answering with its old version",
    clauses: ["versioning.agent-publish-makes-live"],
  },
  "version-header-success-only": {
    description:
      "the version header is written by the success path alone, so error answers (a 404, a 422) go out without it (a fault of a server whose profile declares the header)",
    clauses: ["optional.version-header"],
    profile: { optional: { "version-header": "must-work" } },
  },
} as const satisfies Record<string, FaultSpec>;
