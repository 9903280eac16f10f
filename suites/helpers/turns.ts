// How a turn the checks made fail shows on a conversation stream (6.2). turn.failed is for a turn "the API
// could not queue ... at all"; a turn the API queued and then could not run (no key, a provider that does not
// answer) ends in the turn lifecycle, whose values the spec does not show: a stream opened through the profile
// (mustOpenStream) reads a turn frame's status as its meaning, so a server's word for a failed turn
// (`words.turn_status.failed`, by default `failed`) reads as `failed`. Frames are tied to their turn by naming the
// triggering item anywhere in their body (the fields that name it are not shown, beyond assistant.started's).
import type { SseFrame, SseStream } from "../../runner/client/sse-client.ts";

/** Whether a frame names `itemId` anywhere in its body. */
export const mentions = (frame: SseFrame, itemId: string): boolean => frame.data.includes(itemId);

const statusOf = (frame: SseFrame): unknown => (frame.json as { status?: unknown } | undefined)?.status;

/** A turn frame of `itemId`'s turn saying it failed (its status read through the profile's words). */
function failedInLifecycle(frame: SseFrame, itemId: string): boolean {
  return frame.event === "turn" && mentions(frame, itemId) && statusOf(frame) === "failed";
}

/**
 * Waits for the end of `itemId`'s failed turn: turn.failed (never queued) or a turn frame in a failed word
 * (queued, then failed). A reply starting instead (assistant.started of that item) is answered as such, so the
 * caller fails at once rather than at the deadline.
 */
export async function failedTurn(
  stream: SseStream,
  itemId: string,
  wait: { timeoutMs: number; from?: number; what: string },
): Promise<"not-queued" | "queued" | "replied"> {
  const frame = await stream.waitFor(
    (f) =>
      (f.event === "turn.failed" && mentions(f, itemId)) ||
      failedInLifecycle(f, itemId) ||
      (f.event === "assistant.started" && mentions(f, itemId)),
    wait,
  );
  if (frame.event === "turn.failed") return "not-queued";
  return frame.event === "turn" ? "queued" : "replied";
}

/** The first frame of `itemId`'s turn: turn.failed (the API could not queue it) or a turn frame (it queued it). */
export function firstTurnFrame(
  stream: SseStream,
  itemId: string,
  wait: { timeoutMs: number; from?: number; what: string },
): Promise<SseFrame> {
  return stream.waitFor((f) => (f.event === "turn.failed" || f.event === "turn") && mentions(f, itemId), wait);
}
