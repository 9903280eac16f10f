// Every legal variant of the reference platform, one module per area, and the set an instance serves.

import { mergeProfileFiles, type ProfileFile } from "../../../spec/profile.ts";
import { NameSet } from "../name-set.ts";
import { catalogVariants } from "./catalog.ts";
import { channelVariants } from "./channels.ts";
import { creditVariants } from "./credits.ts";
import { errorVariants } from "./errors.ts";
import { idVariants } from "./ids.ts";
import { jsonFormVariants } from "./json-form.ts";
import { knowledgeVariants } from "./knowledge.ts";
import { latencyVariants } from "./latency.ts";
import { listVariants } from "./lists.ts";
import { profileFieldVariants } from "./profile-fields.ts";
import { profileReadingVariants } from "./profile-readings.ts";
import { profileValueVariants } from "./profile-values.ts";
import { profileWordVariants } from "./profile-words.ts";
import { providerRequestVariants } from "./provider-requests.ts";
import { recordVariants } from "./records.ts";
import { roleVariants } from "./roles.ts";
import { statusVariants } from "./statuses.ts";
import { streamVariants } from "./streams.ts";
import { timestampVariants } from "./timestamps.ts";
import { validationVariants } from "./validation.ts";
import type { VariantSpec } from "./variant.ts";
import { webhookVariants } from "./webhooks.ts";
import { wiringVariants } from "./wiring.ts";

export const VARIANTS = {
  ...jsonFormVariants,
  ...timestampVariants,
  ...idVariants,
  ...recordVariants,
  ...statusVariants,
  ...errorVariants,
  ...roleVariants,
  ...streamVariants,
  ...latencyVariants,
  ...creditVariants,
  ...webhookVariants,
  ...listVariants,
  ...knowledgeVariants,
  ...channelVariants,
  ...catalogVariants,
  ...validationVariants,
  ...providerRequestVariants,
  ...wiringVariants,
  ...profileValueVariants,
  ...profileFieldVariants,
  ...profileWordVariants,
  ...profileReadingVariants,
} as const satisfies Record<string, VariantSpec>;
export type VariantName = keyof typeof VARIANTS;

export function isVariantName(name: string): name is VariantName {
  return Object.hasOwn(VARIANTS, name);
}

/** Pairs of the given variants that shape the same layer, and so cannot be served together. */
export function layerClashes(names: readonly VariantName[]): Array<[VariantName, VariantName]> {
  const clashes: Array<[VariantName, VariantName]> = [];
  names.forEach((a, i) => {
    for (const b of names.slice(i + 1)) if (a !== b && VARIANTS[a].layer === VARIANTS[b].layer) clashes.push([a, b]);
  });
  return clashes;
}

/** The variant matrix's run of the stranger's variants, served with its profile. */
export const STRANGER_LABEL = "stranger";

/** The stranger's open points: every variant served with a profile of its own that need not run alone. */
export function strangerVariants(): VariantName[] {
  return (Object.keys(VARIANTS) as VariantName[]).filter(
    (name) => "profile" in VARIANTS[name] && !("alone" in VARIANTS[name]),
  );
}

/**
 * The stranger's profile: a server that answers every open point the harness leans on differently from the
 * reference, at once (the profiles of the stranger's variants, merged). examples/profiles/stranger.json is it.
 */
export function strangerProfile(): ProfileFile {
  const fragments = strangerVariants().map((name) => (VARIANTS[name] as VariantSpec).profile!);
  return { name: "stranger", ...mergeProfileFiles(fragments) };
}

/** The variants a platform instance was started with. */
export class VariantSet extends NameSet<VariantName> {}
