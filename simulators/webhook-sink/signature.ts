// Standard Webhooks verification of a recorded delivery (webhook-id, webhook-timestamp,
// webhook-signature), done by the standardwebhooks library: HMAC-SHA256, constant-time compare. The key is
// the secret's 32 bytes however they are written (spec/webhook-secret.ts), not the library's base64 reading.
import { Webhook } from "standardwebhooks";
import { type SecretEncoding, secretKey } from "../../spec/webhook-secret.ts";

export type Verifier = (body: Buffer, headers: Record<string, string>) => { valid: boolean; error: string | null };

/** The names a sender gives Standard Webhooks' three headers (lower-cased). */
export interface SignatureHeaders {
  id: string;
  timestamp: string;
  signature: string;
}

export const STANDARD_HEADERS: SignatureHeaders = {
  id: "webhook-id",
  timestamp: "webhook-timestamp",
  signature: "webhook-signature",
};

/**
 * A verifier for a whsec_ secret of 32 bytes written as `encoding` says, or undefined when the secret is not one.
 * The secret stays inside. A sender that names the headers its own way is read under those names.
 */
export function verifierFor(
  secret: string,
  names: SignatureHeaders = STANDARD_HEADERS,
  encoding: SecretEncoding = "any",
): Verifier | undefined {
  const key = secretKey(secret, encoding);
  if (key === undefined) return undefined;
  const webhook = new Webhook(key, { format: "raw" });
  return (body, headers) => {
    try {
      const standard = {
        ...headers,
        "webhook-id": headers[names.id] ?? "",
        "webhook-timestamp": headers[names.timestamp] ?? "",
        "webhook-signature": headers[names.signature] ?? "",
      };
      webhook.verify(body, standard, { jsonParse: false });
      return { valid: true, error: null };
    } catch (error) {
      // The library's messages name the failure (missing headers, stale timestamp, no match), never the key.
      return { valid: false, error: error instanceof Error ? error.message : "verification failed" };
    }
  };
}
