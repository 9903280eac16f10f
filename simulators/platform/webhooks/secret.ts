// 2.6 webhook secrets: `whsec_` + base64 of 32 random bytes, generated or supplied at create, shown in
// full only at create and rotation; every read carries only the last four characters.
import { createHmac, randomBytes } from "node:crypto";
import { SECRET_BYTES, SECRET_PATTERN } from "../../../spec/webhook.ts";
import type { PlatformContext } from "../context.ts";

export function generateSecret(ctx: PlatformContext, workspaceId: string): string {
  if (ctx.faults.has("webhook-secret-16-bytes")) return `whsec_${randomBytes(16).toString("base64")}`;
  if (ctx.faults.has("webhook-secret-per-workspace")) {
    // The planted bug: a secret derived from the workspace, so every webhook of it shares one.
    return `whsec_${createHmac("sha256", "reference-platform").update(workspaceId).digest("base64")}`;
  }
  const encoded = randomBytes(SECRET_BYTES).toString("base64");
  // A legal variant: 2.6 says "whsec_ followed by 32 random bytes", not how the bytes are written.
  return `whsec_${ctx.variants.has("webhook-secret-unpadded") ? encoded.replace(/=+$/, "") : encoded}`;
}

/** A caller-supplied secret must have the generated form; the problem line never echoes the value. */
export function secretProblem(secret: string): string | null {
  if (!SECRET_PATTERN.test(secret)) return `secret: must be whsec_ followed by the base64 of ${SECRET_BYTES} bytes`;
  return null;
}

export function secretHint(ctx: PlatformContext, secret: string): string {
  return ctx.faults.has("webhook-hint-first-four") ? secret.slice(0, 4) : secret.slice(-4);
}
