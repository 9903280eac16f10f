import type { Clause } from "../clause.ts";

// 6.2 server-sent event streams: the rules common to the six streams, then the conversation and knowledge-base
// frames. Generic rules are reachable on the knowledge-base stream of a freshly created knowledge base.
export const streamsClauses: Clause[] = [
  {
    id: "streams.bearer-required",
    section: "6.2",
    kind: "testable",
    statement: "The streams take the Authorization header: without a credential a stream is a 401, not an open stream.",
  },
  {
    id: "streams.any-role",
    section: "4",
    kind: "testable",
    statement: "Any authenticated role (VIEWER included) may open GET /v1/knowledge/{kb_id}/events.",
  },
  {
    id: "streams.conversation-any-role",
    section: "4",
    kind: "needs-wiring",
    statement: "Any authenticated role (VIEWER included) may open GET /v1/conversations/{conversation_id}/events.",
  },
  {
    id: "streams.404-before-open",
    section: "6.2",
    kind: "testable",
    statement:
      "A stream for a resource not in the workspace answers 404 with the JSON error envelope before the stream opens (knowledge and conversation streams).",
  },
  {
    id: "streams.no-query-parameters",
    section: "6.2",
    kind: "testable",
    statement:
      "The streams take no query parameters: a query string never narrows or replays what is sent (the first frame is still the full snapshot; rejecting it with a 422 envelope also conforms).",
  },
  {
    id: "streams.content-type",
    section: "6.2",
    kind: "testable",
    statement: "A stream answers with Content-Type text/event-stream.",
  },
  {
    id: "streams.cache-control",
    section: "6.2",
    kind: "testable",
    statement: "A stream's response headers include Cache-Control: no-cache.",
  },
  {
    id: "streams.x-accel-buffering",
    section: "6.2",
    kind: "testable",
    statement: "A stream's response headers include X-Accel-Buffering: no.",
  },
  {
    id: "streams.frame-format",
    section: "6.2",
    kind: "testable",
    statement: "Frames are separated by a blank line; each has an `event:` name and a JSON data body.",
  },
  {
    id: "streams.event-field-repeats-name",
    section: "6.2",
    kind: "testable",
    statement: "Each frame's JSON body has an `event` field equal to the frame's `event:` name.",
  },
  {
    id: "streams.keepalive-15s",
    section: "6.2",
    kind: "testable",
    statement: "An idle stream sends a keep-alive comment line (starting with `:`) every 15 seconds.",
  },
  {
    id: "streams.snapshot-first",
    section: "6.2",
    kind: "testable",
    statement: "The first frame of a stream is a snapshot of the whole current state (rule 1).",
  },
  {
    id: "streams.snapshot-then-live-no-gap",
    section: "6.2",
    kind: "needs-wiring",
    statement:
      "The snapshot is sent after the subscription is established, so nothing falls between it and the live frames: an item created while the conversation stream opens is in the snapshot or comes as a later item.created, never in neither (rule 1).",
  },
  {
    id: "streams.snapshot-on-reconnect",
    section: "6.2",
    kind: "needs-wiring",
    statement: "Every reconnect starts with a fresh snapshot of the current state (rule 1).",
  },
  {
    id: "streams.last-event-id-ignored",
    section: "6.2",
    kind: "testable",
    statement:
      "The server does not read Last-Event-ID: a reconnect carrying it still starts from a fresh snapshot, with no replay (rule 4).",
  },
  {
    id: "streams.no-replay",
    section: "6.2",
    kind: "needs-wiring",
    statement:
      "Events are relayed live, never queued or replayed: frames emitted while a client was disconnected are not sent on its reconnect (rule 2).",
  },
  {
    id: "streams.live-every-stream",
    section: "6.2",
    kind: "needs-wiring",
    statement:
      "Events are relayed live to every stream open on a resource: two clients on one conversation both get its frames, and one of them leaving stops nothing on the other (rule 2).",
  },
  {
    id: "streams.delta-not-cumulative",
    section: "6.2",
    kind: "needs-wiring",
    assumption: "stream_delta_fields",
    statement: "assistant.delta carries the next chunk of text, not the cumulative text (rule 3).",
  },
  {
    id: "streams.completed-text-joins-deltas",
    section: "6.2",
    kind: "needs-wiring",
    assumption: "stream_delta_fields",
    statement: "assistant.completed carries text equal to all its deltas joined (rule 3).",
  },
  {
    id: "streams.item-created-id-line",
    section: "6.2",
    kind: "needs-wiring",
    statement: "On the conversation stream, item.created frames carry an SSE `id:` line holding the item id (rule 4).",
  },
  {
    id: "streams.conversation-snapshot",
    section: "6.2",
    kind: "needs-wiring",
    statement:
      "The conversation stream's snapshot frame is conversation.snapshot, carrying the conversation and all its items.",
  },
  {
    id: "streams.item-created-shape",
    section: "6.2",
    kind: "needs-wiring",
    statement: "item.created carries one item in the shape the items list returns, plus event.",
  },
  {
    id: "streams.conversation-frame-names",
    section: "6.2",
    kind: "needs-wiring",
    statement:
      "Conversation stream frames are named conversation.snapshot, item.created, item.delivery_updated, turn, turn.failed, assistant.started, assistant.delta or assistant.completed.",
  },
  {
    id: "streams.assistant-started-trigger",
    section: "6.2",
    kind: "needs-wiring",
    statement: "assistant.started carries trigger_item_id, the id of the item that triggered the reply.",
  },
  {
    id: "streams.item-delivery-updated",
    section: "6.2",
    kind: "needs-test-control",
    statement: "item.delivery_updated is sent when an outbound item reached the channel or failed.",
  },
  {
    id: "streams.turn-frames",
    section: "6.2",
    kind: "needs-wiring",
    statement:
      "The conversation stream reports the lifecycle of a turn it runs with turn frames (their values are not given, only that they come).",
  },
  {
    id: "streams.turn-failed",
    section: "6.2",
    kind: "needs-wiring",
    statement: "When the API cannot queue a turn at all, the conversation stream sends a turn.failed frame.",
  },
  {
    id: "streams.kb-snapshot",
    section: "6.2",
    kind: "testable",
    statement: "The knowledge-base stream's first frame is snapshot, carrying the status and progress.",
  },
  {
    id: "streams.kb-frame-names",
    section: "6.2",
    kind: "needs-wiring",
    statement: "Knowledge-base stream frames are named snapshot, progress (one step of the running build) or status.",
  },
  {
    id: "streams.kb-status-frame",
    section: "6.2",
    kind: "needs-wiring",
    assumption: "kb.build; fields.kb_frame; readings.kb_build_frames",
    statement:
      "A status frame names a build state the build reached, and the last one of a build's end agrees with the knowledge base read back; unless the profile reads the stream as advisory (6.2 rule 2), one comes for each state get_kb shows.",
  },
  {
    id: "streams.copilot-endpoints",
    section: "4.1",
    kind: "not-shown",
    statement:
      "Paths and payloads of the four CoPilot streams (agent, tool, knowledge, task rails) and their chat endpoints: not shown (so their snapshot/message/turn frames cannot be reached).",
  },
  {
    id: "streams.copilot-frames",
    section: "6.2",
    kind: "not-shown",
    statement:
      "The CoPilot rails' frames snapshot (entire timeline), message (one row on the rail) and turn (identical to the conversation turn frame) cannot be observed: the rails' paths are not shown (4.1).",
  },
  {
    id: "streams.frame-payloads",
    section: "6.2",
    kind: "not-shown",
    statement: "Payload fields of the frames beyond those named, and the values of the turn lifecycle: not shown.",
  },
];
