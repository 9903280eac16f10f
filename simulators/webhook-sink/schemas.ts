// Wire shapes of the webhook sink: a hook's behaviour, a recorded delivery, and the admin answers.
import { z } from "zod";
import { SecretEncoding } from "../../spec/webhook-secret.ts";

/** A URL path segment as is; `.` and `..` are refused, since a client resolves them away (`/hooks/..` is `/`). */
export const HookName = z
  .string()
  .regex(/^[A-Za-z0-9._~-]{1,100}$/, "must be 1 to 100 letters, digits, dots, dashes, underscores or tildes")
  .refine((name) => name !== "." && name !== "..", "must not be . or .., which a URL resolves away");

/** PUT /_admin/hooks/{name}. The secret is checked apart, so no message can ever echo it. */
export const HookConfigBody = z.strictObject({
  status: z.int().min(200).max(599).default(200),
  /** Real milliseconds to wait before answering. */
  delay_ms: z.int().min(0).max(60_000).default(0),
  /** Answer a redirect (the status if it is 3xx, else 307) with this Location. */
  redirect_to: z.string().min(1).max(2_000).optional(),
  /** whsec_ + 32 bytes: deliveries are verified as Standard Webhooks, keyed with those bytes. */
  secret: z.string().optional(),
  /** How the secret's bytes are written (2.6: not shown; a profile's `webhook_signature.secret_encoding`). */
  secret_encoding: SecretEncoding.default("any"),
  /**
   * What the sender names Standard Webhooks' three headers (6.1: their names are not shown; a profile's
   * `webhook_signature`): webhook-id, webhook-timestamp and webhook-signature unless given.
   */
  signature_headers: z
    .strictObject({ id: z.string().min(1), timestamp: z.string().min(1), signature: z.string().min(1) })
    .optional(),
});
export type HookConfigInput = z.input<typeof HookConfigBody>;

export const HookView = z.object({
  name: z.string(),
  status: z.int(),
  delay_ms: z.int(),
  redirect_to: z.string().nullable(),
  secret_set: z.boolean(),
  deliveries: z.int(),
});
export type HookView = z.infer<typeof HookView>;

export const DeliveryState = z.enum(["pending", "answered", "client-aborted"]);

export const Delivery = z.object({
  /** Sink-wide arrival order. */
  id: z.int(),
  hook: z.string(),
  /** Arrival order within the hook, from 1. */
  seq: z.int(),
  method: z.string(),
  /** Path and query as received. */
  url: z.string(),
  /** Lower-cased names; repeated headers joined by ", " (Node's rule). */
  headers: z.record(z.string(), z.string()),
  /** Names as sent, in order, repeats kept. */
  raw_headers: z.array(z.tuple([z.string(), z.string()])),
  body_base64: z.string(),
  /** The body decoded as UTF-8 (lossy when it is not UTF-8; base64 is exact). */
  body_text: z.string(),
  body_bytes: z.int(),
  received_at: z.iso.datetime(),
  received_wall_ms: z.number(),
  /** performance.now() of the sink's process: monotonic, for durations. */
  received_mono_ms: z.number(),
  /** The sender's delivery id: its id header (signature_headers.id, else webhook-id). */
  webhook_id: z.string().nullable(),
  /** null when the hook has no secret. */
  signature_valid: z.boolean().nullable(),
  signature_error: z.string().nullable(),
  response: z.object({ status: z.int(), location: z.string().nullable(), delay_ms: z.int() }),
  /** pending until the answer went out (answered) or the client hung up first (client-aborted). */
  state: DeliveryState,
  settled_mono_ms: z.number().nullable(),
  client_aborted: z.boolean(),
});
export type Delivery = z.infer<typeof Delivery>;

export const DeliveryList = z.object({
  hook: z.string(),
  count: z.int(),
  /** Deliveries per webhook-id header: more than one means the sender retried. */
  by_webhook_id: z.record(z.string(), z.int()),
  deliveries: z.array(Delivery),
});
export type DeliveryList = z.infer<typeof DeliveryList>;

/** Only deliveries after this per-hook `seq` are listed and counted: a reader that keeps its place reads each once. */
const AfterSeq = z.coerce.number().int().min(0).default(0);

export const ListQuery = z.object({ after_seq: AfterSeq });

export const WaitQuery = z.object({
  count: z.coerce.number().int().min(1).max(100_000).default(1),
  after_seq: AfterSeq,
  timeout_ms: z.coerce.number().int().min(0).max(30_000).default(5_000),
  /** Also wait until those deliveries are settled (answered or abandoned by the client). */
  settled: z
    .enum(["true", "false", "1", "0"])
    .default("false")
    .transform((value) => value === "true" || value === "1"),
  /** Only deliveries whose body contains this text count and are answered (a session id, say). */
  contains: z.string().min(1).max(200).optional(),
});
export type WaitOptions = { count: number; timeoutMs: number; settled?: boolean; afterSeq?: number; contains?: string };

export const WaitResult = DeliveryList.extend({ satisfied: z.boolean(), waited_ms: z.number() });
export type WaitResult = z.infer<typeof WaitResult>;
