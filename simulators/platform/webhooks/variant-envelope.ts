// A delivery's body as the served profile shapes it and the webhook variants write it (simulators/platform/variants/webhooks.ts): fields the
// spec does not name on the envelope and its data, and timestamps at `+00:00` while the API keeps `Z`.
import { shapeMaps } from "../../../spec/profile.ts";
import { shapeEnvelope } from "../../../spec/reshape.ts";
import type { WebhookEnvelope } from "../../../spec/webhook.ts";
import type { PlatformContext } from "../context.ts";
import { type Json, restyleTimestamps } from "../http/variant-json.ts";

export function deliveredBody(ctx: PlatformContext, envelope: WebhookEnvelope): string {
  // The served profile's envelope and record shapes first (`serve --profile`), then the variants' writing.
  let body = shapeEnvelope(shapeMaps(ctx.profile), envelope, "write") as Json;
  if (ctx.variants.has("webhook-envelope-extra-fields")) {
    const data = (body as { data?: Json }).data;
    body = {
      ...(body as object),
      api_version: "2026-11-01",
      data: { ...(data as object), emitted_by: "reference-variant" },
    };
  }
  if (ctx.variants.has("webhook-timestamps-offset")) {
    body = restyleTimestamps(body, { offsetMinutes: 0, numericZero: true, digits: 3 });
  }
  return JSON.stringify(body);
}
