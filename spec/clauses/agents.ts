import type { Clause } from "../clause.ts";

// 2.8 (catalog rules applied to a config), 2.9, 2.11 and the agent rows of section 4. Draft/publish is in versioning.
export const agentsClauses: Clause[] = [
  {
    id: "agents.names-unique",
    section: "4",
    kind: "testable",
    assumption: "duplicate_name_message",
    statement:
      "Agent names are unique per workspace; a duplicate create is a 400 whose message says the name is taken (`an agent with that name already exists`).",
  },
  {
    id: "agents.patch-replaces",
    section: "4",
    kind: "testable",
    assumption: "agent.create",
    statement: "PATCH /v1/agents/{agent_id} replaces the whole config: anything omitted reverts to its default.",
  },
  {
    id: "agents.delete-ok",
    section: "2.7",
    kind: "testable",
    statement: "Deleting an agent returns {ok: true}, and the agent is then a 404.",
    assumption: "agent.delete",
  },
  {
    id: "agents.config-round-trip",
    section: "2.9",
    kind: "testable",
    assumption: "agent.get",
    statement: "An agent written with the 2.9 fields reads back with the same field names and values.",
  },
  {
    id: "agents.wrong-type-422",
    section: "2.9",
    kind: "testable",
    assumption: "agent.create; agent_field_types; null_is_wrong_type",
    statement:
      "A config field of the wrong type (e.g. kb_ids not an array, summary_limit not an integer) is a 422 naming that field.",
  },
  {
    id: "agents.realtime-xor-cascade",
    section: "2.9",
    kind: "testable",
    assumption: "agent.create",
    statement:
      "An agent sets either realtime or the cascade slots (stt, llm, tts), never both: a config with both is refused, at write (400) or, accepted onto the draft (2.9: writes land on a draft), by validate (an error) and publish (400, 3.3); the spec gives the rule no moment.",
  },
  {
    id: "agents.unlisted-llm-400",
    section: "2.8",
    kind: "testable",
    assumption: "agent.create",
    statement: "An llm provider/model pair not listed in the catalog is refused with a 400 (unknown model).",
  },
  {
    id: "agents.unlisted-pair-any-slot",
    section: "2.9",
    kind: "testable",
    assumption: "agent.create",
    statement:
      "Every provider/model pair must be in the catalog: an unlisted pair in stt, tts, realtime, avatar, noise_cancellation, analysis.model or a fallback is refused, as is a slot naming only an unlisted provider or model.",
  },
  {
    id: "agents.unlisted-voice-400",
    section: "2.8",
    kind: "testable",
    assumption: "agent.create",
    statement:
      "A config naming anything not listed is rejected: a tts or realtime voice the catalog does not list is refused with a 400, a rule like an unknown model (7).",
  },
  {
    id: "agents.unlisted-language-400",
    section: "2.8",
    kind: "testable",
    assumption: "agent.create",
    statement:
      "A config naming anything not listed is rejected: an agent language the catalog lists nowhere (languages[] nor any model's languages[]) is refused with a 400 (7).",
  },
  {
    id: "agents.unlisted-builtin-tool-400",
    section: "2.8",
    kind: "testable",
    assumption: "agent.create",
    statement:
      "A config naming anything not listed is rejected: an llm builtin_tools entry whose type the catalog does not list (llm[].builtin_tools[].type) is refused with a 400 (7).",
  },
  {
    id: "agents.listed-pair-accepted",
    section: "2.8",
    kind: "testable",
    assumption: "agent.create",
    statement:
      "The catalog is the authoritative source for provider and model pairs (2.8): a config naming only what GET /v1/catalog lists with them (its provider/model pairs, a voice its tts or realtime entry lists, a builtin tool its llm entry offers) is accepted. Which listed language an agent may take is the server's to say (variant agent-language-of-its-models).",
  },
  {
    id: "agents.override-partial",
    section: "2.11",
    kind: "testable",
    assumption: "agent.create",
    statement:
      "An agent override (2.9 field names, all optional) is accepted with any subset of fields next to an agent_id (e.g. on POST /v1/calls/token).",
  },
  {
    id: "agents.override-not-stored",
    section: "2.11",
    kind: "testable",
    assumption: "agent.get",
    statement:
      "An override adjusts the stored agent for one run or batch only: the run uses the override, and the stored agent reads back unchanged.",
  },
  {
    id: "agents.override-no-channel",
    section: "2.11",
    kind: "testable",
    assumption: "agent.get",
    statement:
      "An override has no channel: a `channel` inside an agent_override is refused as a schema mismatch (422) or ignored, and never changes the stored agent's channel. The channel a run then uses is not observable through the API, so only the stored agent is checked.",
  },
  {
    id: "agents.config-defaults",
    section: "2.13",
    kind: "not-shown",
    statement:
      "Required markers and defaults of the agent configuration fields: not shown (sample values are not defaults).",
  },
];
