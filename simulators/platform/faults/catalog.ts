// Faults in the catalog (2.8), its galleries (2.1) and the catalog's authority over agent configs (2.8, 2.9).
import type { FaultSpec } from "./fault.ts";

export const catalogFaults = {
  "catalog-fee-video-missing": {
    description: "the catalog is served with platform_fee_per_minute.video missing instead of failing the load",
    clauses: ["catalog.platform-fee-every-channel"],
  },
  "voices-without-has-more": {
    description: "the voice gallery answers items, facets and total_count but leaves has_more out",
    clauses: ["catalog.voices-envelope", "catalog.gallery-has-more"],
  },
  "voice-language-filter-ignored": {
    description: "the voice gallery reads its language filter as `lang`, so ?language= lists every language",
    clauses: ["catalog.gallery-filter-narrows"],
  },
  "unlisted-model-accepted": {
    description: "agent writes check the slots' shape but never look the provider/model pair up in the catalog",
    clauses: ["agents.unlisted-llm-400", "agents.unlisted-pair-any-slot"],
  },
  "unlisted-voice-accepted": {
    description: "tts and realtime voices are stored as given, never looked up in the model entry's voices",
    clauses: ["agents.unlisted-voice-400"],
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
} as const satisfies Record<string, FaultSpec>;
