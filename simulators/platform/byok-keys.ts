// Provider keys stored per workspace (1: strictly bring-your-own-key). Every part of the platform that
// calls a provider on a workspace's behalf reads the key here, never from a request header (5 item 7).
import type { PlatformContext } from "./context.ts";

export interface StoredProviderKey {
  provider: string;
  value: string;
  updated_at: string;
}

/**
 * The provider the embedded stack lends its wiring's provider key for while a workspace has never written or
 * deleted one (conversations/provider-key.ts), so a fresh run can publish and talk before any PUT /v1/byok:
 * `simai`. A server that lists the provider under ids of its own (`provider-listed-as-acme`) lends none, as a
 * vendor's server holds no key the harness did not store.
 */
export const standInProvider = (ctx: PlatformContext): string | undefined =>
  ctx.variants.has("provider-listed-as-acme") ? undefined : "simai";

/** The workspace's keys by provider (the "byok" slice of the workspace state). */
export function providerKeys(ctx: PlatformContext, workspaceId: string): Map<string, StoredProviderKey> {
  return ctx.store.workspace(workspaceId).slice("byok", () => new Map<string, StoredProviderKey>());
}

/** Providers whose key the workspace ever wrote or deleted: from then on only the stored key counts. */
function written(ctx: PlatformContext, workspaceId: string): Set<string> {
  return ctx.store.workspace(workspaceId).slice("byok-written", () => new Set<string>());
}

export function storeKey(ctx: PlatformContext, workspaceId: string, key: StoredProviderKey): void {
  providerKeys(ctx, workspaceId).set(key.provider, key);
  written(ctx, workspaceId).add(key.provider);
}

/** Answers whether a key was there to remove. */
export function removeKey(ctx: PlatformContext, workspaceId: string, provider: string): boolean {
  const key = providerKeys(ctx, workspaceId).get(provider);
  if (key !== undefined && ctx.faults.has("deleted-key-still-used")) cacheKey(ctx, workspaceId, key);
  const removed = providerKeys(ctx, workspaceId).delete(provider);
  if (removed) written(ctx, workspaceId).add(provider);
  return removed;
}

/** Planted faults only: the replies' key cache, which a delete does not clear. */
function keyCache(ctx: PlatformContext, workspaceId: string): Map<string, string> {
  return ctx.store.workspace(workspaceId).slice("byok-cache", () => new Map<string, string>());
}

/** Planted faults only: keeps the deleted key where the replies still find it. */
function cacheKey(ctx: PlatformContext, workspaceId: string, key: StoredProviderKey): void {
  keyCache(ctx, workspaceId).set(key.provider, key.value);
}

/** Planted faults only: the key a deleted provider's replies still run on. */
export function cachedKey(ctx: PlatformContext, workspaceId: string, provider: string): string | undefined {
  return keyCache(ctx, workspaceId).get(provider);
}

/** The key stored for `provider`, or undefined: an agent needing it cannot run or publish (4). */
export function storedKey(ctx: PlatformContext, workspaceId: string, provider: string): string | undefined {
  return providerKeys(ctx, workspaceId).get(provider)?.value;
}

export function everWritten(ctx: PlatformContext, workspaceId: string, provider: string): boolean {
  return written(ctx, workspaceId).has(provider);
}

/** No key to run `provider` with: none stored, and the stand-in does not apply (see standInProvider). */
export function keyMissing(ctx: PlatformContext, workspaceId: string, provider: string): boolean {
  if (storedKey(ctx, workspaceId, provider) !== undefined) return false;
  return provider !== standInProvider(ctx) || everWritten(ctx, workspaceId, provider);
}
