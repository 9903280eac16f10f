// The SSE hub of one platform instance (6.2): opens streams after the handler has found the resource (so an
// unknown one is a plain 404 envelope, never an opened stream), sends the snapshot first on every
// connection, relays live frames per topic (never queued or replayed), keeps idle streams alive with one
// shared ticker, and ends every stream when the instance closes.
//
// Query parameters: the spec says none of the six streams takes one. The hub ignores a query string (as
// FastAPI-style servers ignore unknown query parameters) rather than rejecting it with 422: nothing a client
// adds can narrow or replay what it is sent, and a stray cache-buster does not break a reconnect.
import type { FastifyInstance, FastifyReply } from "fastify";
import { streamFrameShapes } from "../../../spec/operations.ts";
import { shapeMaps } from "../../../spec/profile.ts";
import { reshapes, shapeFrame } from "../../../spec/reshape.ts";
import type { ShapeName } from "../../../spec/shapes.ts";
import { ApiError } from "../../shared/api-error.ts";
import type { PlatformContext } from "../context.ts";
import { SseConnection } from "./connection.ts";
import { formatFrame, type SseFrame } from "./frame.ts";
import { streamWriting } from "./variant-style.ts";

export const DEFAULT_KEEP_ALIVE_MS = 15_000;

/**
 * Streams written per turn of the event loop while flushing. Between slices the loop serves other work
 * (the post that made the frame, the model's next chunk), and frames published meanwhile join the writes
 * of the streams not reached yet: ten thousand streams cost about one write each per burst of frames.
 */
const FLUSH_SLICE = 500;

export interface OpenOptions {
  /** Who listens: frames published to this topic reach the stream, e.g. `conversation:<ws>:<id>`. */
  topic: string;
  /** The whole current state, built at the instant the stream subscribes (6.2 rule 1). */
  snapshot: () => SseFrame;
  /**
   * Frames written right after the snapshot. Conforming streams have none (rule 2: never queued or
   * replayed); only planted faults pass one. Gets the request's Last-Event-ID, which the hub never reads.
   */
  replay?: (lastEventId: string | undefined) => SseFrame[];
  /** How long after the snapshot the planted replay is written (a store read); at once when absent. */
  replayDelayMs?: number;
}

export class SseHub {
  private readonly topics = new Map<string, Set<SseConnection>>();
  /** Topics that already had a snapshot: only read by the planted `sse-snapshot-only-first` fault. */
  private readonly snapshotted = new Set<string>();
  private ticker: NodeJS.Timeout | undefined;
  private openCount = 0;
  /** Streams with frames queued, in the order they were first queued. */
  private readonly dirty = new Set<SseConnection>();
  private flushScheduled = false;
  readonly keepAliveMs: number;
  /** How this instance writes frames: the reference's way, or a legal variant's. */
  private readonly writing: ReturnType<typeof streamWriting>;
  /** The keep-alive comment as this instance writes it (6.2: "A line starting with : is a keep-alive"). */
  private readonly keepAliveBytes: Buffer;
  /** The shapes of the frames of every stream, by frame name, when the served profile moves or rewords any. */
  private readonly frameShapes: Readonly<Record<string, ShapeName>> | undefined;

  constructor(private readonly ctx: PlatformContext) {
    const configured = ctx.sseKeepAliveMs ?? DEFAULT_KEEP_ALIVE_MS;
    this.keepAliveMs = ctx.faults.has("sse-keepalive-30s") ? configured * 2 : configured;
    this.writing = streamWriting(ctx.variants, ctx.profile);
    this.keepAliveBytes = Buffer.from(this.writing.keepAlive);
    this.frameShapes = reshapes(shapeMaps(ctx.profile)) ? streamFrameShapes() : undefined;
  }

  /** Hijacks the reply and streams it; call only after every 404 and 422 has had its chance. */
  open(reply: FastifyReply, options: OpenOptions): SseConnection {
    const { ctx } = this;
    if (ctx.variants.has("sse-query-422")) refuseQuery(reply.request.query);
    reply.hijack();
    const connection = new SseConnection(
      reply.raw,
      options.topic,
      this.keepAliveMs,
      Date.now(),
      this.writing.connection,
    );
    connection.open({
      contentType: ctx.faults.has("sse-content-type-text-plain")
        ? "text/plain; charset=utf-8"
        : "text/event-stream; charset=utf-8",
      accelBuffering: !ctx.faults.has("sse-no-accel-buffering"),
      // The planted bug: the header a JSON route's no-store policy writes.
      cacheControl: ctx.faults.has("sse-cache-control-no-store") ? "no-store" : "no-cache",
    });
    // Snapshot and subscription happen in one synchronous step, so no live frame falls between them.
    const skipSnapshot = ctx.faults.has("sse-snapshot-only-first") && this.snapshotted.has(options.topic);
    if (this.writing.openComment !== undefined) connection.write(this.writing.openComment);
    if (!skipSnapshot) connection.write(this.format(this.writing.snapshot(options.snapshot())));
    if (ctx.faults.has("sse-snapshot-only-first")) this.snapshotted.add(options.topic);
    if (options.replay !== undefined) {
      const lastEventId = reply.request.headers["last-event-id"];
      const frames = options.replay(typeof lastEventId === "string" ? lastEventId : undefined);
      const write = () => {
        for (const frame of frames) connection.write(this.format(frame));
      };
      if (options.replayDelayMs === undefined) write();
      else setTimeout(write, options.replayDelayMs).unref();
    }
    if (ctx.faults.has("sse-subscribe-after-snapshot")) {
      // The planted bug: the subscriber is registered after an awaited round trip (a pub/sub SUBSCRIBE), so
      // frames published between the snapshot and the registration reach nobody.
      void brokerRoundTrip().then(() => this.subscribe(connection));
    } else {
      this.subscribe(connection);
    }
    return connection;
  }

  /** Frames published to the connection's topic reach it from now on, until it closes. */
  private subscribe(connection: SseConnection): void {
    if (!connection.isOpen) return;
    this.add(connection);
    connection.onClose(() => this.remove(connection));
  }

  /** Relays a frame to every stream open on the topic now; nobody listening means nobody gets it. */
  publish(topic: string, frame: SseFrame): void {
    const listeners = this.topics.get(topic);
    if (listeners === undefined) return;
    // Encoded once for every listener.
    const bytes = Buffer.from(this.format(frame));
    for (const connection of listeners) this.queue(connection, bytes);
  }

  private queue(connection: SseConnection, bytes: Buffer): void {
    if (connection.queue(bytes)) this.dirty.add(connection);
    if (!this.flushScheduled && this.dirty.size > 0) {
      this.flushScheduled = true;
      setImmediate(() => this.flushSlice());
    }
  }

  private flushSlice(): void {
    this.flushScheduled = false;
    let written = 0;
    for (const connection of this.dirty) {
      this.dirty.delete(connection);
      connection.flush();
      if (++written === FLUSH_SLICE) break;
    }
    if (this.dirty.size > 0) {
      this.flushScheduled = true;
      setImmediate(() => this.flushSlice());
    }
  }

  listeners(topic: string): number {
    return this.topics.get(topic)?.size ?? 0;
  }

  get size(): number {
    return this.openCount;
  }

  /** Ends every stream cleanly (instance shutdown), so closing never waits on a client. */
  closeAll(): void {
    this.dirty.clear();
    for (const connections of this.topics.values()) for (const connection of connections) connection.end();
  }

  private format(frame: SseFrame): string {
    const text = formatFrame(this.writing.frame(this.shaped(frame)), {
      eventKey: this.ctx.faults.has("sse-event-field-renamed") ? "type" : "event",
      style: this.writing.style,
    });
    // The planted bug writes `data:` lines only, as a generic res.write helper does: the name is in the JSON only.
    return this.ctx.faults.has("sse-no-event-line") ? withoutEventLine(text) : text;
  }

  /** The frame in the served profile's shapes (`serve --profile`): the reference's own when it moves nothing. */
  private shaped(frame: SseFrame): SseFrame {
    if (this.frameShapes === undefined) return frame;
    const data = shapeFrame(shapeMaps(this.ctx.profile), this.frameShapes, frame.event, frame.data, "write");
    return { ...frame, data: data as SseFrame["data"] };
  }

  private add(connection: SseConnection): void {
    let set = this.topics.get(connection.topic);
    if (set === undefined || this.ctx.faults.has("sse-latest-stream-only")) {
      set = new Set();
      this.topics.set(connection.topic, set);
    }
    set.add(connection);
    this.openCount += 1;
    this.ticker ??= setInterval(() => this.tick(), tickMs(this.keepAliveMs));
    this.ticker.unref();
  }

  private remove(connection: SseConnection): void {
    const set = this.topics.get(connection.topic);
    if (set?.delete(connection) !== true) return;
    this.dirty.delete(connection);
    if (set.size === 0 || this.ctx.faults.has("sse-topic-dropped-on-close")) this.topics.delete(connection.topic);
    this.openCount -= 1;
    if ((this.openCount === 0 || this.ctx.faults.has("sse-keepalive-stops-on-close")) && this.ticker !== undefined) {
      clearInterval(this.ticker);
      this.ticker = undefined;
    }
  }

  private tick(): void {
    const now = Date.now();
    // The planted bug arms the keep-alive once per stream (a timeout where an interval belongs).
    const once = this.ctx.faults.has("sse-keepalive-once");
    for (const connections of this.topics.values())
      for (const connection of connections)
        if ((!once || connection.keepAlivesSent === 0) && connection.keepAliveDue(now))
          this.queue(connection, this.keepAliveBytes);
  }
}

/** `sse-query-422` (legal variants only): 6.2 says none of the streams takes a query parameter, so a server may refuse any. */
function refuseQuery(query: unknown): void {
  const names = Object.keys((query ?? {}) as object);
  if (names.length === 0) return;
  const lines = names.sort().map((name) => `${name}: not a parameter of this stream`);
  throw new ApiError(422, lines.length === 1 ? lines[0]! : `${lines.length} problems in the request`, lines);
}

/** Fine enough that a keep-alive is at most 1/60 of the interval late (250 ms at 15 s), coarse enough to be cheap. */
function tickMs(keepAliveMs: number): number {
  return Math.min(250, Math.max(10, Math.floor(keepAliveMs / 60)));
}

/** The planted `sse-subscribe-after-snapshot` round trip: a slow broker, widened so a client can act inside it. */
const BROKER_ROUND_TRIP_MS = 300;

function brokerRoundTrip(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, BROKER_ROUND_TRIP_MS));
}

const hubs = new WeakMap<PlatformContext, SseHub>();

/**
 * The hub of this platform instance, created by the first route module that asks for it (conversations,
 * knowledge...). Call it while registering routes: it adds the hook that ends every stream on close.
 */
export function sseHub(app: FastifyInstance, ctx: PlatformContext): SseHub {
  let hub = hubs.get(ctx);
  if (hub === undefined) {
    const created = new SseHub(ctx);
    app.addHook("preClose", async () => created.closeAll());
    hubs.set(ctx, created);
    hub = created;
  }
  return hub;
}

/** A frame without its `event:` line (planted faults only). */
function withoutEventLine(text: string): string {
  return text.replace(/^event:[^\r\n]*(?:\r\n|\r|\n)/m, "");
}
