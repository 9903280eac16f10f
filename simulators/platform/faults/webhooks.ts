// Planted faults that break webhooks clauses (spec/clauses/webhooks.ts), checked by suites/webhooks.suite.ts.
import type { FaultSpec } from "./fault.ts";

export const webhooksFaults = {
  "deliveries-bare-array": {
    description: "GET /v1/webhooks/{id}/deliveries answers the rows as a bare array, without the page envelope",
    clauses: ["webhooks.deliveries-paged"],
  },
  "webhook-secret-on-read": {
    description: "the webhook serializer keeps the secret field, so GET and the list return the full secret",
    clauses: ["webhooks.get-hint-only", "webhooks.list-hint-only"],
  },
  "webhook-update-echoes-secret": {
    description:
      "PATCH /v1/webhooks/{id} answers with the create/rotate serializer, so the update carries the full secret",
    clauses: ["webhooks.update-no-secret"],
  },
  "webhook-hint-first-four": {
    description: "secret_hint is the first four characters of the secret (always `whse`) instead of the last four",
    clauses: ["webhooks.secret-hint-last-four"],
  },
  "webhook-record-without-updated-at": {
    description:
      "the webhook serializer leaves out updated_at, which every webhook has (2.6), on create, read, list and update answers",
    clauses: ["webhooks.shape"],
  },
  "webhook-secret-16-bytes": {
    description: "generated and rotated secrets are whsec_ + base64 of 16 random bytes instead of 32",
    clauses: ["webhooks.secret-format", "webhooks.rotate-new-secret"],
  },
  "webhook-supplied-secret-any-form": {
    description: "a secret supplied at create is kept whatever its form (whsec_ + 16 bytes, or no whsec_ at all)",
    clauses: ["webhooks.secret-supplied-form"],
  },
  "webhook-secret-per-workspace": {
    description: "the generated secret is an HMAC of the workspace id, so every webhook of a workspace shares it",
    clauses: ["webhooks.secret-random"],
  },
  "webhook-url-loopback-allowed": {
    description: "the URL blocklist leaves out loopback (127/8, ::1, localhost)",
    clauses: ["webhooks.url-internal-refused"],
  },
  "webhook-url-ipv4-mapped-allowed": {
    description: "IPv6 addresses are checked against a range blocklist without unwrapping ::ffff:a.b.c.d",
    clauses: ["webhooks.url-internal-refused", "webhooks.url-private-refused"],
  },
  "webhook-url-link-local-allowed": {
    description: "the URL blocklist covers RFC 1918 and loopback but not link-local, so 169.254.169.254 passes",
    clauses: ["webhooks.url-metadata-refused", "webhooks.url-internal-refused"],
  },
  "webhook-url-numeric-host-allowed": {
    description: "the host is cut from the URL text by a regex, so 2130706433, 0x7f000001 and 127.1 read as names",
    clauses: ["webhooks.url-internal-refused"],
  },
  "webhook-url-update-unchecked": {
    description: "the public-address check runs on create only; PATCH stores any URL",
    clauses: ["webhooks.url-refused-on-update"],
  },
  "webhook-unknown-event-accepted": {
    description: "subscribed_events is stored without checking the names against the event types",
    clauses: ["webhooks.subscription-rejects-unknown"],
  },
  "webhook-live-not-subset": {
    description: "event-types `live` lists an internal worker event name that is not in `all`",
    clauses: ["webhooks.event-types-live-subset"],
  },
  "webhook-delivery-gated-by-live": {
    description: "delivery drops event types that are not in the `live` listing",
    clauses: ["webhooks.live-gates-listing-only"],
  },
  "webhook-failures-not-logged": {
    description: "only successful deliveries are written to the delivery log",
    clauses: ["webhooks.deliveries-log-failures"],
  },
  "webhook-test-fire-queued": {
    description: "test-fire queues the delivery and answers 202 {ok: true} at once: the result is never inline",
    clauses: ["webhooks.test-fire-inline"],
  },
  "webhook-test-fire-honours-filter": {
    description:
      "test-fire goes through the subscription filter, so a webhook not subscribed to webhook.test gets nothing",
    clauses: ["webhooks.test-fire-ignores-filter"],
  },
  "webhook-disabled-test-fired": {
    description: "test-fire does not look at the webhook's status and delivers to a disabled webhook",
    clauses: ["webhooks.test-fire-disabled-400"],
  },
  "webhook-create-without-secret": {
    description:
      "POST /v1/webhooks answers with the read serializer: secret_hint only, so the generated secret is never shown",
    clauses: ["webhooks.secret-at-create"],
  },
  "webhook-supplied-secret-ignored": {
    description: "a secret supplied at create is validated, then a generated one is stored and answered in its place",
    clauses: ["webhooks.secret-caller-supplied"],
  },
  "webhook-list-paging-from-params": {
    description:
      "GET /v1/webhooks parses its paging from the path parameters (none) instead of the query: limit and offset are ignored, so limit=201 is a 200",
    clauses: ["webhooks.list-paged"],
  },
  "webhook-url-ipv6-refused": {
    description:
      "the save-time check reads url.hostname as a name or a dotted quad, so a bracketed IPv6 literal (even a public one) is refused as unreadable",
    clauses: ["webhooks.url-public-accepted"],
  },
  "webhook-delete-soft": {
    description:
      "DELETE /v1/webhooks/{id} answers {ok: true} but only disables the row and keeps it (a soft delete nothing filters), so it is still listed",
    clauses: ["webhooks.delete-ok"],
  },
  "webhook-all-is-live": {
    description:
      "event-types serves `all` from the same list as `live`, so recording.ready (accepted, not live) is missing from it",
    clauses: ["webhooks.event-types-all"],
  },
  "webhook-event-types-as-records": {
    description: "event-types lists each type as a {name} record instead of a string, in `all` and `live`",
    clauses: ["webhooks.event-types-shape"],
  },
  "webhook-subscription-checked-against-live": {
    description:
      "subscribed_events is checked against the `live` listing, so recording.ready (in `all`, not live) is refused with a 422",
    clauses: ["webhooks.subscription-accepts-all"],
  },
  "deliveries-unknown-webhook-empty": {
    description:
      "GET /v1/webhooks/{id}/deliveries reads the log by the path's id without looking the webhook up: an unknown id answers an empty page",
    clauses: ["webhooks.deliveries-unknown-404"],
  },
  "webhook-test-fire-not-tracked": {
    description:
      "only the event worker sets last_delivered_at and last_status: a test-fire's delivery is logged but leaves them null",
    clauses: ["webhooks.last-delivery-fields"],
  },
} as const satisfies Record<string, FaultSpec>;
