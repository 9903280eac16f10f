// Faults in the webhook resource (2.6, 4) and in delivery on the wire (6.1).
import type { FaultSpec } from "./fault.ts";

export const webhooksFaults = {
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
  "webhook-secret-16-bytes": {
    description: "generated secrets are whsec_ + base64 of 16 random bytes instead of 32",
    clauses: ["webhooks.secret-format"],
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
  "webhook-test-fire-honours-filter": {
    description:
      "test-fire goes through the subscription filter, so a webhook not subscribed to webhook.test gets nothing",
    clauses: ["webhooks.test-fire-ignores-filter"],
  },
  "webhook-disabled-test-fired": {
    description: "test-fire does not look at the webhook's status and delivers to a disabled webhook",
    clauses: ["webhooks.test-fire-disabled-400"],
  },
  "webhook-dns-not-rechecked": {
    description: "delivery trusts the save-time check and connects wherever DNS points now (rebinding works)",
    clauses: ["delivery.blocked-at-delivery-time"],
  },
  "webhook-delivery-retried": {
    description: "a delivery answered 5xx or not at all is retried up to three times",
    clauses: ["delivery.single-attempt"],
  },
  "webhook-failed-replayed": {
    description: "a failed delivery is sent again a moment later",
    clauses: ["delivery.no-replay"],
  },
  "webhook-redirects-followed": {
    description: "delivery follows a 3xx Location like an HTTP client's default",
    clauses: ["delivery.redirect-not-followed"],
  },
  "webhook-3xx-success": {
    description: "any answer below 400 counts as a successful delivery",
    clauses: ["delivery.3xx-failure"],
  },
  "webhook-2xx-only-200": {
    description: "only a 200 answer counts as a successful delivery (202, 204 are failures)",
    clauses: ["delivery.2xx-success"],
  },
  "webhook-no-timeout": {
    description: "delivery waits 30 seconds for the receiver instead of five",
    clauses: ["delivery.timeout-5s"],
  },
  "webhook-signature-header-missing": {
    description: "deliveries carry webhook-id and webhook-timestamp but no webhook-signature",
    clauses: ["delivery.three-more-headers", "delivery.signature-valid"],
  },
  "webhook-signature-body-only": {
    description: "the signature is an HMAC of the body alone instead of id.timestamp.body",
    clauses: ["delivery.signature-valid"],
  },
  "webhook-timestamp-simulated": {
    description: "webhook-timestamp is taken from the simulated clock, so receivers reject it as stale or future",
    clauses: ["delivery.signature-valid"],
  },
  "webhook-rotation-keeps-old-key": {
    description: "signers are cached per webhook, so after rotation deliveries are still signed with the old secret",
    clauses: ["delivery.signature-after-rotation"],
  },
  "webhook-user-agent-default": {
    description: "deliveries say User-Agent service-webhook/1.0 instead of service-webhooks/1",
    clauses: ["delivery.user-agent"],
  },
  "webhook-test-own-envelope": {
    description: "test-fire posts its payload bare ({type, message, webhook_id}) instead of in the common envelope",
    clauses: ["delivery.same-envelope"],
  },
} as const satisfies Record<string, FaultSpec>;
