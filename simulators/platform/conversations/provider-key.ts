// The provider key a reply is made with: the workspace's own (1: strictly bring-your-own-key).
//
// Stand-in for the embedded stack only: while a workspace has never written or deleted a key for the
// provider, the reference platform lends the key its wiring names (the target's `provider_key`), so a fresh
// embedded run can hold a conversation before any PUT /v1/byok. The harness never relies on it: it stores a
// key for every provider it uses (the `provider-listed-as-acme` variant lends none and passes the whole run).
// Once a key is written or deleted, only the stored key counts.
import { cachedKey, everWritten, standInProvider, storedKey } from "../byok-keys.ts";
import type { PlatformContext } from "../context.ts";

export function providerKey(ctx: PlatformContext, workspaceId: string, provider: string): string | undefined {
  const stored = storedKey(ctx, workspaceId, provider);
  if (stored !== undefined) return stored;
  // The planted bug: replies read a key cache that DELETE /v1/byok does not clear.
  if (ctx.faults.has("deleted-key-still-used")) return cachedKey(ctx, workspaceId, provider);
  if (everWritten(ctx, workspaceId, provider) || provider !== standInProvider(ctx)) return undefined;
  return ctx.wiring.providerKey;
}
