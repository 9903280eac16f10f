// What the catalog (2.8) makes acceptable: "The catalog is the authoritative source for provider and model
// pairs. A config naming anything not listed is rejected." Which listed names go together beyond pairs is the
// server's.
import type { VariantSpec } from "./variant.ts";

export const catalogVariants = {
  "agent-language-of-its-models": {
    description:
      "an agent's language must be one its speech models list (stt, tts or realtime `languages[]`), or, for an agent naming none, one some speech model lists: a language only the catalog's top-level `languages[]` lists is refused with a 400 (2.8 makes the catalog authoritative for provider and model pairs, not for which language an agent may take)",
    section: "2.8",
    layer: "agent-language",
    reach: ["agents"],
  },
  "catalog-regional-language-codes": {
    description:
      'every language code the catalog lists carries a region (en-GB, fr-FR, de-DE...), so a bare `fr` is a language it lists nowhere and an agent naming it is refused with a 400 (2.8 gives the rows as `code, name` and shows no code; "a config naming anything not listed is rejected")',
    section: "2.8",
    layer: "catalog-language-codes",
    reach: ["agents", "catalog", "calls"],
  },
  "catalog-speech-codes-null-notes": {
    description:
      'stt[] and tts[] entries list their languages as bare codes (`["en", "es"]`) and a model with nothing to note has `note: null`: 2.8 gives stt and tts a bare `languages[]` (realtime\'s are `{code, name}`) and gives `note` no type',
    section: "2.8",
    layer: "catalog-written-form",
    reach: ["catalog", "agents", "calls"],
  },
  "avatar-rows-lean": {
    description:
      "avatar gallery rows carry id, name, provider and gender only, no tags and no preview link (2.1 names the galleries' envelope, not their rows; only 2.8's voice entries have tags)",
    section: "2.1",
    layer: "avatar-rows",
    reach: ["catalog"],
  },
} as const satisfies Record<string, VariantSpec>;
