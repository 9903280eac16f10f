// 2.4 remote numbers, 2.5 phone numbers, 3.2 readiness; plus the default profile's shapes for what
// 4.1 leaves open (telephony accounts, the import_phone_numbers payload, assigning an inbound agent).
import { z } from "zod";
import { Timestamp, Uuid } from "./common.ts";

/** E.164: a plus, a non-zero digit, at most 15 digits in all. */
export const E164 = z.string().regex(/^\+[1-9]\d{1,14}$/, "must be an E.164 number such as +14155550100");

/** 3.2: the one answer users are shown; it collapses status, capability and routing. */
export const Readiness = z.enum(["live", "needs_agent", "needs_carrier_setup", "setting_up", "error", "disabled"]);
export type Readiness = z.infer<typeof Readiness>;

/** 2.4: a number the carrier account owns, read live from the carrier. */
export const RemoteNumber = z.object({
  e164: E164,
  already_imported: z.boolean(),
  label: z.string(),
  provider_number_id: z.string(),
});
export type RemoteNumber = z.infer<typeof RemoteNumber>;

/** 2.5. Nullability is not shown: inbound_agent_id is null while no agent answers the number, label once
 * a PATCH cleared it (4). */
export const PhoneNumber = z.object({
  id: Uuid,
  e164: E164,
  label: z.string().nullable(),
  provider: z.string(),
  provider_number_id: z.string(),
  provider_state: z.record(z.string(), z.unknown()),
  telephony_account_id: Uuid,
  inbound_agent_id: Uuid.nullable(),
  can_inbound: z.boolean(),
  can_outbound: z.boolean(),
  readiness: Readiness,
  status: z.string(),
  status_message: z.string(),
  rtc_dispatch_rule_id: z.string(),
  rtc_inbound_trunk_id: z.string(),
  last_synced_at: Timestamp.nullable(),
  created_at: Timestamp,
  updated_at: Timestamp,
});
export type PhoneNumber = z.infer<typeof PhoneNumber>;

// --- profile (4.1: not shown) ---------------------------------------------------------------------

/** A carrier account the workspace dials through. The carrier's auth token is never read back. */
export const TelephonyAccount = z.object({
  id: Uuid,
  provider: z.string(),
  label: z.string(),
  /** The carrier's own account identifier (not a secret). */
  provider_account_id: z.string(),
  created_at: Timestamp,
});
export type TelephonyAccount = z.infer<typeof TelephonyAccount>;

/** An account as the checks read it: its id; the carrier's account id and the time where the server gives them. */
export const TelephonyAccountRead = TelephonyAccount.partial().required({ id: true });
export type TelephonyAccountRead = z.infer<typeof TelephonyAccountRead>;

/** Connects another carrier account (profile `telephony.account.create`). */
export const TelephonyAccountCreate = z.strictObject({
  provider: z.literal("twilio").default("twilio"),
  label: z.string().min(1).max(200).optional(),
  account_sid: z.string().min(1).max(64),
  auth_token: z.string().min(1).max(256),
});

/** import_phone_numbers (profile `phone.import`): numbers chosen from the remote list. */
export const PhoneImport = z.strictObject({
  provider_number_ids: z.array(z.string().min(1).max(64)).min(1).max(100),
  inbound_agent_id: Uuid.optional(),
});

/** The import's answer (profile `phone.import`): the numbers imported, as 2.5 phone numbers. */
export const PhoneImportAnswer = z.object({ items: z.array(PhoneNumber) });

/** Profile `phone.update`: a PATCH merges; an explicit null clears the label or the inbound agent (4). */
export const PhoneNumberPatch = z.strictObject({
  label: z.string().min(1).max(200).nullable().optional(),
  inbound_agent_id: Uuid.nullable().optional(),
});

export const PhoneNumbersQuery = z.object({ account_id: Uuid.optional() });
