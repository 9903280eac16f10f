// One server-sent event frame on the wire (6.2): `event:` name, optional `id:` line, one `data:` line of
// JSON whose own `event` field repeats the name, then the blank line that ends the frame.

export interface SseFrame {
  event: string;
  /** Payload fields; `event` is added by the writer, so callers never spell the name twice. */
  data: Record<string, unknown>;
  /** The SSE `id:` line (6.2 rule 4: item.created carries the item id). */
  id?: string;
}

export interface FrameOptions {
  /** The key the frame name is repeated under; "event" unless a planted fault renames it. */
  eventKey?: string;
}

/** `\n` line endings only; JSON.stringify escapes every newline, so the data is always one line. */
export function formatFrame(frame: SseFrame, options: FrameOptions = {}): string {
  const { event: _ignored, ...payload } = frame.data;
  const body = JSON.stringify({ [options.eventKey ?? "event"]: frame.event, ...payload });
  const id = frame.id === undefined ? "" : `id: ${frame.id.replace(/[\r\n\0]/g, "")}\n`;
  return `event: ${frame.event}\n${id}data: ${body}\n\n`;
}

/** A comment line: clients ignore it, proxies and load balancers see traffic. */
export const KEEP_ALIVE = ": keep-alive\n\n";
