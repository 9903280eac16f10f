// Every legal variant of the reference platform, one module per area, and the set an instance serves.

import { NameSet } from "../name-set.ts";
import { creditVariants } from "./credits.ts";
import { errorVariants } from "./errors.ts";
import { idVariants } from "./ids.ts";
import { jsonFormVariants } from "./json-form.ts";
import { latencyVariants } from "./latency.ts";
import { listVariants } from "./lists.ts";
import { providerRequestVariants } from "./provider-requests.ts";
import { recordVariants } from "./records.ts";
import { roleVariants } from "./roles.ts";
import { statusVariants } from "./statuses.ts";
import { streamVariants } from "./streams.ts";
import { timestampVariants } from "./timestamps.ts";
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
  ...providerRequestVariants,
  ...wiringVariants,
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

/** The variants a platform instance was started with. */
export class VariantSet extends NameSet<VariantName> {}
