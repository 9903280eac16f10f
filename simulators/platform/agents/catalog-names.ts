// The catalog's authority beyond provider/model pairs (2.8: "a config naming anything not listed is
// rejected"): a tts or realtime voice must be one of its model entry's voices, the agent language a code the
// catalog lists, and an llm builtin tool a type its model entry offers. Checked at write time (400, 7).
import type { AgentConfig } from "../../../spec/agent.ts";
import type { Catalog } from "../../../spec/catalog.ts";

type Named = { provider?: string; model?: string } | undefined;

/** The catalog entry a slot names, among `entries` (one catalog key). */
function entryOf<E extends { provider: string; model: string }>(entries: E[], slot: Named): E | undefined {
  return entries.find((entry) => entry.provider === slot?.provider && entry.model === slot?.model);
}

/** Voices named by tts (and its fallback) and realtime that their listed model does not offer. */
export function unlistedVoices(catalog: Catalog, config: AgentConfig): string[] {
  const problems: string[] = [];
  const check = (path: string, kind: "tts" | "realtime", slot: (Named & { voice?: string }) | undefined) => {
    const entry = entryOf<Catalog["tts"][number] | Catalog["realtime"][number]>(catalog[kind], slot);
    // An unlisted model is the pair rule's problem; a voice is judged against a listed model only.
    if (slot?.voice === undefined || entry === undefined) return;
    if (entry.voices.some((voice) => voice.id === slot.voice)) return;
    problems.push(`${path}.voice: unknown voice ${JSON.stringify(slot.voice)} for ${entry.provider}/${entry.model}`);
  };
  check("tts", "tts", config.tts);
  check("tts.fallback", "tts", config.tts?.fallback);
  check("realtime", "realtime", config.realtime);
  return problems;
}

/** Every language code the catalog lists: the languages list and each speech model's own. */
function listedLanguages(catalog: Catalog): Set<string> {
  const lists = [catalog.languages, catalog.turn_detector_languages];
  for (const kind of ["stt", "tts", "realtime"] as const)
    for (const entry of catalog[kind]) lists.push(entry.languages);
  return new Set(lists.flat().map((language) => language.code));
}

/** The agent language when the catalog does not list it. */
export function unlistedLanguage(catalog: Catalog, config: AgentConfig): string[] {
  if (config.language === undefined) return [];
  if (listedLanguages(catalog).has(config.language)) return [];
  return [`language: unknown language ${JSON.stringify(config.language)} (not listed in the catalog)`];
}

/**
 * The `agent-language-of-its-models` variant (legal variants only): the language must be one the agent's speech
 * models list (stt, tts, realtime), or, for an agent naming none, one some speech model of the catalog lists. 2.8
 * makes the catalog authoritative for provider and model pairs; which listed language an agent may take is not shown.
 */
export function languageNoModelSpeaks(catalog: Catalog, config: AgentConfig): string[] {
  if (config.language === undefined) return [];
  const named = [
    entryOf(catalog.stt, config.stt),
    entryOf(catalog.tts, config.tts),
    entryOf(catalog.realtime, config.realtime),
  ].filter((entry) => entry !== undefined);
  const speakers = named.length > 0 ? named : [...catalog.stt, ...catalog.tts, ...catalog.realtime];
  if (speakers.some((entry) => entry.languages.some((language) => language.code === config.language))) return [];
  return [`language: ${JSON.stringify(config.language)} is spoken by none of the agent's speech models`];
}

/**
 * Whether a speech model the config names sets language_required: the fault language-checked-only-when-required
 * looks at the language only then (planted faults only).
 */
export function languageRequiredByNamedModel(catalog: Catalog, config: AgentConfig): boolean {
  const named = [
    entryOf(catalog.stt, config.stt),
    entryOf(catalog.tts, config.tts),
    entryOf(catalog.realtime, config.realtime),
  ];
  return named.some((entry) => entry?.language_required === true);
}

/** llm builtin tools (llm, its fallback, analysis.model) whose type the listed model does not offer. */
export function unlistedBuiltinTools(catalog: Catalog, config: AgentConfig): string[] {
  const problems: string[] = [];
  const check = (path: string, slot: (Named & { builtin_tools?: Array<{ type: string }> }) | undefined) => {
    const entry = entryOf(catalog.llm, slot);
    if (entry === undefined) return;
    slot?.builtin_tools?.forEach((tool, i) => {
      if (entry.builtin_tools.some((offered) => offered.type === tool.type)) return;
      problems.push(
        `${path}.builtin_tools.${i}.type: unknown builtin tool ${JSON.stringify(tool.type)} for ${entry.provider}/${entry.model}`,
      );
    });
  };
  check("llm", config.llm);
  check("llm.fallback", config.llm?.fallback);
  check("analysis.model", config.analysis?.model);
  return problems;
}

/**
 * The catalog with the last voice of each tts and realtime model and the last code of each language list left
 * out, as an off-by-one lookup would see it (planted faults only: `last-listed-names-refused`).
 */
export function lastNamesDropped(catalog: Catalog): Catalog {
  const dropLast = <T>(list: T[]) => list.slice(0, -1);
  const speech = <E extends { languages: Catalog["languages"] }>(entry: E) => ({
    ...entry,
    languages: dropLast(entry.languages),
  });
  return {
    ...catalog,
    languages: dropLast(catalog.languages),
    turn_detector_languages: dropLast(catalog.turn_detector_languages),
    stt: catalog.stt.map(speech),
    tts: catalog.tts.map((entry) => ({ ...speech(entry), voices: dropLast(entry.voices) })),
    realtime: catalog.realtime.map((entry) => ({ ...speech(entry), voices: dropLast(entry.voices) })),
  };
}
