// The catalog (2.8) as the planted catalog faults write it: each a serialiser's slip between the loaded
// catalog and GET /v1/catalog's body. The platform's own rules read the catalog before this.
import type { Catalog } from "../../../spec/catalog.ts";

/** The response builder lists the keys by hand and misses the newest one (planted faults only). */
export function withoutTurnDetectorLanguages(catalog: Catalog): object {
  const { turn_detector_languages: _dropped, ...rest } = catalog;
  return rest;
}

/** Avatar entries written without pricing, since the avatar provider bills them (planted faults only). */
export function avatarsWithoutPricing(catalog: Catalog): object {
  return { ...catalog, avatar: catalog.avatar.map(({ pricing: _dropped, ...entry }) => entry) };
}

/** Values read from a NUMERIC column, which the database driver hands back as text (planted faults only). */
export function costEstimateAsText(catalog: Catalog): object {
  const estimate = Object.entries(catalog.cost_estimate_usage_per_minute).map(([key, n]) => [key, String(n)]);
  return { ...catalog, cost_estimate_usage_per_minute: Object.fromEntries(estimate) };
}

/** Builtin tool options with their path joined as one dotted string (planted faults only). */
export function builtinToolPathsDotted(catalog: Catalog): object {
  const llm = catalog.llm.map((entry) => ({
    ...entry,
    builtin_tools: entry.builtin_tools.map((tool) => ({
      ...tool,
      options: tool.options.map((option) => ({ ...option, path: option.path.join(".") })),
    })),
  }));
  return { ...catalog, llm };
}

/** Noise-cancellation entries written by the serialiser of the other model lists, which has no description (planted faults only). */
export function noiseCancellationWithoutDescription(catalog: Catalog): object {
  const entries = catalog.noise_cancellation.map(({ description: _dropped, ...entry }) => entry);
  return { ...catalog, noise_cancellation: entries };
}

/** Providers written as the list of their ids, `Object.keys` of the map (planted faults only). */
export function providersAsIds(catalog: Catalog): object {
  return { ...catalog, providers: Object.keys(catalog.providers) };
}

/** System vars' voice_only as the 0/1 of a SQLite column, which has no boolean (planted faults only). */
export function systemVarsVoiceOnlyBits(catalog: Catalog): object {
  const vars = catalog.system_vars.map((entry) => ({ ...entry, voice_only: entry.voice_only ? 1 : 0 }));
  return { ...catalog, system_vars: vars };
}

/** Voices of realtime[] and tts[] entries with their tags as one comma-joined string (planted faults only). */
export function voiceTagsJoined(catalog: Catalog): object {
  const joined = <T extends { voices: Catalog["tts"][number]["voices"] }>(entry: T) => ({
    ...entry,
    voices: entry.voices.map((voice) => ({ ...voice, tags: voice.tags.join(",") })),
  });
  return { ...catalog, realtime: catalog.realtime.map(joined), tts: catalog.tts.map(joined) };
}
