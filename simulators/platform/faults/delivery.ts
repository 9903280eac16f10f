// Planted faults that break delivery clauses (spec/clauses/delivery.ts), checked by suites/delivery.suite.ts.
import type { FaultSpec } from "./fault.ts";

export const deliveryFaults = {
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
  "webhook-hex-secret-keyed-as-base64": {
    description:
      "secrets are whsec_ + the hex of 32 bytes (supplied ones too), but deliveries are signed with the base64 reading of that text (48 bytes), as a Standard Webhooks library handed the hex secret would: the key is not the secret's 32 bytes",
    clauses: ["delivery.signature-valid", "delivery.signature-supplied-secret"],
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
  "webhook-url-trailing-slash": {
    description:
      "delivery normalises the webhook URL like a base URL, appending a trailing slash to its path: the POST goes to /hooks/x/, not /hooks/x",
    clauses: ["delivery.http-post"],
  },
  "webhook-content-type-text-plain": {
    description:
      "deliveries carry Content-Type text/plain;charset=UTF-8, the type fetch gives a string body nobody typed, instead of application/json",
    clauses: ["delivery.content-type"],
  },
} as const satisfies Record<string, FaultSpec>;
