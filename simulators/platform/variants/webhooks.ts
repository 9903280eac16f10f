// Webhooks (2.6, 6.1): the secret's encoding, a supplied secret of another form, what an envelope carries
// beyond `type` and `agent_id`, the headers of a delivery beyond those named, when it is sent and in what order.
import type { VariantSpec } from "./variant.ts";

export const webhookVariants = {
  "webhook-secret-unpadded": {
    description:
      "a generated secret is `whsec_` and the unpadded base64 of 32 random bytes (2.6: `whsec_ followed by 32 random bytes`; how the bytes are written is not said)",
    section: "2.6",
    layer: "webhook-secret",
    reach: ["webhooks", "delivery"],
  },
  "webhook-secret-hex": {
    description:
      "a secret is `whsec_` and the hex of 32 random bytes, generated or supplied (a supplied one in base64 is refused), and deliveries are signed with those 32 bytes (2.6: `The secret is whsec_ followed by 32 random bytes`; how the bytes are written is not said)",
    section: "2.6",
    layer: "webhook-secret",
    reach: ["webhooks", "delivery", "events"],
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
  "webhook-extra-headers": {
    description:
      "every delivery carries headers the spec does not name (X-Request-Id, traceparent, Cache-Control...) beside the five it does (6.1: `Headers include Content-Type ... and User-Agent ..., plus three more headers`)",
    section: "6.1",
    layer: "webhook-headers",
    reach: ["delivery", "events", "webhooks", "credits"],
  },
  "webhook-send-delay": {
    description:
      "every delivery leaves 1.5 s after its event (6.1 bounds only the receiver: `The receiver must answer within five seconds`; when the service sends is not given)",
    section: "6.1",
    layer: "webhook-delay",
    reach: ["delivery", "events", "webhooks", "credits"],
  },
  "webhook-order-shuffled": {
    description:
      "session.started and recording.ready are sent 400 ms late, so session.in_progress and session.completed usually arrive before them (6.1: `They arrive on separate HTTP requests, so order is common but not guaranteed`)",
    section: "6.1",
    layer: "webhook-order",
    reach: ["delivery", "events", "webhooks", "credits"],
  },
  "webhook-create-without-status": {
    description:
      'a webhook create naming `status` is a 422: a new webhook is always active, and pausing it takes an update (4.1: "Paths and bodies of webhook create, update, rotate-secret, delete and test-fire: not shown"): the vendor\'s profile says its minimal webhook leaves status out, `minimal_creates.webhook: {status: null}`',
    section: "4.1",
    layer: "profile-webhook-create-without-status",
    profile: { minimal_creates: { webhook: { status: null } } },
  },
} as const satisfies Record<string, VariantSpec>;
