// Planted faults that break streams clauses (spec/clauses/streams.ts), checked by suites/streams.suite.ts.
import type { FaultSpec } from "./fault.ts";

export const streamsFaults = {
  "delta-cumulative": {
    description: "assistant.delta carries the text so far instead of the next chunk",
    clauses: ["streams.delta-not-cumulative"],
  },
  "completed-text-drops-first-delta": {
    description: "assistant.completed text joins the deltas after the first one (an off-by-one)",
    clauses: ["streams.completed-text-joins-deltas"],
  },
  "item-created-no-id-line": {
    description: "item.created frames have no SSE id: line",
    clauses: ["streams.item-created-id-line"],
  },
  "turn-frames-missing": {
    description: "the turn lifecycle goes to the log only: no turn frame is ever sent on the conversation stream",
    clauses: ["streams.turn-frames"],
  },
  "turn-failed-dropped": {
    description:
      "a turn the API could not queue (its provider unreachable, or no key stored) is dropped without a word: neither turn.failed nor a turn frame",
    clauses: ["streams.turn-failed"],
  },
  "assistant-started-names-reply": {
    description:
      "assistant.started's trigger_item_id holds the new reply's item id instead of the triggering message's",
    clauses: ["streams.assistant-started-trigger"],
  },
  "sse-snapshot-only-first": {
    description: "the snapshot is sent on a resource's first stream only; a reconnect starts with live frames",
    clauses: ["streams.snapshot-on-reconnect"],
  },
  "sse-subscribe-after-snapshot": {
    description:
      "a stream writes its snapshot, then awaits a broker round trip before subscribing, so frames published in between are lost",
    clauses: ["streams.snapshot-then-live-no-gap"],
  },
  "sse-content-type-text-plain": {
    description: "streams answer Content-Type text/plain instead of text/event-stream",
    clauses: ["streams.content-type"],
  },
  "sse-no-accel-buffering": {
    description: "streams leave out the X-Accel-Buffering: no header, so a proxy buffers them",
    clauses: ["streams.x-accel-buffering"],
  },
  "sse-keepalive-30s": {
    description: "the keep-alive comment goes out every 30 seconds instead of every 15",
    clauses: ["streams.keepalive-15s"],
  },
  "sse-event-field-renamed": {
    description: "frame JSON repeats the frame name under `type` instead of `event`",
    clauses: ["streams.event-field-repeats-name"],
  },
  "sse-last-event-id-replay": {
    description: "a reconnect with Last-Event-ID replays the frames after that id behind the snapshot",
    clauses: ["streams.last-event-id-ignored"],
  },
  "sse-replay-running-turn": {
    description: "a reconnect mid-reply replays the running turn's frames behind the snapshot",
    clauses: ["streams.no-replay"],
  },
  "sse-error-frame-for-unknown": {
    description: "a stream for an unknown conversation opens (200) and sends an error frame instead of a 404",
    clauses: ["streams.404-before-open"],
  },
  "delivery-updated-before-channel": {
    description:
      "item.delivery_updated says delivered when the reply is handed to the channel sender, before the channel answered",
    clauses: ["streams.item-delivery-updated"],
  },
  "delivery-failure-said-delivered": {
    description:
      "item.delivery_updated for a reply the channel refused says what it says for one the channel took (`delivered`), after the channel answered",
    clauses: ["streams.item-delivery-updated"],
  },
  "kb-stream-no-snapshot": {
    description: "the knowledge-base stream starts with a progress frame instead of the snapshot",
    clauses: ["streams.kb-snapshot", "streams.snapshot-first"],
  },
  "kb-status-frame-at-end-only": {
    description:
      "the knowledge-base stream sends a status frame for the end of a build only, none for transcribing or generating (killed under the default profile's each-state reading; under `advisory` it is variant kb-stream-advisory)",
    clauses: ["streams.kb-status-frame"],
  },
  "sse-last-event-id-replay-late": {
    description:
      "a reconnect with Last-Event-ID replays the items after that id, 800 ms behind the snapshot (after a store read)",
    clauses: ["streams.last-event-id-ignored"],
  },
  "sse-latest-stream-only": {
    description:
      "a stream opening on a resource takes the place of those already open on it: only the latest gets live frames",
    clauses: ["streams.live-every-stream"],
  },
  "sse-topic-dropped-on-close": {
    description:
      "a stream that closes drops its resource's whole list of listeners, so the streams still open on it get no more live frames",
    clauses: ["streams.live-every-stream"],
  },
  "sse-keepalive-5s": {
    description: "the keep-alive comment goes out every 5 seconds instead of every 15",
    clauses: ["streams.keepalive-15s"],
  },
  "sse-keepalive-stops-on-close": {
    description:
      "the one timer behind every stream's keep-alives is stopped when any stream ends, so the streams still open fall silent",
    clauses: ["streams.keepalive-15s"],
  },
  "sse-keepalive-once": {
    description:
      "an idle stream gets its keep-alive comment 15 s after opening, then never again (a timeout, not an interval)",
    clauses: ["streams.keepalive-15s"],
  },
  "sse-cache-control-no-store": {
    description: "streams answer Cache-Control: no-store (the JSON routes' policy) instead of no-cache",
    clauses: ["streams.cache-control"],
  },
  "sse-no-event-line": {
    description:
      "frames are written as `data:` lines only, as a generic res.write helper does: no `event:` line, the name in the JSON alone",
    clauses: ["streams.frame-format"],
  },
  "sse-auth-error-frame": {
    description:
      "a stream route hijacks its reply before authenticating, so a missing or bad credential gets a 200 stream with an error frame instead of a 401",
    clauses: ["streams.bearer-required"],
  },
  "kb-stream-editor-only": {
    description: "GET /v1/knowledge/{kb_id}/events requires EDITOR, as starting a build does, so a VIEWER gets a 403",
    clauses: ["streams.any-role"],
  },
  "conversation-stream-editor-only": {
    description: "GET /v1/conversations/{id}/events requires EDITOR, as sending a message does, so a VIEWER gets a 403",
    clauses: ["streams.conversation-any-role"],
  },
  "snapshot-paged-by-query": {
    description:
      "the conversation snapshot is built by the items-list code with the request's own query, so ?limit=1&offset=1 narrows it",
    clauses: ["streams.no-query-parameters"],
  },
  "snapshot-items-newest-first": {
    description: "conversation.snapshot lists the items newest first (the chat view's order), unlike the items list",
    clauses: ["streams.conversation-snapshot"],
  },
  "item-created-wrapped": {
    description: "item.created carries the item wrapped as {event, item: {...}} instead of its fields beside event",
    clauses: ["streams.item-created-shape"],
  },
  "turn-frames-named-by-state": {
    description:
      "the turn lifecycle frames are named after their state (turn.queued, turn.started, turn.completed) instead of turn",
    clauses: ["streams.conversation-frame-names"],
  },
} as const satisfies Record<string, FaultSpec>;
