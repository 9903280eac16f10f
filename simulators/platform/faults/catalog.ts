// Planted faults that break catalog clauses (spec/clauses/catalog.ts), checked by suites/catalog.suite.ts.
import type { FaultSpec } from "./fault.ts";

export const catalogFaults = {
  "avatar-gallery-facets-missing": {
    description:
      "the avatar gallery answers its rows, has_more and total_count but no facets (2.1: `They carry their own filter facets next to the results`)",
    clauses: ["catalog.avatars-envelope"],
  },
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
  "catalog-models-empty": {
    description:
      "the catalog's model file fails to load and GET /v1/catalog answers llm, stt, tts and realtime as empty lists instead of failing",
    clauses: ["catalog.llm-entry", "catalog.stt-entry", "catalog.tts-entry", "catalog.realtime-entry"],
  },
  "catalog-language-code-missing": {
    description: "stt[] entries list each language as `{name}` without its code (2.8: a language row is `code, name`)",
    clauses: ["catalog.language-entry", "catalog.stt-entry"],
  },
  "catalog-turn-detector-languages-missing": {
    description:
      "GET /v1/catalog's response builder lists its keys by hand and misses the newest: turn_detector_languages is left out",
    clauses: ["catalog.top-level-keys"],
  },
  "catalog-avatar-pricing-missing": {
    description:
      "avatar[] entries are written without pricing, since the avatar provider bills them (2.8: an avatar entry carries `pricing (object)`)",
    clauses: ["catalog.avatar-entry"],
  },
  "cost-estimate-numeric-text": {
    description:
      'cost_estimate_usage_per_minute is read from a NUMERIC column the database driver hands back as text, so each value is a string (`"1200"`), not an integer',
    clauses: ["catalog.cost-estimate-integers"],
  },
  "builtin-tool-option-path-dotted": {
    description:
      "llm[].builtin_tools[].options[] carry path as one dotted string (`filters.allowed_domains`), not an array of string",
    clauses: ["catalog.llm-builtin-tools"],
  },
  "noise-cancellation-description-missing": {
    description:
      "noise_cancellation[] entries are written by the serialiser of the other model lists, which has no description",
    clauses: ["catalog.noise-cancellation-entry"],
  },
  "catalog-providers-as-ids": {
    description: "providers is written as the list of provider ids (`Object.keys` of the map), not an object",
    clauses: ["catalog.providers-object"],
  },
  "system-var-voice-only-bit": {
    description: "system_vars[] carry voice_only as the 0/1 of its SQLite column, not a boolean",
    clauses: ["catalog.system-var-entry"],
  },
  "catalog-voice-tags-joined": {
    description:
      "voices[] in realtime[] and tts[] entries carry tags as one comma-joined string (`warm,narration`), not an array of string",
    clauses: ["catalog.voice-entry"],
  },
  "gallery-provider-error-500": {
    description:
      "the voice gallery lets the provider client's connection error escape its handler, so a provider that gives no answer is a 500, not a 502",
    clauses: ["catalog.gallery-502"],
  },
} as const satisfies Record<string, FaultSpec>;
