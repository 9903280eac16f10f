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
} as const satisfies Record<string, FaultSpec>;
