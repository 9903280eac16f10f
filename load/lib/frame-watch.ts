// What one stream showed, frame by frame (pure: the stream code and its unit test use it): whether
// its first frame was the snapshot (6.2 rule 1), how many frames and keep-alives came, and the
// longest silence between them. Keep-alives come every 15 s (6.2, 8), so on a healthy stream no
// silence, the last one until the stream ended included, is much longer than that.

export interface Frame {
  name: string;
  id: string;
  data: string;
}

export type FrameKind = "first" | "frame" | "keepalive";

export class FrameWatch {
  frames = 0;
  keepalives = 0;
  firstName: string | undefined;
  private last: number | undefined;
  private longest = 0;

  /** The stream opened (its headers arrived): silence is counted from here. */
  opened(now: number): void {
    this.last = now;
  }

  /** A keep-alive is a frame with no name, id or data (only a `:` comment). */
  frame(frame: Frame, now: number): FrameKind {
    this.silenceUntil(now);
    if (frame.name === "" && frame.data === "" && frame.id === "") {
      this.keepalives++;
      return "keepalive";
    }
    this.frames++;
    if (this.frames > 1) return "frame";
    this.firstName = frame.name;
    return "first";
  }

  /** The stream ended: the longest silence, the one since the last frame included; undefined if it never opened. */
  ended(now: number): number | undefined {
    if (this.last === undefined) return undefined;
    this.silenceUntil(now);
    return this.longest;
  }

  private silenceUntil(now: number): void {
    if (this.last === undefined) this.last = now;
    this.longest = Math.max(this.longest, now - this.last);
    this.last = now;
  }
}
