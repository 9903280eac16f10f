// How a call session moves: started when answered (session.started, and session.in_progress on
// phone calls), ended by the carrier or the web room, then recording, analysis and billing are
// stored before session.completed is built from the stored record (6.1).
import type { PlatformContext } from "../context.ts";
import { analyseSession } from "./analysis.ts";
import { billSession } from "./billing.ts";
import { publishSessionEvent, publishSessionStarted } from "./session-record.ts";
import { type CallRow, callsState } from "./state.ts";

const iso = (ms: number) => new Date(ms).toISOString();

export function startSession(ctx: PlatformContext, row: CallRow): void {
  if (row.started_at !== null || row.status === "ended" || ctx.faults.has("sessions-stay-queued")) return;
  row.started_at = iso(ctx.clock.now());
  row.status = "in_progress";
  publishSessionStarted(ctx, row);
}

/** Turns of a simulated conversation, oldest first; none on a server whose calls carry no media. */
function transcriptOf(ctx: PlatformContext, row: CallRow, startMs: number, endMs: number): CallRow["transcript"] {
  if (ctx.variants.has("calls-without-media")) return [];
  const greeting = row.agentConfig?.greeting?.trim() || "Hello, how can I help?";
  const mid = startMs + Math.max(0, endMs - startMs) / 2;
  const turns = [
    { role: "agent", text: greeting, at: iso(startMs) },
    { role: "user", text: "Thanks, that is all I needed.", at: iso(mid) },
    { role: "agent", text: "Goodbye.", at: iso(endMs) },
  ];
  return ctx.faults.has("transcript-newest-first") ? turns.reverse() : turns;
}

export interface Ending {
  closeReason: string;
  /** Talk time in seconds as the carrier reports it; derived from started_at when absent. */
  durationSeconds?: number;
}

/** Ends a session once, finalises it, then frees whoever waits on it (a batch slot). */
export async function endSession(ctx: PlatformContext, row: CallRow, ending: Ending): Promise<void> {
  if (row.status === "ended" || ctx.faults.has("sessions-stay-queued")) return;
  const endMs = ctx.clock.now();
  const startMs = row.started_at === null ? null : Date.parse(row.started_at);
  row.status = "ended";
  row.close_reason = ending.closeReason;
  row.ended_at = iso(endMs);
  row.duration_seconds = startMs === null ? 0 : (ending.durationSeconds ?? Math.round((endMs - startMs) / 1000));
  // The planted bug: the worker's internal hang-up notice goes out on the same bus as the 6.1 events.
  if (ctx.faults.has("internal-ended-event-delivered")) {
    ctx.events.publish({
      type: "session.ended",
      workspaceId: row.workspaceId,
      agent_id: row.agent_id,
      at: endMs,
      data: { session_id: row.session_id },
    });
  }
  try {
    await finalise(ctx, row, startMs, endMs);
  } finally {
    // A batch slot frees once the session is billed, so a paused balance is seen before the next dial.
    callsState(ctx, row.workspaceId).ended(row.session_id);
  }
}

async function finalise(ctx: PlatformContext, row: CallRow, startMs: number | null, endMs: number): Promise<void> {
  // The carrier's calls carry no audio to store on a server that records only what media it receives.
  const audioStored =
    startMs !== null && row.agentConfig?.recording?.enabled === true && !ctx.variants.has("calls-without-media");
  if (startMs !== null) row.transcript = transcriptOf(ctx, row, startMs, endMs);
  if (audioStored) {
    const seconds = row.duration_seconds ?? 0;
    row.recording = { available: true, duration_seconds: seconds, format: "audio/ogg", size_bytes: seconds * 8_000 };
  }
  const late = ctx.faults.has("recording-ready-after-completed");
  if (!late && (audioStored || (startMs !== null && ctx.faults.has("recording-ready-without-audio")))) {
    publishSessionEvent(ctx, "recording.ready", row, { session_id: row.session_id, recording: { ...row.recording } });
  }
  if (ctx.faults.has("completed-before-analysis")) {
    billSession(ctx, row);
    publishSessionEvent(ctx, "session.completed", row);
    if (row.agentConfig !== null) await analyseSession(ctx, row, row.agentConfig);
    return;
  }
  if (row.agentConfig !== null) await analyseSession(ctx, row, row.agentConfig);
  if (ctx.faults.has("completed-before-billing")) {
    publishSessionEvent(ctx, "session.completed", row);
    billSession(ctx, row);
    return;
  }
  billSession(ctx, row);
  publishSessionEvent(ctx, "session.completed", row);
  if (late && audioStored) await recordingReadyLate(ctx, row);
}

/**
 * The planted bug: the upload is confirmed two simulated seconds after the session is closed, so recording.ready
 * is emitted after session.completed.
 */
async function recordingReadyLate(ctx: PlatformContext, row: CallRow): Promise<void> {
  await ctx.clock.sleep(2_000);
  publishSessionEvent(ctx, "recording.ready", row, { session_id: row.session_id, recording: { ...row.recording } });
}

/**
 * A transfer of a live call (6.1): it ends the session, and session.completed follows at once carrying
 * the transfer. There is no separate transfer event. The reference has no media layer to ask for one,
 * so test control triggers it.
 */
export async function transferSession(ctx: PlatformContext, row: CallRow, to: string): Promise<void> {
  const at = iso(ctx.clock.now());
  const transfer = { to, status: "completed", requested_at: at, completed_at: at };
  if (ctx.faults.has("transfer-recorded-after-completed")) {
    await endSession(ctx, row, { closeReason: "transferred" });
    row.transfer = transfer;
    return;
  }
  row.transfer = transfer;
  await endSession(ctx, row, { closeReason: "transferred" });
}
