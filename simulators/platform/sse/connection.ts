// One open SSE response: headers, frames, keep-alive bookkeeping and a clean end. It owns no timer; the
// hub's single ticker decides when a keep-alive is due, so thousands of open streams cost one interval.
// Live frames wait in `pending` until the hub flushes them: frames published while a fan-out is under way
// leave in one write per stream instead of one each.
import type { ServerResponse } from "node:http";

/** A client that stops reading is dropped rather than buffered without bound (delivery is best effort, 6.2 rule 2). */
const MAX_BUFFERED_BYTES = 1024 * 1024;

export interface StreamHeaders {
  contentType: string;
  accelBuffering: boolean;
}

export class SseConnection {
  private nextKeepAliveAt: number;
  private readonly onClosed: Array<() => void> = [];
  /** Encoded frames queued for the next flush, oldest first, and their size. */
  private pending: Buffer[] = [];
  private pendingBytes = 0;

  constructor(
    private readonly res: ServerResponse,
    readonly topic: string,
    private readonly keepAliveMs: number,
    now: number,
  ) {
    this.nextKeepAliveAt = now + keepAliveMs;
    res.once("close", () => {
      for (const listener of this.onClosed.splice(0)) listener();
    });
  }

  /** 6.2 wire format headers; written once, before the first frame. */
  open(headers: StreamHeaders): void {
    // Keep-alives are this stream's liveness signal; the server's idle timeout must not end it first.
    this.res.socket?.setTimeout(0);
    this.res.writeHead(200, {
      "content-type": headers.contentType,
      "cache-control": "no-cache",
      ...(headers.accelBuffering ? { "x-accel-buffering": "no" } : {}),
      connection: "keep-alive",
    });
    this.res.flushHeaders();
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

  /** Sends everything queued in one write. */
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
    this.res.write(bytes);
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

  end(): void {
    this.flush();
    if (this.isOpen) this.res.end();
  }
}
