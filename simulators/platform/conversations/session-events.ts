// The session.started / session.completed events of a text window (6.1), and the window's session record
// that GET /v1/calls/{session_id} answers: one payload builder, so the event and the read agree. A text
// window carries no telephony fields: they are absent, not null.
import type { Conversation, ConversationItem } from "../../../spec/conversations.ts";
import type { PlatformEvent } from "../events/bus.ts";

export interface TextSession {
  session_id: string;
  workspaceId: string;
  conversation: Conversation;
  /** Simulated epoch ms. */
  startedAt: number;
  /** Set when the window closes: what session.completed and the record then say. */
  ended?: { at: number; reason: string; items: readonly ConversationItem[] };
  /** The planted `text-telephony-fields-null` fault: the text worker copies the call record's nulls. */
  nullTelephony: boolean;
}

type EventInput = Omit<PlatformEvent, "id">;

/** The window's payload as stored now: its identity, and once closed what it did. */
export function textSessionPayload(session: TextSession): Record<string, unknown> {
  const identity = {
    session_id: session.session_id,
    conversation_id: session.conversation.id,
    channel: "text",
    agent_id: session.conversation.agent_id,
    agent_version: session.conversation.agent_version,
    started_at: new Date(session.startedAt).toISOString(),
    ...(session.nullTelephony ? { from_number: null, to_number: null, phone_number_id: null } : {}),
  };
  const ended = session.ended;
  if (ended === undefined) return identity;
  return {
    ...identity,
    ended_at: new Date(ended.at).toISOString(),
    duration_seconds: Math.max(0, Math.round((ended.at - session.startedAt) / 1000)),
    close_reason: ended.reason,
    userdata: {},
    analysis: null,
    transcript: ended.items.map((item) => ({ role: item.role, text: item.text, at: item.created_at })),
    cost: null,
    recording: null,
    screen_recording: null,
    transfer: null,
  };
}

export function sessionStarted(session: TextSession): EventInput {
  return {
    type: "session.started",
    workspaceId: session.workspaceId,
    agent_id: session.conversation.agent_id,
    at: session.startedAt,
    data: textSessionPayload(session),
  };
}

/** Built from the closed window's stored items, so it agrees with GET .../items and GET /v1/calls/{id}. */
export function sessionCompleted(session: TextSession): EventInput {
  return {
    type: "session.completed",
    workspaceId: session.workspaceId,
    agent_id: session.conversation.agent_id,
    at: session.ended?.at ?? session.startedAt,
    data: textSessionPayload(session),
  };
}
