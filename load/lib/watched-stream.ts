// One conversation stream held with sse.openAsync (so a VU can hold several) and closed by us
// after `lifetimeMs`, recording what every stream is judged on: snapshot first, frames,
// keep-alives, the longest silence, error events and whether it opened at all.
import { check } from "k6";
import { clearTimeout, setTimeout, type TimeoutID } from "k6/timers";
import sse, { type SseClient, type SseEvent } from "k6/x/sse";
import { eventsUrl, streamParams } from "./conversation.ts";
import { type FrameKind, FrameWatch } from "./frame-watch.ts";
import { STREAM_IDLE_MS } from "./keepalive.ts";
import { streamMetrics as m } from "./stream-metrics.ts";

/** Past the lifetime, the extension's own timeout ends a stream our timer somehow did not. */
const HARD_BOUND_MARGIN_MS = 5_000;

export interface WatchOptions {
  conversationId: string;
  role: "sender" | "subscriber";
  lifetimeMs: number;
  /** A previous stream of this subscriber ended: this one is a reconnect. */
  reconnect: boolean;
  /** Called for every frame, after it was counted. */
  onFrame?: (event: SseEvent, kind: FrameKind, client: SseClient) => void;
}

/** Holds the stream to its end; answers whether it opened (status 200). */
export async function watchStream(o: WatchOptions): Promise<boolean> {
  const watch = new FrameWatch();
  let closer: TimeoutID | undefined;
  const params = streamParams(o.role, o.lifetimeMs + HARD_BOUND_MARGIN_MS, STREAM_IDLE_MS);
  const res = await sse.openAsync(eventsUrl(o.conversationId), params, (client) => {
    client.on("open", () => {
      watch.opened(Date.now());
      closer = setTimeout(() => client.close(), o.lifetimeMs);
    });
    client.on("event", (event) => {
      const kind = watch.frame(event, Date.now());
      if (kind === "keepalive") m.keepalives.add(1);
      else m.frames.add(1);
      if (kind === "first") {
        const snapshot = event.name === "conversation.snapshot";
        m.snapshotFirst.add(snapshot);
        if (o.reconnect) m.snapshotOnReconnect.add(snapshot);
      }
      o.onFrame?.(event, kind, client);
    });
    client.on("error", (error) => {
      m.errors.add(1, { role: o.role });
      console.warn(`${o.role} stream of conversation ${o.conversationId}: ${error.error()}`);
    });
  });
  if (closer !== undefined) clearTimeout(closer);
  const opened = res.status === 200;
  check(res, { "conversation.events: stream opens (200)": () => opened });
  m.openFailed.add(!opened);
  const silence = watch.ended(Date.now());
  if (silence !== undefined) m.longestSilence.add(silence, { role: o.role });
  return opened;
}
