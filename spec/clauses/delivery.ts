import type { Clause } from "../clause.ts";

// 6.1 how a webhook is delivered on the wire (observed at the webhook sink). What each event means is in events.
export const deliveryClauses: Clause[] = [
  {
    id: "delivery.http-post",
    section: "6.1",
    kind: "needs-wiring",
    assumption: "webhook.create",
    statement: "A delivery is an HTTP POST to the webhook URL.",
  },
  {
    id: "delivery.content-type",
    section: "6.1",
    kind: "needs-wiring",
    assumption: "webhook.create",
    statement: "A delivery carries Content-Type: application/json and a JSON body.",
  },
  {
    id: "delivery.user-agent",
    section: "6.1",
    kind: "needs-wiring",
    assumption: "webhook.create",
    statement:
      "A delivery carries User-Agent `<service>-webhooks/1` (`service-webhooks/1`, the service name in place of the brand).",
  },
  {
    id: "delivery.three-more-headers",
    section: "6.1",
    kind: "needs-wiring",
    assumption: "webhook_signature",
    statement: "Every delivery carries three more headers (the signature headers) besides Content-Type and User-Agent.",
  },
  {
    id: "delivery.same-envelope",
    section: "6.1",
    kind: "needs-wiring",
    assumption: "fields.webhook_envelope",
    statement: "Every event type is delivered in the same envelope, carrying `type` and `agent_id`.",
  },
  {
    id: "delivery.signature-valid",
    section: "6.1",
    kind: "needs-wiring",
    assumption: "webhook_signature",
    statement:
      "The payload is signed with the webhook secret by a keyed hash; the signature verifies against the secret.",
  },
  {
    id: "delivery.signature-after-rotation",
    section: "6.1",
    kind: "needs-wiring",
    assumption: "webhook.rotate-secret",
    statement: "After rotation, deliveries are signed with the new secret.",
  },
  {
    id: "delivery.signature-supplied-secret",
    section: "6.1",
    kind: "needs-wiring",
    assumption: "webhook.create",
    statement: "A webhook created with a caller-supplied secret has its deliveries signed with that secret.",
  },
  {
    id: "delivery.single-attempt",
    section: "6.1",
    kind: "needs-wiring",
    assumption: "webhook.create",
    statement: "Delivery is a single attempt: a receiver answering 5xx (or failing) is not retried.",
  },
  {
    id: "delivery.timeout-5s",
    section: "6.1",
    kind: "needs-wiring",
    assumption: "webhook.create",
    statement: "A receiver that does not answer within five seconds is a failed delivery (and is not retried).",
  },
  {
    id: "delivery.2xx-success",
    section: "6.1",
    kind: "needs-wiring",
    assumption: "webhook.create",
    statement: "Any 2xx answer (200, 202, 204, 299) is recorded as a successful delivery.",
  },
  {
    id: "delivery.3xx-failure",
    section: "6.1",
    kind: "needs-wiring",
    assumption: "webhook.create",
    statement: "A 3xx answer is a failed delivery.",
  },
  {
    id: "delivery.redirect-not-followed",
    section: "6.1",
    kind: "needs-wiring",
    assumption: "webhook.create",
    statement: "Redirects are not followed: the Location of a 3xx answer receives nothing.",
  },
  {
    id: "delivery.no-replay",
    section: "6.1",
    kind: "needs-wiring",
    assumption: "webhook.create",
    statement: "There is no replay: a failed event is never delivered again later, even once the receiver answers 2xx.",
  },
  {
    id: "delivery.blocked-at-delivery-time",
    section: "6.1",
    kind: "needs-test-control",
    assumption: "webhook.create",
    statement:
      "A webhook whose host resolves to a private, internal or cloud-metadata address at delivery time is not delivered to.",
  },
];
