// The catalog as the legal variants of 2.8 write it: the provider simulator's models listed under other
// provider ids (the catalog is "the authoritative source for provider and model pairs", and names no
// provider), and every array in another order (2.8 gives no order for the catalog's arrays).
import type { AvatarCatalogItem, Catalog, VoiceCatalogItem } from "../../../spec/catalog.ts";
import type { PlatformContext } from "../context.ts";

/** The reference's provider ids and the ones the `provider-listed-as-acme` variant lists them under. */
export const ACME_PROVIDER_IDS: Readonly<Record<string, string>> = { simai: "acme-models", simvoice: "acme-speech" };

/** The provider id the instance lists the reference's `provider` under. */
export function listedProviderId(ctx: PlatformContext, provider: string): string {
  return ctx.variants.has("provider-listed-as-acme") ? (ACME_PROVIDER_IDS[provider] ?? provider) : provider;
}

function renamed<T extends { provider: string }>(ctx: PlatformContext, entry: T): T {
  return { ...entry, provider: listedProviderId(ctx, entry.provider) };
}

const reversed = <T>(list: readonly T[]): T[] => [...list].reverse();

/** An entry whose own arrays (languages, voices) are listed the other way round. */
function innerReversed<T extends object>(entry: T): T {
  const out = { ...entry } as Record<string, unknown>;
  for (const key of ["languages", "voices", "channel", "builtin_tools", "reasoning_efforts"]) {
    if (Array.isArray(out[key])) out[key] = reversed(out[key] as unknown[]);
  }
  return out as T;
}

/** The `catalog-regional-language-codes` variant's code for a reference language code: the code with a region. */
const REGIONAL: Readonly<Record<string, string>> = {
  en: "en-GB",
  es: "es-ES",
  de: "de-DE",
  fr: "fr-FR",
  pt: "pt-BR",
  it: "it-IT",
};
const regional = (code: string) => REGIONAL[code] ?? code;

/** The code the instance's catalog lists the reference's language `code` under. */
export function listedLanguageCode(ctx: PlatformContext, code: string): string {
  return ctx.variants.has("catalog-regional-language-codes") ? regional(code) : code;
}

/** A language list, and an entry's own list and default_language, with regional codes. */
function regionalLanguages<T extends object>(entry: T): T {
  const out = { ...entry } as Record<string, unknown>;
  if (Array.isArray(out.languages))
    out.languages = (out.languages as Array<{ code: string }>).map((l) => ({ ...l, code: regional(l.code) }));
  if (typeof out.default_language === "string") out.default_language = regional(out.default_language);
  return out as T;
}

export function variantCatalog(ctx: PlatformContext, catalog: Catalog): Catalog {
  let out = catalog;
  if (ctx.variants.has("catalog-regional-language-codes")) {
    const codes = (list: Catalog["languages"]) => list.map((l) => ({ ...l, code: regional(l.code) }));
    out = {
      ...out,
      languages: codes(out.languages),
      turn_detector_languages: codes(out.turn_detector_languages),
      realtime: out.realtime.map(regionalLanguages),
      stt: out.stt.map(regionalLanguages),
      tts: out.tts.map(regionalLanguages),
    };
  }
  if (ctx.variants.has("provider-listed-as-acme")) {
    out = {
      ...out,
      avatar: out.avatar.map((e) => renamed(ctx, e)),
      llm: out.llm.map((e) => renamed(ctx, e)),
      noise_cancellation: out.noise_cancellation.map((e) => renamed(ctx, e)),
      realtime: out.realtime.map((e) => renamed(ctx, e)),
      stt: out.stt.map((e) => renamed(ctx, e)),
      tts: out.tts.map((e) => renamed(ctx, e)),
      providers: Object.fromEntries(
        Object.entries(out.providers).map(([id, value]) => [listedProviderId(ctx, id), value]),
      ),
    };
  }
  if (ctx.variants.has("catalog-reversed")) {
    out = {
      ...out,
      avatar: reversed(out.avatar.map(innerReversed)),
      languages: reversed(out.languages),
      llm: reversed(out.llm.map(innerReversed)),
      noise_cancellation: reversed(out.noise_cancellation.map(innerReversed)),
      realtime: reversed(out.realtime.map(innerReversed)),
      stt: reversed(out.stt.map(innerReversed)),
      system_vars: reversed(out.system_vars),
      tts: reversed(out.tts.map(innerReversed)),
      turn_detector_languages: reversed(out.turn_detector_languages),
      providers: Object.fromEntries(reversed(Object.entries(out.providers))),
    };
  }
  return out;
}

/** A gallery row under the provider id the catalog lists its provider by. */
export function variantGallery<T extends VoiceCatalogItem | AvatarCatalogItem>(ctx: PlatformContext, rows: T[]): T[] {
  return ctx.variants.has("provider-listed-as-acme") ? rows.map((row) => renamed(ctx, row)) : rows;
}

/**
 * The catalog as GET /v1/catalog writes it, after what is only its written form: under
 * `catalog-speech-codes-null-notes` stt and tts entries list their languages as bare codes and an empty note is
 * null (2.8 gives those `languages[]` and `note` no shape or type); the planted `catalog-language-code-missing`
 * drops each stt language's code. The platform's own rules read the catalog before this.
 */
export function writtenCatalog(ctx: PlatformContext, catalog: object): object {
  const stt = (catalog as Partial<Catalog>).stt;
  if (ctx.faults.has("catalog-language-code-missing") && stt !== undefined) {
    return { ...catalog, stt: stt.map((e) => ({ ...e, languages: e.languages.map(({ name }) => ({ name })) })) };
  }
  if (!ctx.variants.has("catalog-speech-codes-null-notes")) return catalog;
  const noted = (entry: { note: string | null }) => ({ ...entry, note: entry.note === "" ? null : entry.note });
  const coded = (entry: { note: string | null; languages: Catalog["languages"] }) => ({
    ...noted(entry),
    languages: entry.languages.map((language) => language.code),
  });
  const out = { ...catalog } as Record<string, unknown>;
  for (const key of ["avatar", "llm", "noise_cancellation", "realtime"] as const) {
    const list = (catalog as Partial<Catalog>)[key];
    if (list !== undefined) out[key] = list.map(noted);
  }
  for (const key of ["stt", "tts"] as const) {
    const list = (catalog as Partial<Catalog>)[key];
    if (list !== undefined) out[key] = list.map(coded);
  }
  return out;
}
