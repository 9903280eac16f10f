// One open SSE response: headers, frames, keep-alive bookkeeping and a clean end. It owns no timer; the
// hub's single ticker decides when a keep-alive is due, so thousands of open streams cost one interval.
import type { ServerResponse } from "node:http";
import { KEEP_ALIVE } from "./frame.ts";

/** A client that stops reading is dropped rather than buffered without bound (delivery is best effort, 6.2 rule 2). */
const MAX_BUFFERED_BYTES = 1024 * 1024;

export interface StreamHeaders {
  contentType: string;
  accelBuffering: boolean;
}

export class SseConnection {
  private nextKeepAliveAt: number;
  private readonly onClosed: Array<() => void> = [];

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

  write(text: string): void {
    if (!this.isOpen) return;
    if (this.res.writableLength > MAX_BUFFERED_BYTES) {
      this.res.destroy();
      return;
    }
    this.res.write(text);
  }

  /** Called by the hub's ticker; sends a comment when this stream's 15 s (configured) slot has come. */
  keepAliveIfDue(now: number): void {
    if (now < this.nextKeepAliveAt) return;
    this.nextKeepAliveAt = now + this.keepAliveMs;
    this.keepAlivesSent += 1;
    this.write(KEEP_ALIVE);
  }

  /** Keep-alive comments written so far (read by the planted `sse-keepalive-once` fault). */
  keepAlivesSent = 0;

  onClose(listener: () => void): void {
    if (this.res.destroyed) listener();
    else this.onClosed.push(listener);
  }

  end(): void {
    if (this.isOpen) this.res.end();
  }
}
