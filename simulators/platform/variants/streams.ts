// The event-stream wire format (6.2: "`text/event-stream`, frames separated by a blank line. Each frame has
// an `event:` name and a JSON body whose own `event` field repeats the name"): the text/event-stream format
// itself (WHATWG HTML, server-sent events) leaves line endings, spaces, field order, comments and how the
// bytes are split to the server.
import type { VariantSpec } from "./variant.ts";

export const streamVariants = {
  "sse-crlf": {
    description: "stream lines end in CRLF (the event-stream format accepts CRLF, LF or CR)",
    section: "6.2",
    layer: "sse-line-ends",
  },
  "sse-cr": {
    description: "stream lines end in a lone CR (the event-stream format accepts CRLF, LF or CR)",
    section: "6.2",
    layer: "sse-line-ends",
  },
  "sse-multiline-data": {
    description:
      "each frame's JSON is pretty-printed over several `data:` lines, which the format joins with newlines into one body",
    section: "6.2",
    layer: "sse-data-lines",
  },
  "sse-no-space": {
    description:
      "field lines are written `event:name` and `data:{...}`, with no space after the colon (one is optional)",
    section: "6.2",
    layer: "sse-field-space",
  },
  "sse-field-order": {
    description: "each frame writes its `data:` line first, then `id:`, then `event:` (field order is free)",
    section: "6.2",
    layer: "sse-field-order",
  },
  "sse-keepalive-text": {
    description: "the keep-alive comment reads `:ping` (6.2: `A line starting with : is a keep-alive`)",
    section: "6.2",
    layer: "sse-keepalive-text",
  },
  "sse-open-comment": {
    description:
      "a comment line `: stream open` comes before the snapshot (a comment is not a frame, so the snapshot is still the first frame)",
    section: "6.2",
    layer: "sse-open-comment",
  },
  "sse-retry": {
    description: "the snapshot frame also carries a `retry: 3000` field (a reconnection delay for the client)",
    section: "6.2",
    layer: "sse-retry",
  },
  "sse-id-lines": {
    description:
      "every frame carries an `id:` line, also those rule 4 does not ask one of (the server reads no Last-Event-ID either way)",
    section: "6.2",
    layer: "sse-ids",
  },
  "sse-small-writes": {
    description: "every frame reaches the socket in writes of at most 7 bytes (a proxy may split a stream anywhere)",
    section: "6.2",
    layer: "sse-writes",
  },
  "sse-gzip": {
    description:
      "event streams are gzip-coded (`Content-Encoding: gzip`), flushed after every write so each frame and keep-alive leaves at once (the harness sends no Accept-Encoding, which accepts any coding: RFC 9110 12.5.3)",
    section: "6.2",
    layer: "sse-coding",
  },
  "sse-extra-fields": {
    description:
      "frames carry payload fields the spec does not name (6.2: `Payload fields of the frames beyond those named above ... not shown`); item.created keeps the items list's shape",
    section: "6.2",
    layer: "sse-extra-fields",
  },
  "sse-delta-text-field": {
    description:
      "assistant.delta carries its chunk in `text` rather than `delta` (6.2 names the frame, not its fields)",
    section: "6.2",
    layer: "sse-delta-field",
    reach: ["streams"],
  },
  "sse-delta-content-field": {
    description:
      'assistant.delta carries its chunk in `content`, a name the default profile does not read: the vendor\'s profile says `stream_delta_fields: ["content"]` (6.2 names the frame, not its fields)',
    section: "6.2",
    layer: "sse-delta-field",
    profile: { stream_delta_fields: ["content"] },
  },
  "kb-progress-frame-flat": {
    description:
      "a knowledge-base build's progress frames carry done, failed, total, message and phase at their top level, not in a `progress` object (6.2 names the frame `progress (one step of the running build)`, not its fields)",
    section: "6.2",
    layer: "kb-progress-frame",
    reach: ["knowledge"],
  },
  "kb-progress-frame-text": {
    description:
      "a knowledge-base build's progress frames carry one line of text for the step (`step`) and none of 2.2's progress fields (6.2: `progress (one step of the running build)`; `Payload fields of the frames beyond those named above ... not shown`)",
    section: "6.2",
    layer: "kb-progress-frame",
    reach: ["knowledge"],
  },
  "sse-query-422": {
    description:
      "a stream request with query parameters is a 422 before any stream opens (6.2: `None take query parameters`)",
    section: "6.2",
    layer: "sse-query",
    reach: ["streams"],
  },
} as const satisfies Record<string, VariantSpec>;
