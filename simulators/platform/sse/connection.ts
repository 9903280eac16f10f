// One open SSE response: headers, frames, keep-alive bookkeeping and a clean end. It owns no timer; the
// hub's single ticker decides when a keep-alive is due, so thousands of open streams cost one interval.
// Live frames wait in `pending` until the hub flushes them: frames published while a fan-out is under way
// leave in one write per stream instead of one each. Legal variants may hold the first byte back a while, or
// hand the socket a flush in many small writes.
import type { ServerResponse } from "node:http";
import { constants, createGzip, type Gzip } from "node:zlib";

/** A client that stops reading is dropped rather than buffered without bound (delivery is best effort, 6.2 rule 2). */
const MAX_BUFFERED_BYTES = 1024 * 1024;

export interface StreamHeaders {
  contentType: string;
  accelBuffering: boolean;
  cacheControl: string;
}

export interface WriteOptions {
  /** Nothing, headers included, leaves before this many ms (the `stream-first-byte-300ms` variant). */
  firstByteDelayMs?: number;
  /** Each flush reaches the socket in writes of at most this many bytes, one per turn of the event loop. */
  pieceBytes?: number;
  /** The body is gzip-coded, flushed after every write so each frame leaves at once (the `sse-gzip` variant). */
  gzip?: boolean;
}

export class SseConnection {
  private nextKeepAliveAt: number;
  private readonly onClosed: Array<() => void> = [];
  /** Encoded frames queued for the next flush, oldest first, and their size. */
  private pending: Buffer[] = [];
  private pendingBytes = 0;
  /** Flushed bytes not yet handed to the socket: held before the first byte, or waiting for their small write. */
  private readonly outbox: Buffer[] = [];
  private held = false;
  private pumping = false;
  private endRequested = false;
  /** The gzip coder the body goes through under the `sse-gzip` variant, piped into the response. */
  private gzip: Gzip | undefined;

  constructor(
    private readonly res: ServerResponse,
    readonly topic: string,
    private readonly keepAliveMs: number,
    now: number,
    private readonly options: WriteOptions = {},
  ) {
    this.nextKeepAliveAt = now + keepAliveMs;
    res.once("close", () => {
      this.gzip?.destroy();
      for (const listener of this.onClosed.splice(0)) listener();
    });
  }

  /** 6.2 wire format headers; written once, before the first frame. */
  open(headers: StreamHeaders): void {
    // Keep-alives are this stream's liveness signal; the server's idle timeout must not end it first.
    this.res.socket?.setTimeout(0);
    const writeHead = () => {
      if (this.res.destroyed) return;
      this.res.writeHead(200, {
        "content-type": headers.contentType,
        "cache-control": headers.cacheControl,
        ...(headers.accelBuffering ? { "x-accel-buffering": "no" } : {}),
        ...(this.options.gzip ? { "content-encoding": "gzip" } : {}),
        connection: "keep-alive",
      });
      this.res.flushHeaders();
      if (this.options.gzip) {
        this.gzip = createGzip();
        this.gzip.on("error", () => this.res.destroy());
        this.gzip.pipe(this.res);
      }
    };
    const delay = this.options.firstByteDelayMs ?? 0;
    if (delay <= 0) {
      writeHead();
      return;
    }
    this.held = true;
    setTimeout(() => {
      writeHead();
      this.held = false;
      this.pump();
    }, delay).unref();
  }

  get isOpen(): boolean {
    return !this.res.destroyed && !this.res.writableEnded;
  }

  /** Writes now, after anything queued (the snapshot at subscription, when nothing is queued yet). */
  write(text: string | Buffer): void {
    this.queue(typeof text === "string" ? Buffer.from(text) : text);
    this.flush();
  }

  /** Queues an encoded frame for the next flush; true when the queue was empty (the hub then owes a flush). */
  queue(bytes: Buffer): boolean {
    if (!this.isOpen) return false;
    this.pending.push(bytes);
    this.pendingBytes += bytes.length;
    return this.pending.length === 1;
  }

  /** Sends everything queued in one write (or, for a variant, in its small writes). */
  flush(): void {
    if (this.pending.length === 0) return;
    const bytes = this.pending.length === 1 ? this.pending[0]! : Buffer.concat(this.pending, this.pendingBytes);
    this.pending = [];
    this.pendingBytes = 0;
    if (!this.isOpen) return;
    if (this.res.writableLength + bytes.length > MAX_BUFFERED_BYTES) {
      this.res.destroy();
      return;
    }
    if (!this.held && this.options.pieceBytes === undefined && this.outbox.length === 0) {
      this.send(bytes);
      return;
    }
    const size = this.options.pieceBytes ?? bytes.length;
    for (let at = 0; at < bytes.length; at += size) this.outbox.push(bytes.subarray(at, at + size));
    this.pump();
  }

  /** One write to the socket, or through the gzip coder, flushed so it leaves now. */
  private send(bytes: Buffer): void {
    if (this.gzip === undefined) {
      this.res.write(bytes);
      return;
    }
    this.gzip.write(bytes);
    this.gzip.flush(constants.Z_SYNC_FLUSH);
  }

  /** Hands the outbox to the socket, all at once or a small piece a turn (legal variants only: a held first byte, small writes). */
  private pump(): void {
    if (this.held || this.pumping) return;
    if (this.options.pieceBytes === undefined) {
      for (const piece of this.outbox.splice(0)) if (this.isOpen) this.send(piece);
      if (this.endRequested) this.end();
      return;
    }
    const piece = this.outbox.shift();
    if (piece === undefined) {
      if (this.endRequested) this.end();
      return;
    }
    if (this.isOpen) this.send(piece);
    this.pumping = true;
    setImmediate(() => {
      this.pumping = false;
      this.pump();
    });
  }

  /** Called by the hub's ticker: whether this stream's 15 s (configured) slot for a keep-alive has come (the hub then queues one). */
  keepAliveDue(now: number): boolean {
    if (now < this.nextKeepAliveAt) return false;
    this.nextKeepAliveAt = now + this.keepAliveMs;
    this.keepAlivesSent += 1;
    return true;
  }

  /** Keep-alive comments queued so far (read by the planted `sse-keepalive-once` fault). */
  keepAlivesSent = 0;

  onClose(listener: () => void): void {
    if (this.res.destroyed) listener();
    else this.onClosed.push(listener);
  }

  /** Ends the response once what was written has left (at once when nothing is waiting). */
  end(): void {
    this.flush();
    if (this.outbox.length > 0 || this.held || this.pumping) {
      this.endRequested = true;
      if (this.held) this.res.destroy();
      return;
    }
    if (!this.isOpen) return;
    if (this.gzip === undefined) this.res.end();
    else this.gzip.end();
  }
}
