// 2.6: "The secret is `whsec_` followed by 32 random bytes." How the bytes are written is not stated, so the
// profile names the encoding (`webhook_signature.secret_encoding`); by default every common one is read. The
// same reading gives the key a delivery's signature is verified with (6.1: "signed with the webhook secret"),
// so a server that writes its secrets in hex is checked against the 32 bytes it wrote.
import { z } from "zod";

export const SECRET_PREFIX = "whsec_";
export const SECRET_BYTES = 32;

/**
 * How the 32 bytes after `whsec_` are written. `any`: base64 (padding optional, as Standard Webhooks' decoders
 * take it), base64url or hex, whichever the text is; they never clash at 32 bytes (43 or 44 characters of
 * base64 against 64 of hex: hex read as base64 is 48 bytes).
 */
export const SecretEncoding = z.enum(["any", "base64", "base64url", "hex"]);
export type SecretEncoding = z.infer<typeof SecretEncoding>;
export type WrittenEncoding = Exclude<SecretEncoding, "any">;

const WRITTEN: Record<WrittenEncoding, RegExp> = {
  base64: /^[A-Za-z0-9+/]{43}=?$/,
  base64url: /^[A-Za-z0-9_-]{43}=?$/,
  hex: /^[0-9A-Fa-f]{64}$/,
};

/** The encodings a secret may be written in under `encoding`, the first the one a harness writes by default. */
export const encodingsOf = (encoding: SecretEncoding): WrittenEncoding[] =>
  encoding === "any" ? ["base64", "hex", "base64url"] : [encoding];

/** A secret's 32 key bytes, or undefined when it is not `whsec_` followed by 32 bytes written as `encoding` says. */
export function secretKey(secret: string, encoding: SecretEncoding = "any"): Uint8Array | undefined {
  if (!secret.startsWith(SECRET_PREFIX)) return undefined;
  const text = secret.slice(SECRET_PREFIX.length);
  const written = encodingsOf(encoding).find((e) => WRITTEN[e].test(text));
  if (written === undefined) return undefined;
  const key = written === "hex" ? fromHex(text) : fromBase64(text.replace(/=+$/, ""), ALPHABETS[written]);
  return key.length === SECRET_BYTES ? key : undefined;
}

/** `whsec_` and `bytes` written as `encoding` (base64 padded, base64url not, as each is usually written). */
export function writeSecret(bytes: Uint8Array, encoding: WrittenEncoding): string {
  if (encoding === "hex") return SECRET_PREFIX + [...bytes].map((b) => b.toString(16).padStart(2, "0")).join("");
  const text = toBase64(bytes, ALPHABETS[encoding]);
  return SECRET_PREFIX + (encoding === "base64" ? text.padEnd(Math.ceil(text.length / 4) * 4, "=") : text);
}

/** Every form `any` reads, as one pattern (the OpenAPI document's, for a supplied secret). */
export const SECRET_PATTERN_ANY = `^${SECRET_PREFIX}(${Object.values(WRITTEN)
  .map((r) => r.source.slice(1, -1))
  .join("|")})$`;

// Plain code rather than Buffer: spec/ is also bundled into the k6 scenarios, which have no Node globals.
const LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
const ALPHABETS = { base64: `${LETTERS}+/`, base64url: `${LETTERS}-_` };

const fromHex = (text: string) => Uint8Array.from(text.match(/../g) ?? [], (pair) => Number.parseInt(pair, 16));

/** Unpadded text of a checked alphabet: 6 bits a character, the trailing bits that make no byte dropped. */
function fromBase64(text: string, alphabet: string): Uint8Array {
  const out: number[] = [];
  let bits = 0;
  let held = 0;
  for (const char of text) {
    held = (held << 6) | alphabet.indexOf(char);
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      out.push((held >> bits) & 0xff);
    }
  }
  return Uint8Array.from(out);
}

function toBase64(bytes: Uint8Array, alphabet: string): string {
  let out = "";
  let bits = 0;
  let held = 0;
  for (const byte of bytes) {
    held = ((held << 8) | byte) & 0xffff;
    bits += 8;
    while (bits >= 6) {
      bits -= 6;
      out += alphabet[(held >> bits) & 0x3f];
    }
  }
  return bits > 0 ? out + alphabet[(held << (6 - bits)) & 0x3f] : out;
}
