// A phone number as the API shows it (2.5), with readiness derived from status, capability and
// routing (3.2): the one field users are told to read.
import type { PhoneNumber, Readiness } from "../../../spec/telephony.ts";
import type { PlatformContext } from "../context.ts";
import type { WorkspaceState } from "../store.ts";
import type { PhoneNumberRow } from "./state.ts";

export function readinessOf(
  ctx: PlatformContext,
  row: PhoneNumberRow,
  agentExists: (id: string) => boolean,
): Readiness {
  if (row.status === "disabled") return "disabled";
  if (row.status === "error") return "error";
  if (row.status === "pending") return "setting_up";
  if (!row.provider_state.configured) return "needs_carrier_setup";
  const routed = row.inbound_agent_id !== null && agentExists(row.inbound_agent_id);
  // The planted bug: a number nobody answers says the dashboard's old word for it.
  if (row.can_inbound && !routed && ctx.faults.has("readiness-no-agent-legacy-word")) return "no_agent" as Readiness;
  if (row.can_inbound && !routed && !ctx.faults.has("readiness-live-without-agent")) return "needs_agent";
  return "live";
}

export function phoneNumberView(ctx: PlatformContext, workspace: WorkspaceState, row: PhoneNumberRow): PhoneNumber {
  return {
    id: row.id,
    e164: row.e164,
    label: row.label,
    provider: "twilio",
    provider_number_id: row.provider_number_id,
    provider_state: { ...row.provider_state },
    telephony_account_id: row.telephony_account_id,
    inbound_agent_id: row.inbound_agent_id,
    can_inbound: row.can_inbound,
    can_outbound: row.can_outbound,
    readiness: readinessOf(ctx, row, (id) => workspace.agents.has(id)),
    status: row.status,
    status_message: row.status_message,
    rtc_dispatch_rule_id: row.rtc_dispatch_rule_id,
    rtc_inbound_trunk_id: row.rtc_inbound_trunk_id,
    last_synced_at: row.last_synced_at,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}
