// The pure parts of the streams workload: which VU holds which stream, what a stream showed
// (snapshot first, keep-alives, the longest silence), which assistant.completed answers our
// message, and whether the asked message rate went out.
import { describe, expect, it } from "vitest";
import { FrameWatch } from "../../load/lib/frame-watch.ts";
import { ReplyMatcher } from "../../load/lib/reply-match.ts";
import { MESSAGE_SHARE, messageRateFinding } from "../../load/lib/stream-findings.ts";
import { allStreams, streamsOf } from "../../load/lib/streams-plan.ts";
import type { SummaryData } from "../../load/lib/summary-data.ts";

describe("streams plan", () => {
  it.each([
    [1, 3, 3],
    [3, 3, 3],
    [5, 3, 3],
    [12, 3, 3],
    [2, 4, 1],
  ])(
    "with %i VUs, %i conversations and %i subscribers each: every stream held once, one sender per conversation",
    (vus, conversations, subscribers) => {
      const held = Array.from({ length: vus }, (_, vu) => streamsOf(vu, vus, conversations, subscribers));
      expect(held.flat()).toHaveLength(conversations * (1 + subscribers));
      expect(new Set(held.flat().map((r) => JSON.stringify(r))).size).toBe(conversations * (1 + subscribers));
      for (let c = 0; c < conversations; c++) {
        const ofConversation = held.flat().filter((r) => r.conversation === c);
        expect(ofConversation.filter((r) => r.kind === "sender")).toHaveLength(1);
        expect(ofConversation.filter((r) => r.wholeRun)).toHaveLength(1);
      }
      // Fewer VUs than streams: a VU holds several at once.
      if (vus < conversations * (1 + subscribers)) expect(Math.max(...held.map((h) => h.length))).toBeGreaterThan(1);
    },
  );

  it("keeps the first subscriber of each conversation for the whole run", () => {
    expect(allStreams(1, 2)).toEqual([
      { kind: "sender", conversation: 0, index: 0, wholeRun: false },
      { kind: "subscriber", conversation: 0, index: 0, wholeRun: true },
      { kind: "subscriber", conversation: 0, index: 1, wholeRun: false },
    ]);
  });
});

describe("frame watch", () => {
  const frame = (name: string, data = "{}", id = "") => ({ name, data, id });
  const keepalive = { name: "", data: "", id: "" };

  it("tells the first frame, frames and keep-alives apart", () => {
    const watch = new FrameWatch();
    watch.opened(0);
    expect(watch.frame(frame("conversation.snapshot"), 5)).toBe("first");
    expect(watch.firstName).toBe("conversation.snapshot");
    expect(watch.frame(keepalive, 15_005)).toBe("keepalive");
    expect(watch.frame(frame("item.created", "{}", "item-1"), 15_100)).toBe("frame");
    expect([watch.frames, watch.keepalives]).toEqual([2, 1]);
  });

  it("answers the longest silence, the one before the stream ended included", () => {
    const watch = new FrameWatch();
    watch.opened(1_000);
    watch.frame(frame("conversation.snapshot"), 1_010);
    watch.frame(keepalive, 16_010);
    watch.frame(keepalive, 31_020);
    expect(watch.ended(33_000)).toBe(15_010);
    const cut = new FrameWatch();
    cut.opened(0);
    cut.frame(frame("conversation.snapshot"), 10);
    expect(cut.ended(40_000)).toBe(39_990);
  });

  it("has no silence for a stream that never opened", () => {
    expect(new FrameWatch().ended(5_000)).toBeUndefined();
  });
});

describe("reply matching", () => {
  const ours = "6f1c0e6e-8d7e-4b8a-9a57-3f5d2a1b0c9d";
  const created = (id: string, clientMessageId: string) =>
    JSON.stringify({ event: "item.created", item: { id, role: "user", text: `load message ${clientMessageId}` } });
  const started = (trigger?: string) => JSON.stringify({ event: "assistant.started", trigger_item_id: trigger });
  const completed = JSON.stringify({ event: "assistant.completed", text: "Noted." });

  it("takes the completion that follows the assistant.started naming our item", () => {
    const m = new ReplyMatcher(ours);
    expect(m.frame("item.created", "item-9", created("item-9", ours))).toBe(false);
    expect(m.frame("assistant.started", "", started("item-9"))).toBe(false);
    expect(m.frame("assistant.delta", "", "{}")).toBe(false);
    expect(m.frame("assistant.completed", "", completed)).toBe(true);
  });

  it("takes the item id from the body when the frame has no id line", () => {
    const m = new ReplyMatcher(ours);
    m.frame("item.created", "", created("item-7", ours));
    m.frame("assistant.started", "", started("item-7"));
    expect(m.frame("assistant.completed", "", completed)).toBe(true);
  });

  it("ignores a reply to another message, even one answered before ours was created", () => {
    const m = new ReplyMatcher(ours);
    // The conversation's greeting is still being answered when our stream opens.
    expect(m.frame("assistant.started", "", started("greeting"))).toBe(false);
    expect(m.frame("assistant.completed", "", completed)).toBe(false);
    m.frame("item.created", "item-1", created("item-1", "someone-else"));
    m.frame("item.created", "item-2", created("item-2", ours));
    expect(m.frame("assistant.started", "", started("item-1"))).toBe(false);
    expect(m.frame("assistant.completed", "", completed)).toBe(false);
    expect(m.frame("assistant.started", "", started("item-2"))).toBe(false);
    expect(m.frame("assistant.completed", "", completed)).toBe(true);
  });

  it("never accepts an assistant.started without our item id (before item.created, or with no trigger)", () => {
    const early = new ReplyMatcher(ours);
    early.frame("assistant.started", "", started("item-3"));
    early.frame("item.created", "item-3", created("item-3", ours));
    expect(early.frame("assistant.completed", "", completed)).toBe(false);
    const untriggered = new ReplyMatcher(ours);
    untriggered.frame("item.created", "item-4", created("item-4", ours));
    untriggered.frame("assistant.started", "", started());
    expect(untriggered.frame("assistant.completed", "", completed)).toBe(false);
  });
});

describe("message rate finding", () => {
  const posted = (count: number): SummaryData => ({
    metrics: { messages_posted: { type: "counter", contains: "default", values: { count, rate: 0 } } },
    root_group: { name: "", path: "", groups: [], checks: [] },
    state: { testRunDurationMs: 1 },
  });

  it("passes when the messages due went out, and fails when fewer did", () => {
    expect(messageRateFinding(posted(20), 2, 10_000)).toMatchObject({ ok: true });
    expect(messageRateFinding(posted(Math.floor(20 * MESSAGE_SHARE)), 2, 10_000).ok).toBe(true);
    const short = messageRateFinding(posted(9), 2, 10_000);
    expect(short).toMatchObject({ ok: false });
    expect(short.detail).toMatch(/^9 posted, 20 due \(2\/s for 10\.0 s/);
  });

  it("is a warning, not a pass, when the run left no time to post", () => {
    expect(messageRateFinding(posted(0), 2, -5_000)).toMatchObject({ ok: true, warning: true });
  });
});
