// Planted faults that break agents clauses (spec/clauses/agents.ts), checked by suites/agents.suite.ts.
import type { FaultSpec } from "./fault.ts";

export const agentsFaults = {
  "agent-patch-merges": {
    description: "PATCH /v1/agents/{id} merges into the stored config instead of replacing it",
    clauses: ["agents.patch-replaces"],
  },
  "agent-names-not-unique": {
    description: "agent create does not check for an existing name",
    clauses: ["agents.names-unique"],
  },
  "unlisted-model-accepted": {
    description: "agent writes check the slots' shape but never look the provider/model pair up in the catalog",
    clauses: ["agents.unlisted-llm-400", "agents.unlisted-pair-any-slot"],
  },
  "half-pair-accepted": {
    description: "a slot naming only a provider or only a model is not looked up in the catalog",
    clauses: ["agents.unlisted-pair-any-slot"],
  },
  "unlisted-voice-accepted": {
    description: "tts and realtime voices are stored as given, never looked up in the model entry's voices",
    clauses: ["agents.unlisted-voice-400"],
  },
  "last-listed-names-refused": {
    description:
      "an off-by-one in the lookup of voices and languages: the last voice each tts and realtime model lists, and the last code of each language list, are refused as unknown (killed by the voices; which listed language an agent may take is not shown)",
    clauses: ["agents.listed-pair-accepted"],
  },
  "language-checked-only-when-required": {
    description:
      "the agent language is looked up only when a named speech model sets language_required, so any other agent takes any language",
    clauses: ["agents.unlisted-language-400"],
  },
  "unlisted-builtin-tool-accepted": {
    description: "llm builtin_tools entries are stored without checking their type against the model's catalog entry",
    clauses: ["agents.unlisted-builtin-tool-400"],
  },
  "realtime-with-cascade-accepted": {
    description: "an agent config setting realtime and a cascade slot together is stored",
    clauses: ["agents.realtime-xor-cascade"],
  },
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
  "override-dropped": {
    description: "an agent_override is validated, then dropped: the run uses the stored agent as it is",
    clauses: ["agents.override-not-stored"],
  },
  "override-web-call-only": {
    description:
      "agent_override is applied on the web call token only; an outbound call and a batch run the stored agent as it is",
    clauses: ["agents.override-not-stored"],
  },
  "batch-override-first-call-only": {
    description: "a batch applies its agent_override to its first call only; the later calls run the stored agent",
    clauses: ["agents.override-not-stored"],
  },
  "agent-delete-answers-record": {
    description: "DELETE /v1/agents/{id} deletes the agent but answers the deleted agent record instead of {ok: true}",
    clauses: ["agents.delete-ok"],
  },
  "agent-defaults-win": {
    description:
      "agent create spreads the defaults after the body (`{...body, ...defaults}`), so every field with a default (channel, prompt, greeting, timezone, recording...) reads back as the default",
    clauses: ["agents.config-round-trip"],
  },
} as const satisfies Record<string, FaultSpec>;
