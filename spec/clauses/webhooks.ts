import type { Clause } from "../clause.ts";

// 2.6 the webhook resource: secret, secret_hint, public URL at save time, event types, the deliveries log and
// test-fire. What a delivery looks like on the wire is in delivery; what each event means is in events.
export const webhooksClauses: Clause[] = [
  {
    id: "webhooks.shape",
    section: "2.6",
    kind: "testable",
    assumption: "webhook.create",
    statement:
      "A webhook has id (UUID), url, status, subscribed_events (array of string), secret_hint, last_delivered_at, last_status, created_at and updated_at; last_delivered_at and last_status, which have no value before a first delivery, may be null or left out (2.6 gives no presence rule).",
  },
  {
    id: "webhooks.secret-at-create",
    section: "2.6",
    kind: "testable",
    assumption: "webhook.create",
    statement: "The create answer carries the full signing secret.",
  },
  {
    id: "webhooks.secret-format",
    section: "2.6",
    kind: "testable",
    assumption: "webhook_signature",
    statement: "A generated secret is `whsec_` followed by 32 random bytes.",
  },
  {
    id: "webhooks.secret-random",
    section: "2.6",
    kind: "testable",
    assumption: "webhook.create",
    statement: "Generated secrets are random: two creates never get the same secret.",
  },
  {
    id: "webhooks.secret-caller-supplied",
    section: "2.6",
    kind: "testable",
    assumption: "webhook.create",
    statement:
      "A caller may supply the secret at create; the webhook then uses that secret (its hint is the supplied secret's last four).",
  },
  {
    id: "webhooks.secret-supplied-form",
    section: "2.6",
    kind: "testable",
    assumption: "webhook.create",
    statement:
      "The secret is `whsec_` followed by 32 random bytes, supplied or not: a supplied secret of another form never becomes a webhook's secret (create refuses it, or answers a secret of the form).",
  },
  {
    id: "webhooks.secret-hint-last-four",
    section: "2.6",
    kind: "testable",
    assumption: "webhook.create",
    statement: "secret_hint is the last four characters of the secret.",
  },
  {
    id: "webhooks.list-hint-only",
    section: "2.6",
    kind: "testable",
    assumption: "webhook.create",
    statement: "GET /v1/webhooks returns only secret_hint, never the secret.",
  },
  {
    id: "webhooks.get-hint-only",
    section: "2.6",
    kind: "testable",
    assumption: "webhook.get",
    statement: "Reading one webhook returns only secret_hint, never the secret.",
  },
  {
    id: "webhooks.rotate-new-secret",
    section: "2.6",
    kind: "testable",
    assumption: "webhook.rotate-secret; webhook_signature",
    statement:
      "Rotation answers with a new full secret, different from the old one, and secret_hint then follows the new secret.",
  },
  {
    id: "webhooks.update-no-secret",
    section: "2.6",
    kind: "testable",
    assumption: "webhook.update",
    statement:
      "The full secret is present only at create and at rotation: the answer to a webhook update never carries it.",
  },
  {
    id: "webhooks.list-paged",
    section: "4",
    kind: "testable",
    statement: "GET /v1/webhooks answers a page of webhooks with limit 1..200 (201 is a 422).",
  },
  {
    id: "webhooks.url-private-refused",
    section: "6.1",
    kind: "testable",
    assumption: "webhook.create",
    statement:
      "A webhook URL on a private address (10/8, 172.16/12, 192.168/16, 100.64/10, fc00::/7), in any notation (decimal, hex, octal, short, IPv4-mapped IPv6), is refused at save time.",
  },
  {
    id: "webhooks.url-internal-refused",
    section: "6.1",
    kind: "testable",
    assumption: "webhook.create",
    statement:
      "A webhook URL on an internal address (loopback, link-local, localhost, 0/8, multicast, reserved, a single-label name), in any notation, or with a scheme other than http(s), is refused at save time.",
  },
  {
    id: "webhooks.url-metadata-refused",
    section: "6.1",
    kind: "testable",
    assumption: "webhook.create",
    statement:
      "A webhook URL on a cloud-metadata address (169.254.169.254, fd00:ec2::254, metadata.google.internal) is refused at save time.",
  },
  {
    id: "webhooks.url-refused-on-update",
    section: "6.1",
    kind: "testable",
    assumption: "webhook.update",
    statement: "Changing a webhook's URL to a private, internal or cloud-metadata address is refused too.",
  },
  {
    id: "webhooks.url-public-accepted",
    section: "2.6",
    kind: "testable",
    assumption: "webhook.create",
    statement: "A webhook URL on a public address is accepted.",
  },
  {
    id: "webhooks.delete-ok",
    section: "2.7",
    kind: "testable",
    assumption: "webhook.delete",
    statement: "Deleting a webhook returns {ok: true}, and it is then gone from GET /v1/webhooks.",
  },
  {
    id: "webhooks.event-types-shape",
    section: "4",
    kind: "testable",
    statement: "GET /v1/webhooks/event-types answers {all: [...], live: [...]}, both arrays of string.",
  },
  {
    id: "webhooks.event-types-all",
    section: "6.1",
    kind: "testable",
    statement:
      "`all` holds every event type: session.queued, session.started, session.in_progress, recording.ready, session.completed, batch.completed, webhook.test.",
  },
  {
    id: "webhooks.event-types-live-subset",
    section: "4",
    kind: "testable",
    statement: "`live` is a subset of `all`.",
  },
  {
    id: "webhooks.subscription-accepts-all",
    section: "4",
    kind: "testable",
    assumption: "webhook.create",
    statement: "Every string of `all` is accepted in subscribed_events.",
  },
  {
    id: "webhooks.subscription-rejects-unknown",
    section: "4",
    kind: "testable",
    assumption: "webhook.create",
    statement: "A subscribed_events string that is not in `all` is refused.",
  },
  {
    id: "webhooks.live-gates-listing-only",
    section: "4",
    kind: "needs-test-control",
    assumption: "webhook.create",
    statement:
      "An event type in `all` but not in `live` is still delivered to a subscribed webhook (`live` gates only the listing).",
  },
  {
    id: "webhooks.deliveries-paged",
    section: "4",
    kind: "testable",
    assumption: "webhook.create",
    statement: "GET /v1/webhooks/{webhook_id}/deliveries answers a page envelope.",
  },
  {
    id: "webhooks.deliveries-unknown-404",
    section: "7",
    kind: "testable",
    statement: "The deliveries log of a webhook not in the workspace is a 404.",
  },
  {
    id: "webhooks.deliveries-log-failures",
    section: "6.1",
    kind: "needs-wiring",
    assumption: "webhook.create",
    statement:
      "A failed delivery is recorded in GET /v1/webhooks/{webhook_id}/deliveries, so missed events can be found there.",
  },
  {
    id: "webhooks.last-delivery-fields",
    section: "2.6",
    kind: "needs-wiring",
    assumption: "webhook.get",
    statement: "After a delivery, last_delivered_at and last_status report it.",
  },
  {
    id: "webhooks.test-fire-inline",
    section: "6.1",
    kind: "needs-wiring",
    assumption: "webhook.test",
    statement: "Test-fire returns the result inline as {webhook_id, status, status_code, error}.",
  },
  {
    id: "webhooks.test-fire-ignores-filter",
    section: "6.1",
    kind: "needs-wiring",
    assumption: "webhook.test",
    statement: "Test-fire delivers webhook.test even to a webhook whose subscribed_events does not list it.",
  },
  {
    id: "webhooks.test-fire-disabled-400",
    section: "6.1",
    kind: "testable",
    assumption: "webhook.test",
    statement: "Test-fire on a disabled webhook is a 400 with the message `webhook is disabled`.",
  },
  {
    id: "webhooks.delivery-record-fields",
    section: "2.13",
    kind: "not-shown",
    statement: "Fields of a webhook delivery record: not shown.",
  },
  {
    id: "webhooks.states",
    section: "3.3",
    kind: "not-shown",
    statement: "States and transitions of webhooks: not shown.",
  },
  {
    id: "webhooks.management-paths",
    section: "4.1",
    kind: "not-shown",
    statement:
      "Paths and bodies of webhook create, update, rotate-secret, delete and test-fire: not shown (profile: webhook.create, webhook.update, webhook.rotate-secret, webhook.delete, webhook.test).",
  },
  {
    id: "webhooks.signature-headers",
    section: "6.1",
    kind: "not-shown",
    assumption: "webhook_signature",
    statement: "Names of the three signature headers and the exact signing recipe: not shown.",
  },
];
