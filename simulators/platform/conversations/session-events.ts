// The session.started / session.completed events of a text window (6.1), built in one place so the
// webhook payloads have one owner. A text window carries no telephony fields: they are absent, not null.
import type { Conversation, ConversationItem } from "../../../spec/conversations.ts";
import type { PlatformEvent } from "../events/bus.ts";

export interface TextSession {
  session_id: string;
  workspaceId: string;
  conversation: Conversation;
  /** Simulated epoch ms. */
  startedAt: number;
}

type EventInput = Omit<PlatformEvent, "id">;

function identity(session: TextSession) {
  return {
    session_id: session.session_id,
    conversation_id: session.conversation.id,
    channel: "text",
    agent_id: session.conversation.agent_id,
    agent_version: session.conversation.agent_version,
    started_at: new Date(session.startedAt).toISOString(),
  };
}

export function sessionStarted(session: TextSession): EventInput {
  return {
    type: "session.started",
    workspaceId: session.workspaceId,
    agent_id: session.conversation.agent_id,
    at: session.startedAt,
    data: identity(session),
  };
}

/** Built from the window's stored items, so it agrees with what GET .../items answers. */
export function sessionCompleted(
  session: TextSession,
  items: readonly ConversationItem[],
  endedAt: number,
  closeReason: string,
): EventInput {
  return {
    type: "session.completed",
    workspaceId: session.workspaceId,
    agent_id: session.conversation.agent_id,
    at: endedAt,
    data: {
      ...identity(session),
      ended_at: new Date(endedAt).toISOString(),
      duration_seconds: Math.max(0, Math.round((endedAt - session.startedAt) / 1000)),
      close_reason: closeReason,
      userdata: {},
      analysis: null,
      transcript: items.map((item) => ({ role: item.role, text: item.text, at: item.created_at })),
      cost: null,
      recording: null,
      screen_recording: null,
      transfer: null,
    },
  };
}
