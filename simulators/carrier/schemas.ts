// Wire shapes of the carrier simulator: the Twilio-shaped resources it answers, the admin bodies it
// accepts and the witness it reports. Types are inferred from these; nothing is written twice.
import { z } from "zod";

/** E.164: a plus, a non-zero digit, at most 15 digits in all. */
export const E164 = z.string().regex(/^\+[1-9]\d{1,14}$/, "must be an E.164 number such as +14155550100");

export const API_VERSION = "2010-04-01";

/** Statuses a call resource can hold (Twilio's CallStatus). */
export const CallStatus = z.enum([
  "queued",
  "ringing",
  "in-progress",
  "completed",
  "busy",
  "failed",
  "no-answer",
  "canceled",
]);
export type CallStatus = z.infer<typeof CallStatus>;
export const TERMINAL_STATUSES: ReadonlySet<CallStatus> = new Set([
  "completed",
  "busy",
  "failed",
  "no-answer",
  "canceled",
]);

/** Status callbacks also report `initiated`, which a call resource never shows (it stays `queued`). */
export const CallbackStatus = z.enum([...CallStatus.options, "initiated"]);
export type CallbackStatus = z.infer<typeof CallbackStatus>;

/** The StatusCallbackEvent names a dial may subscribe to; `completed` covers every terminal status. */
export const CallbackEvent = z.enum(["initiated", "ringing", "answered", "completed"]);
export type CallbackEvent = z.infer<typeof CallbackEvent>;

export const TwilioErrorBody = z.object({
  code: z.int(),
  message: z.string(),
  more_info: z.string(),
  status: z.int(),
});
export type TwilioErrorBody = z.infer<typeof TwilioErrorBody>;

export const CallResource = z.object({
  sid: z.string().regex(/^CA[0-9a-f]{32}$/),
  account_sid: z.string(),
  parent_call_sid: z.null(),
  to: z.string(),
  to_formatted: z.string(),
  from: z.string(),
  from_formatted: z.string(),
  phone_number_sid: z.string().nullable(),
  status: CallStatus,
  direction: z.enum(["outbound-api", "inbound"]),
  answered_by: z.enum(["human", "machine_start"]).nullable(),
  date_created: z.string(),
  date_updated: z.string(),
  start_time: z.string().nullable(),
  end_time: z.string().nullable(),
  /** Whole seconds, as a string, once the call ended. */
  duration: z.string().nullable(),
  price: z.null(),
  price_unit: z.literal("USD"),
  queue_time: z.string(),
  caller_name: z.null(),
  forwarded_from: z.null(),
  api_version: z.literal(API_VERSION),
  uri: z.string(),
});
export type CallResource = z.infer<typeof CallResource>;

export const IncomingPhoneNumber = z.object({
  sid: z.string().regex(/^PN[0-9a-f]{32}$/),
  account_sid: z.string(),
  friendly_name: z.string(),
  phone_number: E164,
  voice_url: z.string().nullable(),
  voice_method: z.enum(["GET", "POST"]),
  status_callback: z.string().nullable(),
  status_callback_method: z.enum(["GET", "POST"]),
  capabilities: z.object({ voice: z.boolean(), sms: z.boolean(), mms: z.boolean(), fax: z.boolean() }),
  status: z.literal("in-use"),
  origin: z.literal("twilio"),
  date_created: z.string(),
  date_updated: z.string(),
  api_version: z.literal(API_VERSION),
  uri: z.string(),
});
export type IncomingPhoneNumber = z.infer<typeof IncomingPhoneNumber>;

/** Twilio's 2010 list envelope: 0-based `page`, `page_size`, and page URIs. */
export const IncomingPhoneNumbersPage = z.object({
  incoming_phone_numbers: z.array(IncomingPhoneNumber),
  page: z.int(),
  page_size: z.int(),
  start: z.int(),
  end: z.int(),
  uri: z.string(),
  first_page_uri: z.string(),
  next_page_uri: z.string().nullable(),
  previous_page_uri: z.string().nullable(),
});
export type IncomingPhoneNumbersPage = z.infer<typeof IncomingPhoneNumbersPage>;

// --- scripted outcomes -------------------------------------------------------------------------

/** `hold` answers and never ends by itself: the call stays in progress until hung up. */
export const OutcomeName = z.enum(["answer", "voicemail", "busy", "no-answer", "failed", "hold"]);
export type OutcomeName = z.infer<typeof OutcomeName>;

/** What one dial attempt does; durations are simulated milliseconds. */
export const OutcomeStep = z.strictObject({
  outcome: OutcomeName,
  /** Ringing before the answer (or before busy/failed). A ring at or past the dial's Timeout is no-answer. */
  ring_ms: z.int().min(0).max(86_400_000).optional(),
  /** Conversation length once answered. */
  talk_ms: z.int().min(0).max(86_400_000).optional(),
});
export type OutcomeStep = z.infer<typeof OutcomeStep>;

/** Attempt k (1-based) to a destination plays steps[k-1]; the last step repeats. */
export const Script = z.strictObject({ steps: z.array(OutcomeStep).min(1).max(100) });
export type Script = z.infer<typeof Script>;

/** An exact E.164 number, or a prefix ending with `*` (`+1666*`); exact beats prefix, longer prefix wins. */
export const ScriptKey = z
  .string()
  .regex(/^\+[1-9]\d{1,14}$|^\+\d{0,15}\*$/, "must be an E.164 number or a prefix ending with * such as +1666*");

// --- admin bodies ------------------------------------------------------------------------------

const HttpUrl = z.url({ protocol: /^https?$/, error: "must be an http or https URL" });

export const CreateAccountBody = z.strictObject({
  friendly_name: z.string().min(1).max(200).optional(),
  /** How many numbers to allocate to the new account right away. */
  numbers: z.int().min(0).max(1000).default(0),
});

export const SeedNumberBody = z.strictObject({
  /** Omitted: the next number of the deterministic +1 415 555 01xx sequence. */
  phone_number: E164.optional(),
  friendly_name: z.string().min(1).max(200).optional(),
  voice_url: HttpUrl.optional(),
  status_callback: HttpUrl.optional(),
});

export const InboundBody = z.strictObject({
  to: E164,
  from: E164,
  /** Conversation length once answered, simulated ms (default 10 s). */
  talk_ms: z.int().min(0).max(86_400_000).optional(),
});

// --- witness -----------------------------------------------------------------------------------

export const WitnessDial = z.object({
  call_sid: z.string(),
  account_sid: z.string(),
  from: z.string(),
  to: z.string(),
  /** 1-based count of dials to this destination since the last reset, this one included. */
  attempt: z.int(),
  outcome: OutcomeName,
  sim_ms: z.number(),
  real_ms: z.number(),
  status: CallStatus,
  answered_by: z.enum(["human", "machine_start"]).nullable(),
  ended_sim_ms: z.number().nullable(),
  ended_real_ms: z.number().nullable(),
  /** Who ended it: the scripted callee (`carrier`) or a hang-up request (`api`). */
  ended_by: z.enum(["carrier", "api"]).nullable(),
  duration_s: z.int().nullable(),
  status_callback: z.string().nullable(),
});
export type WitnessDial = z.infer<typeof WitnessDial>;

export const InboundOutcome = z.enum(["answered", "rejected", "failed", "no-voice-url"]);
export type InboundOutcome = z.infer<typeof InboundOutcome>;

export const WitnessInbound = z.object({
  call_sid: z.string(),
  account_sid: z.string(),
  from: z.string(),
  to: z.string(),
  sim_ms: z.number(),
  real_ms: z.number(),
  outcome: InboundOutcome,
  /** The voice_url's HTTP status, null when no answer came. */
  http_status: z.int().nullable(),
  /** Why: `reject:busy`, `http 500`, a network error... null when answered. */
  reason: z.string().nullable(),
  status: CallStatus,
});
export type WitnessInbound = z.infer<typeof WitnessInbound>;

export const WitnessCallback = z.object({
  call_sid: z.string(),
  url: z.string(),
  method: z.enum(["GET", "POST"]),
  call_status: CallbackStatus,
  sequence: z.int(),
  sim_ms: z.number(),
  real_ms: z.number(),
  ok: z.boolean(),
  http_status: z.int().nullable(),
  error: z.string().nullable(),
  elapsed_real_ms: z.number(),
});
export type WitnessCallback = z.infer<typeof WitnessCallback>;

export const ConcurrencyPoint = z.object({ sim_ms: z.number(), real_ms: z.number(), active: z.int() });

export const WitnessSnapshot = z.object({
  dials: z.array(WitnessDial),
  /** Dials per destination since the last reset. */
  attempts: z.record(z.string(), z.int()),
  /** Outbound calls between dial and terminal status. */
  concurrency: z.object({
    current: z.int(),
    peak: z.int(),
    peak_by_account: z.record(z.string(), z.int()),
    timeline: z.array(ConcurrencyPoint),
  }),
  /** Calls (either direction) not in a terminal status at the moment of the snapshot. */
  unfinished: z.array(
    z.object({
      call_sid: z.string(),
      direction: z.enum(["outbound-api", "inbound"]),
      to: z.string(),
      status: CallStatus,
    }),
  ),
  inbound: z.array(WitnessInbound),
  callbacks: z.array(WitnessCallback),
  callback_failures: z.array(WitnessCallback),
});
export type WitnessSnapshot = z.infer<typeof WitnessSnapshot>;
