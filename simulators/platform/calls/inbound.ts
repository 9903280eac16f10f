// An inbound phone call at the number's voice webhook: routed to the number's inbound agent. With
// insufficient credits it is refused at the door and reads back with close_reason
// `insufficient_credits` (7); a number with no agent answering it rejects the call.
import type { PlatformContext } from "../context.ts";
import { creditLedger } from "../credits/ledger.ts";
import { regionDirectory } from "../telephony/directory.ts";
import type { PhoneNumberRow } from "../telephony/state.ts";
import { endSession, startSession } from "./lifecycle.ts";
import { newSessionRecord } from "./session-record.ts";
import { type CallRow, callsState } from "./state.ts";

export const TWIML_REJECT_BUSY = '<?xml version="1.0" encoding="UTF-8"?><Response><Reject reason="busy"/></Response>';
export const TWIML_REJECT = '<?xml version="1.0" encoding="UTF-8"?><Response><Reject/></Response>';

const connect = (room: string) =>
  `<?xml version="1.0" encoding="UTF-8"?><Response><Connect><Room>${room}</Room></Connect></Response>`;

/** Each number's agent as first routed; read only by the planted `inbound-agent-cached` fault. */
const routeCache = new WeakMap<PhoneNumberRow, string | null>();

/** The agent answering the number now: its inbound_agent_id, re-read on every call. */
function routedAgentId(ctx: PlatformContext, phone: PhoneNumberRow): string | null {
  if (!ctx.faults.has("inbound-agent-cached")) return phone.inbound_agent_id;
  if (!routeCache.has(phone)) routeCache.set(phone, phone.inbound_agent_id);
  return routeCache.get(phone) ?? null;
}

/** Answers the carrier's voice request with TwiML. */
export async function answerInbound(
  ctx: PlatformContext,
  workspaceId: string,
  phone: PhoneNumberRow,
  params: Record<string, string>,
): Promise<string> {
  const workspace = ctx.store.workspace(workspaceId);
  const agentId = routedAgentId(ctx, phone);
  const agent = agentId === null ? undefined : workspace.agents.get(agentId);
  if (agent === undefined) return TWIML_REJECT;
  const calls = callsState(ctx, workspaceId);
  const from = params.From ?? null;
  const base = newSessionRecord(ctx, {
    workspaceId,
    channel: "phone",
    direction: "inbound",
    agent_id: agent.id,
    agent_version: agent.published_version,
    contact_key: from,
    telephony: { from_number: from, to_number: phone.e164, phone_number_id: phone.id },
  });
  const row: CallRow = {
    ...base,
    seq: calls.nextSeq(),
    createdMs: Date.parse(base.created_at),
    providerCallSid: params.CallSid ?? null,
    telephonyAccountId: phone.telephony_account_id,
    agentConfig: agent.published_config ?? agent.config,
  };
  calls.rows.set(row.session_id, row);
  if (row.providerCallSid !== null) calls.byProviderSid.set(row.providerCallSid, row.session_id);
  regionDirectory(ctx.store).sessions.set(row.session_id, workspaceId);

  if (!creditLedger(ctx.store).sufficient(workspaceId) && !ctx.faults.has("inbound-ignores-credits")) {
    await endSession(ctx, row, { closeReason: "insufficient_credits" });
    return TWIML_REJECT_BUSY;
  }
  startSession(ctx, row);
  return connect(`room_${row.session_id}`);
}

/** The number's status callback: the end of an inbound call. */
export async function onInboundStatus(ctx: PlatformContext, workspaceId: string, params: Record<string, string>) {
  const calls = callsState(ctx, workspaceId);
  const sessionId = calls.byProviderSid.get(params.CallSid ?? "");
  const row = sessionId === undefined ? undefined : calls.rows.get(sessionId);
  if (row === undefined) return;
  const duration = Number(params.CallDuration);
  await endSession(ctx, row, {
    closeReason: params.CallStatus === "completed" ? "completed" : (params.CallStatus ?? "ended").replace("-", "_"),
    durationSeconds: Number.isFinite(duration) ? duration : undefined,
  });
}
