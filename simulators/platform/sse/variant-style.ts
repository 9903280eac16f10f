// How the stream variants (simulators/platform/variants/streams.ts, and the records' `extra-fields`) write
// an instance's frames: line ends, data lines, field order, comments, ids, retry, payload fields, pacing.

import { DEFAULT_PROFILE, type Profile } from "../../../spec/profile.ts";
import { VENDOR_EXTENSION } from "../http/variant-json.ts";
import type { VariantSet } from "../variants/index.ts";
import type { WriteOptions } from "./connection.ts";
import { type FrameStyle, keepAliveComment, REFERENCE_STYLE, type SseFrame } from "./frame.ts";

/** Extra payload fields of `sse-extra-fields` (frames other than item.created, which keeps the list's shape). */
const STREAM_EXTENSION = { stream_meta: { server: "reference-variant", sequence_kind: "none" } };

export interface StreamWriting {
  style: FrameStyle;
  /** The keep-alive comment as written on the wire. */
  keepAlive: string;
  connection: WriteOptions;
  /** A comment written before the snapshot, if any. */
  openComment?: string;
  /** The snapshot frame as written (a `retry:` field, ...). */
  snapshot(frame: SseFrame): SseFrame;
  /** Any frame as written (ids, payload fields). */
  frame(frame: SseFrame): SseFrame;
}

export function streamWriting(variants: VariantSet, profile: Profile = DEFAULT_PROFILE): StreamWriting {
  // The served profile's first chunk field (`stream_delta_fields`), unless a variant writes its own.
  const profileDelta = profile.stream_delta_fields[0] === "delta" ? undefined : profile.stream_delta_fields[0];
  const style: FrameStyle = {
    ...REFERENCE_STYLE,
    lineEnd: variants.has("sse-crlf") ? "\r\n" : variants.has("sse-cr") ? "\r" : "\n",
    multilineData: variants.has("sse-multiline-data"),
    noSpace: variants.has("sse-no-space"),
    dataFirst: variants.has("sse-field-order"),
  };
  let sequence = 0;
  return {
    style,
    keepAlive: keepAliveComment(variants.has("sse-keepalive-text") ? "ping" : " keep-alive", style),
    connection: {
      ...(variants.has("stream-first-byte-300ms") ? { firstByteDelayMs: 300 } : {}),
      ...(variants.has("sse-small-writes") ? { pieceBytes: 7 } : {}),
      ...(variants.has("sse-gzip") ? { gzip: true } : {}),
    },
    ...(variants.has("sse-open-comment") ? { openComment: keepAliveComment(" stream open", style) } : {}),
    snapshot: (frame) => (variants.has("sse-retry") ? { ...frame, retryMs: 3_000 } : frame),
    frame: (frame) => {
      let data = frame.data;
      if (variants.has("extra-fields")) data = withItemExtensions(frame.event, data);
      if (variants.has("sse-extra-fields") && frame.event !== "item.created") data = { ...data, ...STREAM_EXTENSION };
      const deltaField = variants.has("sse-delta-text-field") ? "text" : profileDelta;
      if (deltaField !== undefined && frame.event === "assistant.delta" && "delta" in data) {
        const { delta, ...rest } = data;
        data = { ...rest, [deltaField]: delta };
      }
      sequence += 1;
      const id = frame.id ?? (variants.has("sse-id-lines") ? `f${sequence}` : undefined);
      return { ...frame, data, ...(id === undefined ? {} : { id }) };
    },
  };
}

/** `extra-fields`: items on the conversation stream carry the field the items list carries (6.2: same shape). */
function withItemExtensions(event: string, data: Record<string, unknown>): Record<string, unknown> {
  if (event === "item.created") return { ...data, ...VENDOR_EXTENSION };
  if (event === "conversation.snapshot" && Array.isArray(data.items)) {
    return { ...data, items: data.items.map((item) => ({ ...(item as object), ...VENDOR_EXTENSION })) };
  }
  return data;
}
