// A delivery's body as the webhook variants write it (simulators/platform/variants/webhooks.ts): fields the
// spec does not name on the envelope and its data, and timestamps at `+00:00` while the API keeps `Z`.
import type { WebhookEnvelope } from "../../../spec/webhook.ts";
import type { PlatformContext } from "../context.ts";
import { type Json, restyleTimestamps } from "../http/variant-json.ts";

export function deliveredBody(ctx: PlatformContext, envelope: WebhookEnvelope): string {
  let body: Json = envelope as unknown as Json;
  if (ctx.variants.has("webhook-envelope-extra-fields")) {
    body = { ...envelope, api_version: "2026-11-01", data: { ...envelope.data, emitted_by: "reference-variant" } };
  }
  if (ctx.variants.has("webhook-timestamps-offset")) {
    body = restyleTimestamps(body, { offsetMinutes: 0, numericZero: true, digits: 3 });
  }
  return JSON.stringify(body);
}
