// Metrics of conversation streams and messages (6.2), shared by the streams and soak scenarios.
import { Counter, Rate, Trend } from "k6/metrics";

export const streamMetrics = {
  /** Data frames received (keep-alives excluded); its rate is frames per second. */
  frames: new Counter("stream_frames"),
  /** `:` comment lines, the 15-second keep-alive (6.2, 8). */
  keepalives: new Counter("stream_keepalives"),
  /** Per stream: the longest time without a frame or keep-alive, until it ended included. */
  longestSilence: new Trend("stream_longest_silence_ms", true),
  /** Streams opened again after the previous one ended. */
  reconnects: new Counter("stream_reconnects"),
  /** Every connection's first frame is conversation.snapshot (6.2 rule 1). */
  snapshotFirst: new Rate("stream_snapshot_first"),
  /** The snapshot also comes first after a reconnect (6.2 rule 1). */
  snapshotOnReconnect: new Rate("stream_snapshot_on_reconnect"),
  /** A subscription that could not open (status other than 200, or no connection). */
  openFailed: new Rate("stream_open_failed"),
  /** Error events on open streams (cut, idle past the keep-alive bound, a frame too large). */
  errors: new Counter("stream_errors"),
  /** Time from the message POST to the answering assistant.completed. */
  replyMs: new Trend("assistant_reply_ms", true),
  /** The answer came before the reply timeout. */
  replied: new Rate("assistant_replied"),
  posted: new Counter("messages_posted"),
};
