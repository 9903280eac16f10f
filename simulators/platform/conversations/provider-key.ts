// The provider key a reply is made with: the workspace's own (1: strictly bring-your-own-key).
//
// Stand-in for the embedded stack only: while a workspace has never written or deleted a key for the
// provider, the reference platform borrows the provider simulator's default key from its admin API, so a
// fresh embedded run can hold a conversation before any PUT /v1/byok. A real provider has no /_admin, so
// the stand-in finds nothing there; and once a key is written or deleted, only the stored key counts.
import { request } from "undici";
import { everWritten, storedKey } from "../byok-keys.ts";
import type { PlatformContext } from "../context.ts";

const standIn = new WeakMap<PlatformContext, Promise<string | undefined>>();

export async function providerKey(
  ctx: PlatformContext,
  workspaceId: string,
  provider: string,
): Promise<string | undefined> {
  const stored = storedKey(ctx, workspaceId, provider);
  if (stored !== undefined) return stored;
  if (everWritten(ctx, workspaceId, provider) || provider !== "simai") return undefined;
  let pending = standIn.get(ctx);
  if (pending === undefined) {
    pending = simulatorDefaultKey(ctx);
    standIn.set(ctx, pending);
    // A failed look-up is retried on the next turn rather than remembered.
    pending.then((key) => key === undefined && standIn.delete(ctx));
  }
  return pending;
}

async function simulatorDefaultKey(ctx: PlatformContext): Promise<string | undefined> {
  const base = ctx.wiring.providerUrl;
  if (base === undefined) return undefined;
  try {
    const response = await request(`${base.replace(/\/+$/, "")}/_admin/keys`, {
      headersTimeout: ctx.upstreamTimeoutMs,
      bodyTimeout: ctx.upstreamTimeoutMs,
      signal: AbortSignal.timeout(ctx.upstreamTimeoutMs),
    });
    const body = (await response.body.json().catch(() => undefined)) as { default_key?: unknown } | undefined;
    return response.statusCode === 200 && typeof body?.default_key === "string" ? body.default_key : undefined;
  } catch {
    return undefined;
  }
}
