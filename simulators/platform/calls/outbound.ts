// Placing one outbound phone call: the call row is written before the carrier is contacted (4), the
// dial names this platform as its status callback, and a one-at-a-time call announces
// session.queued once the carrier took the dial (6.1). Batches dial through here too, unannounced.
import { ApiError } from "../../shared/api-error.ts";
import type { PlatformContext } from "../context.ts";
import { CarrierRefusal, dialCarrier } from "../telephony/carrier-client.ts";
import { regionDirectory } from "../telephony/directory.ts";
import type { PhoneNumberRow, TelephonyAccountRow } from "../telephony/state.ts";
import type { ResolvedAgent } from "./agent-source.ts";
import { endSession, startSession } from "./lifecycle.ts";
import { newSessionRecord, publishSessionEvent } from "./session-record.ts";
import { type CallRow, callsState } from "./state.ts";

export interface OutboundInput {
  workspaceId: string;
  phone: PhoneNumberRow;
  account: TelephonyAccountRow;
  to: string;
  agent: ResolvedAgent;
  contactKey: string;
  userdata: Record<string, unknown>;
  batchId: string | null;
}

/** Simulated seconds the carrier lets a call ring before it is no-answer. */
export const RING_TIMEOUT_SECONDS = 30;

export function statusCallbackUrl(ctx: PlatformContext, sessionId: string): string {
  return `${ctx.selfUrl()}/_carrier/status/${sessionId}`;
}

/** Planted `batch-override-first-call-only`: a batch call after its first runs the agent without the override. */
function laterBatchCall(ctx: PlatformContext, calls: ReturnType<typeof callsState>, input: OutboundInput): boolean {
  if (!ctx.faults.has("batch-override-first-call-only") || input.agent.withoutOverride === undefined) return false;
  return [...calls.rows.values()].some((row) => row.batch_id !== null && row.batch_id === input.batchId);
}

export async function placeOutbound(ctx: PlatformContext, input: OutboundInput): Promise<CallRow> {
  const calls = callsState(ctx, input.workspaceId);
  const base = newSessionRecord(ctx, {
    workspaceId: input.workspaceId,
    channel: "phone",
    direction: "outbound",
    agent_id: input.agent.agent_id,
    agent_version: input.agent.agent_version,
    batch_id: input.batchId,
    contact_key: input.contactKey,
    telephony: { from_number: input.phone.e164, to_number: input.to, phone_number_id: input.phone.id },
    userdata: { ...input.userdata },
  });
  const row: CallRow = {
    ...base,
    seq: calls.nextSeq(),
    createdMs: Date.parse(base.created_at),
    providerCallSid: null,
    telephonyAccountId: input.account.id,
    agentConfig: laterBatchCall(ctx, calls, input) ? input.agent.withoutOverride! : input.agent.config,
  };
  const store = () => {
    calls.rows.set(row.session_id, row);
    regionDirectory(ctx.store).sessions.set(row.session_id, input.workspaceId);
  };
  const rowFirst = !ctx.faults.has("call-row-after-dial");
  if (rowFirst) store();
  if (ctx.faults.has("sessions-stay-queued")) return neverDialled(ctx, row, input);
  let sid: string;
  try {
    const call = await dialCarrier(ctx, input.account.access, {
      to: input.to,
      from: input.phone.e164,
      url: `${ctx.selfUrl()}/_carrier/answer/${row.session_id}`,
      statusCallback: statusCallbackUrl(ctx, row.session_id),
      // A batch needs only the answer and the end; a single call reports every stage.
      events: input.batchId === null ? ["initiated", "ringing", "answered", "completed"] : ["answered", "completed"],
      timeoutSeconds: RING_TIMEOUT_SECONDS,
    });
    sid = call.sid;
  } catch (error) {
    if (rowFirst) await endSession(ctx, row, { closeReason: "carrier_error" });
    if (error instanceof CarrierRefusal) throw new ApiError(400, `the carrier refused the call: ${error.message}`);
    throw error;
  }
  // The planted bug: the handler dials, then the dial worker finds the row still queued and dials it again.
  if (ctx.faults.has("outbound-dialled-twice") && input.batchId === null) await dialAgain(ctx, row, input);
  if (!rowFirst) store();
  row.providerCallSid = sid;
  calls.byProviderSid.set(sid, row.session_id);
  if (input.batchId === null || ctx.faults.has("queued-for-batch-calls")) {
    publishSessionEvent(ctx, "session.queued", row);
  }
  return row;
}

/** Planted `outbound-dialled-twice`: the same dial sent a second time (planted faults only). */
async function dialAgain(ctx: PlatformContext, row: CallRow, input: OutboundInput): Promise<void> {
  await dialCarrier(ctx, input.account.access, {
    to: input.to,
    from: input.phone.e164,
    url: `${ctx.selfUrl()}/_carrier/answer/${row.session_id}`,
    statusCallback: statusCallbackUrl(ctx, row.session_id),
    events: ["answered", "completed"],
    timeoutSeconds: RING_TIMEOUT_SECONDS,
  });
}

/** Planted faults only: the call is written and announced, but its dial never leaves the queue. */
function neverDialled(ctx: PlatformContext, row: CallRow, input: OutboundInput): CallRow {
  if (input.batchId === null) publishSessionEvent(ctx, "session.queued", row);
  return row;
}

const CLOSE_REASONS: Record<string, string> = {
  completed: "completed",
  busy: "busy",
  "no-answer": "no_answer",
  failed: "failed",
  canceled: "canceled",
};

/** A signed status callback for the session's carrier call. */
export async function onCarrierStatus(ctx: PlatformContext, row: CallRow, params: Record<string, string>) {
  const status = params.CallStatus ?? "";
  if (status === "ringing" && row.status === "queued") row.status = "ringing";
  else if (status === "in-progress") startSession(ctx, row);
  else if (status in CLOSE_REASONS) {
    const duration = Number(params.CallDuration);
    const voicemail = params.AnsweredBy === "machine_start";
    await endSession(ctx, row, {
      closeReason: voicemail && status === "completed" ? "voicemail" : CLOSE_REASONS[status]!,
      durationSeconds: Number.isFinite(duration) ? duration : undefined,
    });
  }
}
