// Webhooks (2.6, 6.1): the secret's encoding, a supplied secret of another form, and what an envelope carries
// beyond `type` and `agent_id`.
import type { VariantSpec } from "./variant.ts";

export const webhookVariants = {
  "webhook-secret-unpadded": {
    description:
      "a generated secret is `whsec_` and the unpadded base64 of 32 random bytes (2.6: `whsec_ followed by 32 random bytes`; how the bytes are written is not said)",
    section: "2.6",
    layer: "webhook-secret",
    reach: ["webhooks", "delivery"],
  },
  "webhook-supplied-secret-replaced": {
    description:
      "a supplied secret of another form than `whsec_` + 32 bytes is not refused: the webhook gets a generated secret instead, shown in the create answer (2.6 gives the form of every secret, not what create does with one of another form)",
    section: "2.6",
    layer: "webhook-supplied-secret",
    reach: ["webhooks"],
  },
  "webhook-envelope-extra-fields": {
    description:
      "every delivered envelope, and its data, carries fields the spec does not name (6.1: `Envelope fields beyond type and agent_id: not shown`, `Payload fields of each event type ... not shown`)",
    section: "6.1",
    layer: "webhook-fields",
    reach: ["delivery", "events", "webhooks", "credits"],
  },
  "webhook-timestamps-offset": {
    description:
      "webhook envelopes and payloads write timestamps with `+00:00` while the API writes `Z`: the same instants, formatted by another layer",
    section: "6.1",
    layer: "webhook-timestamps",
    reach: ["delivery", "events", "webhooks", "credits"],
  },
} as const satisfies Record<string, VariantSpec>;
