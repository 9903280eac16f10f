// The calls endpoints (4): web call token, one outbound call, call batches (2.12), the call list, and
// the call session record. Bodies and the record beyond the named fields are not shown (2.13, 4.1):
// what is marked "profile" is the default profile's assumption.
import { z } from "zod";
import { AgentConfig, AgentOverride } from "./agent.ts";
import { Timestamp, Uuid } from "./common.ts";
import { E164 } from "./telephony.ts";

const Vars = z.record(z.string(), z.unknown());

/**
 * Exactly one of `keys` present, as JSON Schema keywords: the OpenAPI document states the rule, and the platform
 * checks it where it resolves the agent a call runs (a 422 naming the field), not in the zod schema.
 */
const exactlyOne = (...keys: string[]) => ({ oneOf: keys.map((key) => ({ required: [key] })) });

/**
 * 2.12 agent_team member: an agent, stored or inline. The reference refuses a member naming neither or both
 * (a 422 naming the member), checked here so the OpenAPI document states what is checked.
 */
const TeamMember = z
  .object({
    name: z.string().min(1),
    agent: AgentConfig.optional(),
    agent_id: Uuid.optional(),
    agent_override: AgentOverride.optional(),
    agent_version: z.int().min(1).optional(),
  })
  .refine((member) => (member.agent === undefined) !== (member.agent_id === undefined), {
    message: "give exactly one of agent_id or agent",
  })
  .meta(exactlyOne("agent_id", "agent"));

/** 2.12 agent_team: the first member answers. */
export const AgentTeam = z.object({ members: z.array(TeamMember).min(1).max(20) });

/** POST /v1/calls/token (4): a stored agent, a whole inline agent, or a team, with optional override. */
export const CallTokenBody = z
  .object({
    agent_id: Uuid.optional(),
    agent_version: z.int().min(1).optional(),
    agent: AgentConfig.optional(),
    agent_override: AgentOverride.optional(),
    agent_team: AgentTeam.optional(),
    vars: Vars.optional(),
  })
  .meta(exactlyOne("agent_id", "agent", "agent_team"));

/** Profile: the token answer. The token is a signed JWT; its lifetime is not shown (8). */
export const CallToken = z.object({
  token: z.string().min(1),
  session_id: Uuid,
  room: z.string().min(1),
  expires_at: Timestamp,
});
export type CallToken = z.infer<typeof CallToken>;

/** POST /v1/calls/outbound (brief fields; contact_key and userdata are the profile's additions). */
export const OutboundCallBody = z.object({
  from_phone_number_id: Uuid,
  to: E164,
  agent_id: Uuid,
  agent_version: z.int().min(1).optional(),
  agent_override: AgentOverride.optional(),
  vars: Vars.optional(),
  /** What GET /v1/calls?contact_key= finds the call by; defaults to `to`. */
  contact_key: z.string().min(1).max(200).optional(),
  userdata: Vars.optional(),
});

/** "HH:MM", 24-hour, local to the batch timezone. */
const ClockTime = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, "must be a time of day HH:MM");

/**
 * IANA zone names the runtime knows (e.g. Europe/Paris, Etc/GMT-3, UTC). The document lists the runtime's
 * canonical names; the runtime also takes their aliases.
 */
export const TimeZone = z
  .string()
  .refine((zone) => {
    try {
      new Intl.DateTimeFormat("en-US", { timeZone: zone });
      return true;
    } catch {
      return false;
    }
  }, "must be an IANA time zone such as Europe/Paris")
  .meta({ enum: [...new Set([...supportedTimeZones(), "UTC"])].sort() });

/**
 * The zones this Node knows. Intl.supportedValuesOf is ES2022, while the k6 side type-checks the schemas it
 * imports types from against ES2020 (load/tsconfig.json); the schemas themselves only ever run in Node.
 */
function supportedTimeZones(): string[] {
  return (Intl as unknown as { supportedValuesOf(key: "timeZone"): string[] }).supportedValuesOf("timeZone");
}

export const CallingWindow = z.object({
  start: ClockTime,
  end: ClockTime,
  /** ISO weekdays: 1 is Monday, 7 is Sunday. */
  days: z.array(z.int().min(1).max(7)).min(1).max(7),
});
export type CallingWindow = z.infer<typeof CallingWindow>;

/** 2.12. Limits of the scheduling fields are not shown (8); these are the reference platform's. */
export const CallBatchBody = z
  .object({
    from_phone_number_id: Uuid,
    name: z.string().min(1).max(200).optional(),
    recipients: z
      .array(z.object({ to: E164, userdata: Vars.optional() }))
      .min(1)
      .max(10_000),
    timezone: TimeZone.optional(),
    agent: AgentConfig.optional(),
    agent_id: Uuid.optional(),
    agent_override: AgentOverride.optional(),
    agent_team: AgentTeam.optional(),
    agent_version: z.int().min(1).optional(),
    calling_window: CallingWindow.optional(),
    max_attempts: z.int().min(1).max(10).optional(),
    max_concurrency: z.int().min(1).max(100).optional(),
    retry_after_minutes: z.int().min(0).max(10_080).optional(),
    start_at: Timestamp.optional(),
    vars: Vars.optional(),
  })
  .meta(exactlyOne("agent_id", "agent", "agent_team"));
export type CallBatchBody = z.infer<typeof CallBatchBody>;

export const BatchStatus = z.enum(["scheduled", "running", "paused", "completed", "cancelled", "failed"]);
export type BatchStatus = z.infer<typeof BatchStatus>;

/** Profile: the batch create answer and GET of one batch (2.13: not shown). */
export const CallBatch = z.object({
  id: Uuid,
  name: z.string(),
  status: BatchStatus,
  from_phone_number_id: Uuid,
  timezone: z.string(),
  max_attempts: z.int(),
  max_concurrency: z.int(),
  retry_after_minutes: z.int(),
  calling_window: CallingWindow.nullable(),
  start_at: Timestamp.nullable(),
  created_at: Timestamp,
  completed_at: Timestamp.nullable(),
  recipients_total: z.int(),
  counts: z.object({ pending: z.int(), in_progress: z.int(), reached: z.int(), unreached: z.int() }),
});
export type CallBatch = z.infer<typeof CallBatch>;

/**
 * A batch as the checks read it (through the profile's field map and words): its id and status; the rest of the
 * reference's record a server may leave out (2.13: the create answer is not shown).
 */
export const CallBatchRead = CallBatch.partial().required({ id: true, status: true });
export type CallBatchRead = z.infer<typeof CallBatchRead>;

/** GET /v1/calls filters (4): a start window, contact_key, batch_id. */
export const CallsQuery = z.object({
  start: Timestamp.optional(),
  end: Timestamp.optional(),
  contact_key: z.string().min(1).optional(),
  batch_id: Uuid.optional(),
});

// --- the session record (profile; 2.13 names only the groups of the completed-session payload) -------

/** Four fields, no link to the media (6.1). */
export const MediaRecording = z.strictObject({
  available: z.boolean(),
  duration_seconds: z.number().nullable(),
  format: z.string().nullable(),
  size_bytes: z.int().nullable(),
});

export const TranscriptRow = z.object({ role: z.string(), text: z.string(), at: Timestamp });

/** The three telephony fields: present on phone and web calls (null where unknown), absent on text (6.1). */
export const TELEPHONY_FIELDS = ["from_number", "to_number", "phone_number_id"] as const;

export const CallSession = z.object({
  // identity
  session_id: Uuid,
  agent_id: Uuid.nullable(),
  agent_version: z.int().nullable(),
  batch_id: Uuid.nullable(),
  contact_key: z.string().nullable(),
  // the call itself
  channel: z.enum(["phone", "web", "text"]),
  direction: z.enum(["outbound", "inbound", "web", "text"]),
  status: z.enum(["queued", "ringing", "in_progress", "ended"]),
  close_reason: z.string().nullable(),
  created_at: Timestamp,
  started_at: Timestamp.nullable(),
  ended_at: Timestamp.nullable(),
  duration_seconds: z.number().nullable(),
  from_number: z.string().nullable().optional(),
  to_number: z.string().nullable().optional(),
  phone_number_id: Uuid.nullable().optional(),
  // what tools confirmed, and separately what a model inferred
  userdata: z.record(z.string(), z.unknown()),
  analysis: z.record(z.string(), z.unknown()).nullable(),
  transcript: z.array(TranscriptRow),
  cost: z.record(z.string(), z.unknown()).nullable(),
  recording: MediaRecording,
  screen_recording: MediaRecording,
  transfer: z.record(z.string(), z.unknown()).nullable(),
});
export type CallSession = z.infer<typeof CallSession>;

/**
 * A session as the checks read it (through the profile's field map and words): `channel` and `direction` are
 * whatever words the server uses, since no check reads them (2.13: the record's fields are not shown), and a
 * transcript row holds what it holds (6.1: its fields are not shown): the one check that reads a row's time
 * asks for it there.
 */
export const CallSessionRead = CallSession.extend({
  channel: z.string(),
  direction: z.string(),
  transcript: z.array(TranscriptRow.partial().loose()),
});
export type CallSessionRead = z.infer<typeof CallSessionRead>;
