import type { Clause } from "../clause.ts";

// 2.8 GET /v1/catalog, and the voice/avatar galleries with their own envelope (2.1, section 4).
export const catalogClauses: Clause[] = [
  {
    id: "catalog.top-level-keys",
    section: "2.8",
    kind: "testable",
    statement:
      "GET /v1/catalog answers one unpaged object with the keys avatar, cost_estimate_usage_per_minute, languages, llm, noise_cancellation, platform_fee_per_minute, providers, realtime, stt, system_vars, tts, turn_detector_languages.",
  },
  {
    id: "catalog.avatar-entry",
    section: "2.8",
    kind: "testable",
    statement: "Each avatar[] entry has channel (array of string), label, model, note, pricing (object) and provider.",
  },
  {
    id: "catalog.llm-entry",
    section: "2.8",
    kind: "testable",
    statement:
      "Each llm[] entry has base_url, channel[], label, model, note, pricing, provider, vision (boolean, false when unset), reasoning_efforts (array of string) and priority {pricing {cached_input_per_1m, input_per_1m, output_per_1m}, confirms, value}.",
  },
  {
    id: "catalog.llm-builtin-tools",
    section: "2.8",
    kind: "testable",
    statement:
      "llm[].builtin_tools[] entries have description, label, price_note, type, fixed (object), options[] {key, label, path (array of string), type, choices, conflicts_with, description, max_items (integer), required (boolean, false when unset)}.",
  },
  {
    id: "catalog.noise-cancellation-entry",
    section: "2.8",
    kind: "testable",
    statement: "Each noise_cancellation[] entry has channel[], description, label, model, note, pricing and provider.",
  },
  {
    id: "catalog.realtime-entry",
    section: "2.8",
    kind: "testable",
    statement:
      "Each realtime[] entry has channel[], default_language, default_voice, label, language_required (boolean), languages[] {code, name}, model, note, pricing, provider, speed_min, speed_max (numbers), supports_speed, vision (booleans) and voices[].",
  },
  {
    id: "catalog.stt-entry",
    section: "2.8",
    kind: "testable",
    statement:
      "Each stt[] entry has channel[], default_language, label, language_required, languages[], model, note, pricing, provider and streaming (boolean).",
  },
  {
    id: "catalog.tts-entry",
    section: "2.8",
    kind: "testable",
    statement:
      "Each tts[] entry has channel[], default_language, default_voice, expressive {prompt}, label, language_required, languages[], model, note, pricing, provider, speed_min, speed_max, supports_speed, supports_voice_settings (boolean) and voices[].",
  },
  {
    id: "catalog.voice-entry",
    section: "2.8",
    kind: "testable",
    statement:
      "Each voices[] entry (in realtime[] and tts[]) has id, description, gender, name, sample_url and tags (array of string).",
  },
  {
    id: "catalog.language-entry",
    section: "2.8",
    kind: "testable",
    statement: "Each languages[] and turn_detector_languages[] entry has code and name.",
  },
  {
    id: "catalog.system-var-entry",
    section: "2.8",
    kind: "testable",
    statement: "Each system_vars[] entry has key, description, example and voice_only (boolean).",
  },
  {
    id: "catalog.platform-fee-every-channel",
    section: "2.8",
    kind: "testable",
    statement:
      "platform_fee_per_minute carries a number for every channel key (text, video, voice); none is ever missing (a missing key fails the catalog load, never makes a channel free).",
  },
  {
    id: "catalog.cost-estimate-integers",
    section: "2.8",
    kind: "testable",
    statement:
      "cost_estimate_usage_per_minute holds integers for the 14 named usage keys (llm_cached_input_tokens ... tts_output_tokens).",
  },
  {
    id: "catalog.providers-object",
    section: "2.8",
    kind: "testable",
    statement: "providers is an object.",
  },
  {
    id: "catalog.voices-envelope",
    section: "2.1",
    kind: "needs-wiring",
    statement:
      "GET /v1/catalog/voices pages in its own envelope: results with filter facets next to them, has_more, and a nullable total_count.",
  },
  {
    id: "catalog.avatars-envelope",
    section: "2.1",
    kind: "needs-wiring",
    statement:
      "GET /v1/catalog/avatars pages in its own envelope: results with filter facets next to them, has_more, and a nullable total_count.",
  },
  {
    id: "catalog.gallery-has-more",
    section: "2.1",
    kind: "needs-wiring",
    statement: "In the voice and avatar galleries has_more is true exactly when a further row exists after the page.",
  },
  {
    id: "catalog.gallery-total-count",
    section: "2.1",
    kind: "needs-wiring",
    statement:
      "total_count in the galleries is an integer or null; when an integer it is the total number of matching rows.",
  },
  {
    id: "catalog.gallery-filter-narrows",
    section: "4",
    kind: "needs-wiring",
    statement:
      "A voice or avatar gallery filter narrows the results to the rows matching it: filtering on a facet value lists exactly the unfiltered rows carrying that value (a filter is the query parameter named after its facet).",
  },
  {
    id: "catalog.gallery-502",
    section: "7",
    kind: "needs-wiring",
    statement: "When the gallery provider gives no answer, the voice or avatar gallery is a 502.",
  },
  {
    id: "catalog.pricing-providers-content",
    section: "2.13",
    kind: "not-shown",
    statement: "Content of the catalog `pricing` and `providers` objects: not shown.",
  },
];
