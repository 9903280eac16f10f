// The ids the platform mints: UUID version 4, or the version a legal variant serves (2.2 "string (UUID)"
// says nothing of the version).
import { randomUUID } from "node:crypto";
import { v1, v7 } from "uuid";
import type { VariantSet } from "./variants/index.ts";

/** A minter for an instance serving `variants`. */
export function idMinter(variants: VariantSet): () => string {
  if (variants.has("ids-uuid-v7")) return () => v7();
  if (variants.has("ids-uuid-v1")) return () => v1();
  return () => randomUUID();
}

/** A new id for an instance (its variants decide the UUID version). */
export function mintId(ctx: { variants: VariantSet }): string {
  return idMinter(ctx.variants)();
}
