// Provider keys (/v1/byok/{provider}, 5 item 6-7) and the two unpaged service lists of section 4.
// The write body and the list path are profile assumptions (4.1: not shown).
import { z } from "zod";
import { Timestamp } from "./common.ts";

/** A row of the provider-key list (or secret list): a name and a masked tail, never the value (5 item 6). */
export const MaskedRow = z.object({ name: z.string(), masked: z.string(), updated_at: Timestamp });
export type MaskedRow = z.infer<typeof MaskedRow>;

/** The reference platform's write body; the harness names the field from profile `byok_body_field`. */
export const ProviderKeyWrite = z.object({ api_key: z.string().min(1).max(4096) });

/** The reference platform's secret write body (profile `secret.put`; 4.1: not shown). */
export const SecretWrite = z.object({ value: z.string().min(1).max(65_536) });

/** GET /v1/email/senders rows (fields not shown; the reference platform's). */
export const EmailSender = z.object({ id: z.string(), email: z.string(), name: z.string(), verified: z.boolean() });
/** GET /v1/observability rows (fields not shown; the reference platform's). */
export const ObservabilitySink = z.object({ id: z.string(), kind: z.string(), name: z.string(), enabled: z.boolean() });
