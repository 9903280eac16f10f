// Twilio's request signature (X-Twilio-Signature), exported so a platform can verify what the
// carrier sends: base64(HMAC-SHA1(authToken, url + every POST parameter name+value, names sorted)).
import { createHmac, timingSafeEqual } from "node:crypto";

/** Form parameters as parsed: a repeated name carries an array. */
export type FormParams = Record<string, string | readonly string[]>;

export const SIGNATURE_HEADER = "x-twilio-signature";

/** The string Twilio signs: the full URL (query included), then each name+value, names sorted; a
 * repeated name contributes each of its values, sorted. A GET request signs the URL alone. */
export function signedPayload(url: string, params: FormParams = {}): string {
  let payload = url;
  for (const name of Object.keys(params).sort()) {
    const value = params[name]!;
    const values = typeof value === "string" ? [value] : [...value].sort();
    for (const item of values) payload += name + item;
  }
  return payload;
}

export function twilioSignature(authToken: string, url: string, params: FormParams = {}): string {
  return createHmac("sha1", authToken).update(signedPayload(url, params), "utf8").digest("base64");
}

/** Constant-time check of an X-Twilio-Signature value; false on any missing or malformed input. */
export function validateTwilioSignature(
  authToken: string,
  signature: string | undefined,
  url: string,
  params: FormParams = {},
): boolean {
  if (typeof signature !== "string" || signature === "") return false;
  const expected = Buffer.from(twilioSignature(authToken, url, params));
  const given = Buffer.from(signature);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
