// A text window: from a conversation's first message (session.started) until it has been idle for
// TEXT_WINDOW_IDLE_MIN simulated minutes (session.completed). A later message opens a new window.
// One timer per open window, re-armed on activity; all of them are cleared when the instance closes. The
// window's session is readable by GET /v1/calls/{session_id} (not listed among calls).
import { callsState } from "../calls/state.ts";
import type { PlatformContext } from "../context.ts";
import { mintId } from "../ids.ts";
import { sessionCompleted, sessionStarted, type TextSession, textSessionPayload } from "./session-events.ts";
import type { ConversationRecord, TextWindow } from "./state.ts";

/** Not shown by the spec (3.3): the reference closes a text window after 30 idle simulated minutes. */
export const TEXT_WINDOW_IDLE_MIN = 30;

const openWindows = new WeakMap<PlatformContext, Set<TextWindow>>();

function registry(ctx: PlatformContext): Set<TextWindow> {
  let set = openWindows.get(ctx);
  if (set === undefined) {
    set = new Set();
    openWindows.set(ctx, set);
  }
  return set;
}

/**
 * Opens a window if none is open (starting with the item just stored), else re-arms its idle timer.
 * `at` is the activity's simulated time, the stored item's created_at.
 */
export function touchWindow(ctx: PlatformContext, workspaceId: string, record: ConversationRecord, at: number): void {
  const open = record.window;
  if (open !== undefined) {
    open.timer.refresh();
    return;
  }
  const session: TextSession = {
    session_id: mintId(ctx),
    workspaceId,
    conversation: record.conversation,
    startedAt: at,
    nullTelephony: ctx.faults.has("text-telephony-fields-null"),
  };
  // Readable by id like a call (6.1: session.completed agrees with GET /v1/calls/{session_id}).
  callsState(ctx, workspaceId).textSessions.set(session.session_id, () => textSessionPayload(session));
  const timer = setTimeout(() => closeWindow(ctx, record, "idle"), ctx.clock.toReal(TEXT_WINDOW_IDLE_MIN * 60_000));
  timer.unref();
  const window: TextWindow = { session, firstItem: Math.max(0, record.items.length - 1), timer };
  record.window = window;
  registry(ctx).add(window);
  ctx.events.publish(sessionStarted(session));
}

function closeWindow(ctx: PlatformContext, record: ConversationRecord, reason: string): void {
  const window = record.window;
  if (window === undefined) return;
  clearTimeout(window.timer);
  record.window = undefined;
  registry(ctx).delete(window);
  window.session.ended = { at: ctx.clock.now(), reason, items: record.items.slice(window.firstItem) };
  ctx.events.publish(sessionCompleted(window.session));
}

/** Instance shutdown: windows are dropped without events (nothing would deliver them). */
export function clearWindows(ctx: PlatformContext): void {
  for (const window of registry(ctx)) clearTimeout(window.timer);
  registry(ctx).clear();
}
