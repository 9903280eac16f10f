// The region's catalog (2.8): the authoritative list of provider/model pairs, built once per instance
// from the fixture wired to the provider simulator.

import type { AvatarCatalogItem, Catalog, VoiceCatalogItem } from "../../../spec/catalog.ts";
import type { PlatformContext } from "../context.ts";
import { avatarCatalogFixture, catalogFixture, voiceCatalogFixture } from "./content.ts";
import { variantCatalog, variantGallery } from "./variant-catalog.ts";

/** The catalog keys whose entries are provider/model pairs an agent slot may name. */
export type ModelKind = "llm" | "stt" | "tts" | "realtime" | "avatar" | "noise_cancellation";

interface Built {
  catalog: Catalog;
  voices: VoiceCatalogItem[];
  avatars: AvatarCatalogItem[];
}

const built = new WeakMap<PlatformContext, Built>();

/** An unwired platform still answers a catalog; its URLs then point nowhere. */
function providerBase(ctx: PlatformContext): string {
  return ctx.wiring.providerUrl ?? "http://127.0.0.1:9";
}

function build(ctx: PlatformContext): Built {
  let entry = built.get(ctx);
  if (entry === undefined) {
    const base = providerBase(ctx);
    entry = {
      catalog: variantCatalog(ctx, catalogFixture(base)),
      voices: variantGallery(ctx, voiceCatalogFixture(base)),
      avatars: variantGallery(ctx, avatarCatalogFixture(base)),
    };
    built.set(ctx, entry);
  }
  return entry;
}

export const catalogOf = (ctx: PlatformContext): Catalog => build(ctx).catalog;
export const voicesOf = (ctx: PlatformContext): VoiceCatalogItem[] => build(ctx).voices;
export const avatarsOf = (ctx: PlatformContext): AvatarCatalogItem[] => build(ctx).avatars;

export function isListed(catalog: Catalog, kind: ModelKind, provider: string, model: string): boolean {
  return catalog[kind].some((entry) => entry.provider === provider && entry.model === model);
}

/** Providers a key may be stored for (PUT /v1/byok/{provider}). */
export function knownProviders(catalog: Catalog): string[] {
  return Object.keys(catalog.providers);
}
