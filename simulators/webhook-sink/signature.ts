// Standard Webhooks verification of a recorded delivery (webhook-id, webhook-timestamp,
// webhook-signature), done by the standardwebhooks library: HMAC-SHA256, constant-time compare.
import { Webhook } from "standardwebhooks";

export type Verifier = (body: Buffer, headers: Record<string, string>) => { valid: boolean; error: string | null };

/** A verifier for a whsec_ secret, or undefined when the secret is malformed. The secret stays inside. */
export function verifierFor(secret: string): Verifier | undefined {
  if (!secret.startsWith("whsec_")) return undefined;
  let webhook: Webhook;
  try {
    webhook = new Webhook(secret);
  } catch {
    return undefined;
  }
  return (body, headers) => {
    try {
      webhook.verify(body, headers, { jsonParse: false });
      return { valid: true, error: null };
    } catch (error) {
      // The library's messages name the failure (missing headers, stale timestamp, no match), never the key.
      return { valid: false, error: error instanceof Error ? error.message : "verification failed" };
    }
  };
}
