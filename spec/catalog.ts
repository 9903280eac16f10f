// 2.8: the catalog (`GET /v1/catalog`), and the envelope of the two paged catalogs
// (`GET /v1/catalog/voices`, `GET /v1/catalog/avatars`, 2.1 last paragraph).
//
// Every field 2.8 lists is required. Two fields carry "default false" in 2.8 (llm `vision`, builtin tool
// option `required`); they may be absent and read as false. Nullability of any field: not shown, so none is
// nullable. Extra keys are allowed: the spec lists fields, it does not forbid others.
import { z } from "zod";
import { pagingQuery } from "./common.ts";

const str = z.string();
const bool = z.boolean();
const num = z.number();
const int = z.int();
const strings = z.array(str);
/** 2.13: the content of `pricing` and `providers` is not shown. */
const openObject = z.record(z.string(), z.unknown());

export const CatalogLanguage = z.object({ code: str, name: str });
export type CatalogLanguage = z.infer<typeof CatalogLanguage>;

export const CatalogVoice = z.object({
  id: str,
  description: str,
  gender: str,
  name: str,
  sample_url: str,
  tags: strings,
});
export type CatalogVoice = z.infer<typeof CatalogVoice>;

/**
 * Fields every model entry shares. 2.8 types `channel` (array of string) and `pricing` (object) and gives `note`
 * no type: a note is read as text or null (a model with nothing to note), never required to be a string.
 */
const modelEntry = {
  channel: strings,
  label: str,
  model: str,
  note: str.nullable(),
  pricing: openObject,
  provider: str,
};

export const BuiltinToolOption = z.object({
  key: str,
  label: str,
  path: strings,
  type: str,
  choices: z.array(z.unknown()),
  conflicts_with: z.array(z.unknown()),
  description: str,
  max_items: int,
  required: bool.default(false),
});

export const CatalogBuiltinTool = z.object({
  description: str,
  label: str,
  price_note: str,
  type: str,
  fixed: openObject,
  options: z.array(BuiltinToolOption),
});

export const LlmEntry = z.object({
  ...modelEntry,
  base_url: str,
  vision: bool.default(false),
  reasoning_efforts: strings,
  priority: z.object({
    pricing: z.object({ cached_input_per_1m: num, input_per_1m: num, output_per_1m: num }),
    confirms: bool,
    value: str,
  }),
  builtin_tools: z.array(CatalogBuiltinTool),
});
export type LlmEntry = z.infer<typeof LlmEntry>;

export const NoiseCancellationEntry = z.object({ ...modelEntry, description: str });

/**
 * A language of an stt[] or tts[] entry. 2.8 gives realtime `languages[] {code, name}` but stt and tts a bare
 * `languages[]`, and its row `languages[], turn_detector_languages[] | code, name` may name the two top-level
 * keys only: an entry's language is read as `{code, name}` or as a bare code.
 */
export const SpeechLanguage = z.union([CatalogLanguage, str]);

/** Fields the speech entries (realtime, stt, tts) share. */
const speechEntry = { default_language: str, language_required: bool, languages: z.array(CatalogLanguage) };
const speedFields = { speed_min: num, speed_max: num, supports_speed: bool };

export const RealtimeEntry = z.object({
  ...modelEntry,
  ...speechEntry,
  ...speedFields,
  default_voice: str,
  vision: bool,
  voices: z.array(CatalogVoice),
});
export type RealtimeEntry = z.infer<typeof RealtimeEntry>;

export const SttEntry = z.object({ ...modelEntry, ...speechEntry, streaming: bool });
export type SttEntry = z.infer<typeof SttEntry>;
/** An stt[] entry as a server may write it: its languages `{code, name}` or bare codes (SpeechLanguage). */
export const SttEntryRead = SttEntry.extend({ languages: z.array(SpeechLanguage) });

export const TtsEntry = z.object({
  ...modelEntry,
  ...speechEntry,
  ...speedFields,
  default_voice: str,
  expressive: z.object({ prompt: str }),
  supports_voice_settings: bool,
  voices: z.array(CatalogVoice),
});
export type TtsEntry = z.infer<typeof TtsEntry>;
/** A tts[] entry as a server may write it: its languages `{code, name}` or bare codes (SpeechLanguage). */
export const TtsEntryRead = TtsEntry.extend({ languages: z.array(SpeechLanguage) });

export const AvatarEntry = z.object(modelEntry);
export type AvatarEntry = z.infer<typeof AvatarEntry>;

export const SystemVar = z.object({ key: str, description: str, example: str, voice_only: bool });

/** 2.8: every channel key is required; a missing key fails the catalog load rather than making a channel free. */
export const PlatformFeePerMinute = z.object({ text: num, video: num, voice: num });

export const COST_ESTIMATE_KEYS = [
  "llm_cached_input_tokens",
  "llm_input_tokens",
  "llm_output_tokens",
  "realtime_audio_input_tokens",
  "realtime_audio_output_tokens",
  "realtime_cached_audio_input_tokens",
  "realtime_text_input_tokens",
  "realtime_text_output_tokens",
  "screenshare_input_tokens",
  "stt_batch_audio_seconds",
  "stt_streaming_audio_seconds",
  "tts_characters",
  "tts_input_tokens",
  "tts_output_tokens",
] as const;

export const CostEstimateUsagePerMinute = z.object(
  Object.fromEntries(COST_ESTIMATE_KEYS.map((key) => [key, int])) as Record<
    (typeof COST_ESTIMATE_KEYS)[number],
    typeof int
  >,
);

export const Catalog = z.object({
  avatar: z.array(AvatarEntry),
  cost_estimate_usage_per_minute: CostEstimateUsagePerMinute,
  languages: z.array(CatalogLanguage),
  llm: z.array(LlmEntry),
  noise_cancellation: z.array(NoiseCancellationEntry),
  platform_fee_per_minute: PlatformFeePerMinute,
  providers: openObject,
  realtime: z.array(RealtimeEntry),
  stt: z.array(SttEntry),
  system_vars: z.array(SystemVar),
  tts: z.array(TtsEntry),
  turn_detector_languages: z.array(CatalogLanguage),
});
export type Catalog = z.infer<typeof Catalog>;

// ---- The two paged catalogs (2.1, 4). Their item and facet shapes are not shown; what follows is the
// profile's assumption: items are the 2.8 voice entry plus the provider and language a facet filters on
// (avatars: id, name, provider, gender, preview_url, tags), and facets are the distinct values of each
// filterable field across the whole filtered set, as plain string arrays.

export const VoiceCatalogItem = CatalogVoice.extend({ provider: str, language: str });
export type VoiceCatalogItem = z.infer<typeof VoiceCatalogItem>;

export const AvatarCatalogItem = z.object({
  id: str,
  name: str,
  provider: str,
  gender: str,
  preview_url: str,
  tags: strings,
});
export type AvatarCatalogItem = z.infer<typeof AvatarCatalogItem>;

export const VoiceFacets = z.object({ gender: strings, language: strings, provider: strings });
export const AvatarFacets = z.object({ gender: strings, provider: strings });

/** The catalogs' own envelope: facets next to the results, a nullable total_count, and still has_more. */
export function catalogPageOf<T extends z.ZodType, F extends z.ZodType>(item: T, facets: F) {
  return z.object({
    items: z.array(item),
    facets,
    total_count: int.nullable(),
    has_more: bool,
    limit: int,
    offset: int,
  });
}

export const VoiceCatalogPage = catalogPageOf(VoiceCatalogItem, VoiceFacets);
export type VoiceCatalogPage = z.infer<typeof VoiceCatalogPage>;
export const AvatarCatalogPage = catalogPageOf(AvatarCatalogItem, AvatarFacets);
export type AvatarCatalogPage = z.infer<typeof AvatarCatalogPage>;
/**
 * An avatar gallery page as the checks read it: rows are held only to what the facets filter on (2.1 shows the
 * galleries' envelope, not their rows, and only 2.8's voice entries have tags).
 */
export const AvatarCatalogPageRead = catalogPageOf(z.looseObject({ gender: str, provider: str }), AvatarFacets);

/** The galleries' query (4: "paging and filter parameters"): the filter names and bounds are the reference's. */
const filter = z.string().min(1).max(100).optional();
export const VoiceQuery = pagingQuery(200).extend({ gender: filter, language: filter, provider: filter });
export const AvatarQuery = pagingQuery(200).extend({ gender: filter, provider: filter });
