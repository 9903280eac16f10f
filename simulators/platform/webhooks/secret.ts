// 2.6 webhook secrets: `whsec_` + 32 random bytes (base64 here, hex under a legal variant), generated or
// supplied at create, shown in full only at create and rotation; every read carries only the last four characters.
import { createHmac, randomBytes } from "node:crypto";
import {
  SECRET_BYTES,
  type SecretEncoding,
  secretKey,
  type WrittenEncoding,
  writeSecret,
} from "../../../spec/webhook-secret.ts";
import type { PlatformContext } from "../context.ts";

/**
 * How this server writes its secrets' bytes: 2.6 says "whsec_ followed by 32 random bytes", not how the bytes
 * are written, so the legal variant `webhook-secret-hex` writes them in hex and takes supplied ones only in hex.
 */
function writtenAs(ctx: PlatformContext): WrittenEncoding {
  const hex = ctx.variants.has("webhook-secret-hex") || ctx.faults.has("webhook-hex-secret-keyed-as-base64");
  return hex ? "hex" : "base64";
}

export function generateSecret(ctx: PlatformContext, workspaceId: string): string {
  const encoding = writtenAs(ctx);
  if (ctx.faults.has("webhook-secret-16-bytes")) return writeSecret(randomBytes(16), encoding);
  if (ctx.faults.has("webhook-secret-per-workspace")) {
    // The planted bug: a secret derived from the workspace, so every webhook of it shares one.
    return writeSecret(createHmac("sha256", "reference-platform").update(workspaceId).digest(), encoding);
  }
  const encoded = writeSecret(randomBytes(SECRET_BYTES), encoding);
  // A legal variant: 2.6 says "whsec_ followed by 32 random bytes", not how the bytes are written.
  return ctx.variants.has("webhook-secret-unpadded") ? encoded.replace(/=+$/, "") : encoded;
}

/**
 * A caller-supplied secret must be `whsec_` and 32 bytes: in base64, base64url or hex here (the signing key is
 * those bytes), in hex only under `webhook-secret-hex`. The problem line never echoes the value.
 */
export function secretProblem(ctx: PlatformContext, secret: string): string | null {
  const encoding: SecretEncoding = writtenAs(ctx) === "hex" ? "hex" : "any";
  if (secretKey(secret, encoding) !== undefined) return null;
  const written = encoding === "any" ? "base64, base64url or hex" : encoding;
  return `secret: must be whsec_ followed by ${SECRET_BYTES} bytes written as ${written}`;
}

/**
 * The signing key of a stored secret: its 32 bytes. A planted fault's secret of another form is read as base64, as
 * a Standard Webhooks library reads any secret; one fault reads every secret so, its hex ones too (48 bytes).
 */
export function signingKey(ctx: PlatformContext, secret: string): Uint8Array {
  const key = ctx.faults.has("webhook-hex-secret-keyed-as-base64") ? undefined : secretKey(secret);
  return key ?? new Uint8Array(Buffer.from(secret.slice("whsec_".length), "base64"));
}

export function secretHint(ctx: PlatformContext, secret: string): string {
  return ctx.faults.has("webhook-hint-first-four") ? secret.slice(0, 4) : secret.slice(-4);
}
