// One server-sent event frame on the wire (6.2): `event:` name, optional `id:` line, a `data:` line of JSON
// whose own `event` field repeats the name, then the blank line that ends the frame. The reference writes
// `\n` line ends and one data line; a legal variant's server writes the same frame another way (FrameStyle).

export interface SseFrame {
  event: string;
  /** Payload fields; `event` is added by the writer, so callers never spell the name twice. */
  data: Record<string, unknown>;
  /** The SSE `id:` line (6.2 rule 4: item.created carries the item id). */
  id?: string;
  /** A `retry:` field (milliseconds) for the client's reconnection delay. */
  retryMs?: number;
}

/** How a server writes frames (the event-stream format leaves all of these open). */
export interface FrameStyle {
  lineEnd: "\n" | "\r\n" | "\r";
  /** The JSON pretty-printed over several `data:` lines. */
  multilineData: boolean;
  /** `event:name` rather than `event: name`. */
  noSpace: boolean;
  /** data, id, event rather than event, id, data. */
  dataFirst: boolean;
}

export const REFERENCE_STYLE: FrameStyle = { lineEnd: "\n", multilineData: false, noSpace: false, dataFirst: false };

export interface FrameOptions {
  /** The key the frame name is repeated under; "event" unless a planted fault renames it. */
  eventKey?: string;
  style?: FrameStyle;
}

export function formatFrame(frame: SseFrame, options: FrameOptions = {}): string {
  const style = options.style ?? REFERENCE_STYLE;
  const { event: _ignored, ...payload } = frame.data;
  const json = { [options.eventKey ?? "event"]: frame.event, ...payload };
  // JSON.stringify escapes every newline inside strings, so the only line breaks are the layout's own.
  const body = style.multilineData ? JSON.stringify(json, null, 2) : JSON.stringify(json);
  const field = (name: string, value: string) => `${name}:${style.noSpace ? "" : " "}${value}`;
  const data = body.split("\n").map((line) => field("data", line));
  const id = frame.id === undefined ? [] : [field("id", frame.id.replace(/[\r\n\0]/g, ""))];
  const retry = frame.retryMs === undefined ? [] : [field("retry", String(frame.retryMs))];
  const event = [field("event", frame.event)];
  const lines = style.dataFirst ? [...data, ...id, ...retry, ...event] : [...event, ...id, ...retry, ...data];
  return `${lines.join(style.lineEnd)}${style.lineEnd}${style.lineEnd}`;
}

/** A comment line: clients ignore it, proxies and load balancers see traffic. */
export function keepAliveComment(text = " keep-alive", style: FrameStyle = REFERENCE_STYLE): string {
  return `:${text}${style.lineEnd}${style.lineEnd}`;
}

export const KEEP_ALIVE = keepAliveComment();
