// The one session payload (6.1) shared by every worker: GET /v1/calls/{session_id}, session.started,
// session.in_progress and session.completed are all this view of the stored record, so they agree.
// Phone and web calls carry the three telephony fields (null where unknown); a text window's
// payload leaves them out entirely (absent, not null). The conversations area builds text-window
// records with `newSessionRecord` and publishes them with `publishSessionEvent`.
import type { CallSession } from "../../../spec/calls.ts";
import type { PlatformContext } from "../context.ts";
import { mintId } from "../ids.ts";

type Media = CallSession["recording"];

/** The stored session; `telephony` is undefined for a text window. */
export interface SessionRecord {
  session_id: string;
  workspaceId: string;
  agent_id: string | null;
  agent_version: number | null;
  batch_id: string | null;
  contact_key: string | null;
  channel: CallSession["channel"];
  direction: CallSession["direction"];
  status: CallSession["status"];
  close_reason: string | null;
  created_at: string;
  started_at: string | null;
  ended_at: string | null;
  duration_seconds: number | null;
  telephony?: { from_number: string | null; to_number: string | null; phone_number_id: string | null };
  userdata: Record<string, unknown>;
  analysis: Record<string, unknown> | null;
  transcript: CallSession["transcript"];
  cost: Record<string, unknown> | null;
  recording: Media;
  screen_recording: Media;
  transfer: Record<string, unknown> | null;
}

export const NO_MEDIA: Media = { available: false, duration_seconds: null, format: null, size_bytes: null };

export type SessionInit = Pick<SessionRecord, "workspaceId" | "channel" | "direction"> &
  Partial<Omit<SessionRecord, "workspaceId" | "channel" | "direction">>;

/** A record with every group present: empty userdata and transcript, null analysis/cost/transfer. */
export function newSessionRecord(ctx: PlatformContext, init: SessionInit): SessionRecord {
  return {
    session_id: mintId(ctx),
    agent_id: null,
    agent_version: null,
    batch_id: null,
    contact_key: null,
    status: "queued",
    close_reason: null,
    created_at: new Date(ctx.clock.now()).toISOString(),
    started_at: null,
    ended_at: null,
    duration_seconds: null,
    userdata: {},
    analysis: null,
    transcript: [],
    cost: null,
    recording: { ...NO_MEDIA },
    screen_recording: { ...NO_MEDIA },
    transfer: null,
    ...init,
  };
}

/** The payload: identity, the call itself, userdata, analysis, transcript, cost, recordings, transfer. */
export function sessionPayload(ctx: PlatformContext, record: SessionRecord): CallSession {
  const telephony = record.telephony;
  const payload = structuredClone({
    session_id: record.session_id,
    agent_id: record.agent_id,
    agent_version: record.agent_version,
    batch_id: record.batch_id,
    contact_key: record.contact_key,
    channel: record.channel,
    direction: record.direction,
    status: record.status,
    close_reason: record.close_reason,
    created_at: record.created_at,
    started_at: record.started_at,
    ended_at: record.ended_at,
    duration_seconds: record.duration_seconds,
    ...(telephony === undefined ? {} : telephony),
    userdata: record.userdata,
    analysis: record.analysis,
    transcript: record.transcript,
    cost: record.cost,
    recording: record.recording,
    screen_recording: record.screen_recording,
    transfer: record.transfer,
  });
  return plantedPayload(ctx, record, payload);
}

/** The payload as the planted faults change it; the clean platform's unchanged (planted faults only). */
function plantedPayload(ctx: PlatformContext, record: SessionRecord, payload: CallSession): CallSession {
  // A serializer that leaves out the screen recording of a call with no screen.
  if (ctx.faults.has("screen-recording-omitted-for-phone") && record.channel === "phone") {
    const { screen_recording: _, ...rest } = payload;
    return rest as CallSession;
  }
  // A link to the stored audio, added to the recording group.
  if (ctx.faults.has("recording-link-in-payload")) {
    const url = record.recording.available ? `https://media.example.com/recordings/${record.session_id}.ogg` : null;
    return { ...payload, recording: { ...payload.recording, url } as CallSession["recording"] };
  }
  // An empty object default where no transfer was attempted.
  if (ctx.faults.has("transfer-empty-object")) return { ...payload, transfer: payload.transfer ?? {} };
  return payload;
}

export type SessionEventType =
  | "session.queued"
  | "session.started"
  | "session.in_progress"
  | "recording.ready"
  | "session.completed";

/** Publishes the session's current payload under `type` (envelope agent_id = the session's agent). */
export function publishSessionEvent(
  ctx: PlatformContext,
  type: SessionEventType,
  record: SessionRecord,
  data: Record<string, unknown> = sessionPayload(ctx, record),
  at: number = ctx.clock.now(),
): void {
  ctx.events.publish({ type, workspaceId: record.workspaceId, agent_id: record.agent_id, at, data });
}

/** session.started, and on phone calls session.in_progress with the very same payload (6.1). */
export function publishSessionStarted(ctx: PlatformContext, record: SessionRecord): void {
  const data = sessionPayload(ctx, record);
  const at = ctx.clock.now();
  publishSessionEvent(ctx, "session.started", record, data, at);
  // The planted bug leaves out text windows only, so web calls send session.in_progress too.
  if (ctx.faults.has("in-progress-for-web-calls") ? record.channel === "text" : record.channel !== "phone") return;
  const same = ctx.faults.has("in-progress-payload-differs") ? { ...data, stage: "in_progress" } : data;
  publishSessionEvent(ctx, "session.in_progress", record, same, at);
}
