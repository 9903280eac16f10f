// 2.6 the webhook resource, 4 the event-types listing, 6.1 the delivery envelope and the test-fire result.
// What the spec leaves open is filled from the profile (spec/profile.ts): the create/update bodies (4.1),
// the envelope fields beyond type and agent_id (6.1) and the fields of a delivery record (2.13).
import { z } from "zod";
import { httpUrl, notClearable, Timestamp, Uuid } from "./common.ts";
import { SECRET_PATTERN_ANY } from "./webhook-secret.ts";

/** 6.1: every event type a subscription accepts. */
export const EVENT_TYPES = [
  "session.queued",
  "session.started",
  "session.in_progress",
  "recording.ready",
  "session.completed",
  "batch.completed",
  "webhook.test",
] as const;
export const EventType = z.enum(EVENT_TYPES);
export type EventType = z.infer<typeof EventType>;

/** 2.6 as read (list, get, update): the secret only as its last four characters. */
export const Webhook = z.object({
  id: Uuid,
  url: z.string(),
  status: z.string(),
  subscribed_events: z.array(z.string()),
  secret_hint: z.string(),
  /**
   * Before a first delivery: null here, or left out. 2.6 gives the type, not the value before one, and no presence
   * rule (the spec says "always present" of the page envelope, 2.1, and the error body, 7, not of a record).
   */
  last_delivered_at: Timestamp.nullish(),
  last_status: z.string().nullish(),
  created_at: Timestamp,
  updated_at: Timestamp,
});
export type Webhook = z.infer<typeof Webhook>;

/** 2.6: the create and rotate-secret answers carry the full secret too. */
export const WebhookWithSecret = Webhook.extend({ secret: z.string() });
export type WebhookWithSecret = z.infer<typeof WebhookWithSecret>;

/**
 * A webhook as the checks that are not about its shape read it (the shape is webhooks.shape's): whatever the
 * server gives of it, with an id to address it by.
 */
export const WebhookRead = Webhook.partial().extend({ id: z.string() });
export type WebhookRead = z.infer<typeof WebhookRead>;

/** A create or rotate-secret answer as those checks read it: an id and the full secret (2.6). */
export const WebhookWithSecretRead = WebhookRead.extend({ secret: z.string() });
export type WebhookWithSecretRead = z.infer<typeof WebhookWithSecretRead>;

/** Profile (4.1): status values a webhook can be given; update can disable one. */
export const WebhookStatus = z.enum(["active", "disabled"]);
export type WebhookStatus = z.infer<typeof WebhookStatus>;

/**
 * One entry of a subscription: 6.1 lists the event types. The reference refuses an unknown one with a 422 naming
 * the entry after parsing (simulators/platform/routes/webhooks.ts); the enum states that in the OpenAPI document.
 */
const SubscribedType = z
  .string()
  .max(100)
  .meta({ enum: [...EVENT_TYPES] });

/** Profile (4.1): POST /v1/webhooks. An omitted secret is generated. */
export const WebhookCreate = z.strictObject({
  url: httpUrl(),
  subscribed_events: z.array(SubscribedType).max(50).default([]),
  /** A caller's own secret (2.6), refused with a 422 after parsing unless shaped as a generated one is. */
  secret: z.string().max(200).meta({ pattern: SECRET_PATTERN_ANY }).optional(),
  status: WebhookStatus.default("active"),
});
export type WebhookCreate = z.infer<typeof WebhookCreate>;

/**
 * Profile (4.1): PATCH /v1/webhooks/{id} merges (4); subscribed_events sent as null is cleared to the empty
 * list (every type, 2.6). url and status have no cleared state: a webhook without a URL has nowhere to
 * deliver, and a null status read as the default would re-enable a disabled webhook.
 */
export const WebhookUpdate = z.strictObject({
  url: httpUrl(undefined, notClearable("a webhook needs a URL to deliver to")).optional(),
  subscribed_events: z.array(SubscribedType).max(50).nullable().optional(),
  status: z.enum(WebhookStatus.options, notClearable("send active or disabled")).optional(),
});
export type WebhookUpdate = z.infer<typeof WebhookUpdate>;

/** 4: GET /v1/webhooks/event-types; live is a subset of all (a server may say more beside them). */
export const EventTypes = z.object({ all: z.array(z.string()), live: z.array(z.string()) });
export type EventTypes = z.infer<typeof EventTypes>;

/**
 * 6.1: one envelope for every type; fields beyond type and agent_id are not shown, and the profile's are these
 * (a server may carry more: "Envelope fields beyond type and agent_id: not shown").
 */
export const WebhookEnvelope = z.object({
  id: z.string(),
  type: z.string(),
  created_at: Timestamp,
  agent_id: z.string().nullable(),
  data: z.record(z.string(), z.unknown()),
});
export type WebhookEnvelope = z.infer<typeof WebhookEnvelope>;

/** 6.1: the webhook.test payload. */
export const TestPayload = z.object({ message: z.string(), webhook_id: Uuid });

/** 6.1: test-fire answers the attempt inline (a server may say more). Success: a 2xx status_code and no error. */
export const TestFireResult = z.object({
  webhook_id: Uuid,
  status: z.string(),
  status_code: z.int().nullable(),
  error: z.string().nullable(),
});
export type TestFireResult = z.infer<typeof TestFireResult>;

/**
 * A test-fire result as the checks read it: a null status_code or error may be left out, and reads as null (6.1
 * names the four fields; the spec says "always present" only of the page envelope and the error body).
 */
export const TestFireResultRead = TestFireResult.extend({
  status_code: z
    .int()
    .nullish()
    .transform((code) => code ?? null),
  error: z
    .string()
    .nullish()
    .transform((error) => error ?? null),
});

/** Profile (2.13): one attempt in GET /v1/webhooks/{id}/deliveries, newest first. */
export const DeliveryRecord = z.object({
  id: z.string(),
  /** The envelope id of the event delivered. */
  event_id: z.string(),
  type: z.string(),
  status: z.enum(["succeeded", "failed"]),
  /** The receiver's HTTP status; null when no answer came (refused, blocked, timed out). */
  status_code: z.int().nullable(),
  error: z.string().nullable(),
  attempted_at: Timestamp,
  duration_ms: z.int(),
});
export type DeliveryRecord = z.infer<typeof DeliveryRecord>;

/** A delivery row as the checks read it (through the profile's field map and words): what the server gives of it. */
export const DeliveryRecordRead = DeliveryRecord.partial();
export type DeliveryRecordRead = z.infer<typeof DeliveryRecordRead>;
