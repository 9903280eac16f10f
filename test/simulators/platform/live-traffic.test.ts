// Unit tests of what live traffic runs in the reference platform: a referenced tool's published version
// (and where its operations may go), an override applied to a copy, and a channel reply's delivery frame.
// The webhook sink stands in for every URL the platform is asked to call.
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { resolveAgent } from "../../../simulators/platform/calls/agent-source.ts";
import type { PlatformContext } from "../../../simulators/platform/context.ts";
import { deliverReply } from "../../../simulators/platform/conversations/channel-delivery.ts";
import { type ConversationRecord, ConversationsState } from "../../../simulators/platform/conversations/state.ts";
import { type FaultName, FaultSet } from "../../../simulators/platform/faults/index.ts";
import { closeOutbound, sendOutbound } from "../../../simulators/platform/outbound/send.ts";
import type { SseFrame } from "../../../simulators/platform/sse/frame.ts";
import { RegionStore } from "../../../simulators/platform/store.ts";
import { runToolReference } from "../../../simulators/platform/tools/runner.ts";
import { toolsOf } from "../../../simulators/platform/tools/state.ts";
import { VariantSet } from "../../../simulators/platform/variants/index.ts";
import { createClock } from "../../../simulators/shared/clock.ts";
import { startWebhookSink, type WebhookSink } from "../../../simulators/webhook-sink/index.ts";
import type { AgentRecord, InlineTool } from "../../../spec/agent.ts";
import type { ConversationItem } from "../../../spec/conversations.ts";

const WS = "ws-1";
let sink: WebhookSink;
const contexts: PlatformContext[] = [];

beforeAll(async () => {
  sink = await startWebhookSink();
});
afterAll(async () => {
  await Promise.all(contexts.map(closeOutbound));
  await sink.close();
});

function platform(faults: FaultName[] = []): PlatformContext {
  const ctx = {
    region: "r1",
    faults: new FaultSet(faults),
    variants: new VariantSet(),
    clock: createClock(60_000),
    store: new RegionStore(),
    wiring: { controlPlaneUrl: "http://127.0.0.1:9", trustedWebhookOrigin: sink.url },
    upstreamTimeoutMs: 2_000,
  } as unknown as PlatformContext;
  contexts.push(ctx);
  return ctx;
}

const operation = (url: string, run: string, extra: Record<string, unknown> = {}) => ({
  kind: "http",
  config: { url, body: { run }, timeout: 2 },
  ...extra,
});

/** A tool whose version 1 was published with `published` and whose draft now holds `draft`. */
function storeTool(ctx: PlatformContext, published: InlineTool, draft: InlineTool): string {
  const id = "11111111-1111-4111-8111-111111111111";
  const record = {
    id,
    name: draft.name,
    config: draft,
    published_version: 1,
    published_config: published,
    created_at: "2026-01-01T00:00:00.000Z",
    updated_at: "2026-01-01T00:00:00.000Z",
  };
  toolsOf(ctx, WS).set(id, { record, versions: new Map([[1, published]]) });
  return id;
}

const bodies = (hook: string) => sink.deliveries(hook).deliveries.map((d) => JSON.parse(d.body_text).run as string);

describe("a referenced tool runs its published version", () => {
  test("tool_id + tool_version runs that version's operations, not the draft's", async () => {
    const ctx = platform();
    const url = sink.hookUrl("tool-published");
    const id = storeTool(
      ctx,
      { name: "t", operations: [operation(url, "v1")] },
      { name: "t", operations: [operation(url, "draft")] },
    );
    expect(await runToolReference(ctx, WS, { tool_id: id, tool_version: 1 }, new AbortController().signal)).toBe(true);
    expect(bodies("tool-published")).toEqual(["v1"]);
    expect(await runToolReference(ctx, WS, { tool_id: id, tool_version: 2 }, new AbortController().signal)).toBe(false);
    expect(bodies("tool-published")).toEqual(["v1"]);
  });

  test("the planted tool-draft-runs-live fault runs the draft", async () => {
    const ctx = platform(["tool-draft-runs-live"]);
    const url = sink.hookUrl("tool-draft");
    const id = storeTool(
      ctx,
      { name: "t", operations: [operation(url, "v1")] },
      { name: "t", operations: [operation(url, "draft")] },
    );
    await runToolReference(ctx, WS, { tool_id: id, tool_version: 1 }, new AbortController().signal);
    expect(bodies("tool-draft")).toEqual(["draft"]);
  });

  test("a failed operation with on_error abort stops the ones after it", async () => {
    const ctx = platform();
    sink.configure("tool-refusing", { status: 500 });
    const tool = {
      name: "t",
      operations: [
        operation(sink.hookUrl("tool-refusing"), "first", { on_error: "abort" }),
        operation(sink.hookUrl("tool-after"), "second"),
      ],
    };
    expect(await runToolReference(ctx, WS, { tool }, new AbortController().signal)).toBe(false);
    expect(bodies("tool-refusing")).toEqual(["first"]);
    expect(bodies("tool-after")).toEqual([]);
  });
});

describe("outbound requests a caller aimed", () => {
  test("loopback other than the trusted sink origin is blocked before any request", async () => {
    const ctx = platform();
    const other = new URL(sink.url);
    other.hostname = "127.0.0.2";
    const result = await sendOutbound(ctx, { method: "POST", url: `${other.origin}/hooks/x`, timeoutMs: 1_000 });
    expect(result.ok).toBe(false);
    expect(result.error).toMatch(/blocked/);
    const trusted = await sendOutbound(ctx, { method: "GET", url: sink.hookUrl("trusted"), timeoutMs: 1_000 });
    expect(trusted).toEqual({ ok: true, status: 200, error: null });
  });
});

describe("an override adjusts one run", () => {
  function withAgent(ctx: PlatformContext): AgentRecord {
    const agent: AgentRecord = {
      id: "22222222-2222-4222-8222-222222222222",
      name: "a",
      config: { name: "a", prompt: "draft", greeting: "hello" },
      published_version: 1,
      published_config: { name: "a", prompt: "published", greeting: "hello" },
      created_at: "2026-01-01T00:00:00.000Z",
      updated_at: "2026-01-01T00:00:00.000Z",
    };
    ctx.store.workspace(WS).agents.set(agent.id, agent);
    return agent;
  }

  test("the run gets the published version with the override on top; the stored agent is untouched", () => {
    const ctx = platform();
    const agent = withAgent(ctx);
    const before = structuredClone(agent);
    const run = resolveAgent(ctx, WS, { agent_id: agent.id, agent_override: { greeting: "guten Tag" } });
    expect(run.config).toEqual({ name: "a", prompt: "published", greeting: "guten Tag" });
    expect(agent).toEqual(before);
  });

  test("the planted faults: an override needing a name, and one written into the stored agent", () => {
    const strict = platform(["override-validated-as-agent"]);
    expect(() =>
      resolveAgent(strict, WS, { agent_id: withAgent(strict).id, agent_override: { greeting: "x" } }),
    ).toThrow(/agent_override\.name/);
    const leaky = platform(["override-written-to-agent"]);
    const agent = withAgent(leaky);
    resolveAgent(leaky, WS, { agent_id: agent.id, agent_override: { greeting: "guten Tag" } });
    expect(agent.published_config?.greeting).toBe("guten Tag");
  });
});

describe("a channel reply's item.delivery_updated", () => {
  const item: ConversationItem = {
    id: "33333333-3333-4333-8333-333333333333",
    conversation_id: "44444444-4444-4444-8444-444444444444",
    role: "assistant",
    text: "echo: hi",
    client_message_id: null,
    trigger_item_id: null,
    created_at: "2026-01-01T00:00:00.000Z",
  };
  function channelConversation(url: string | undefined): ConversationRecord {
    const conversation = {
      id: item.conversation_id,
      channel: "text" as const,
      agent_id: null,
      agent_version: null,
      started_at: item.created_at,
      updated_at: item.created_at,
    };
    return new ConversationsState().add(conversation, { triggerId: "t", thread: "th", url });
  }

  /** The frames deliverReply emitted, each with the channel's deliveries as they were when it was emitted. */
  async function deliver(ctx: PlatformContext, hook: string | undefined) {
    const seen: Array<{ frame: SseFrame; channel: string[] }> = [];
    const record = channelConversation(hook === undefined ? undefined : sink.hookUrl(hook));
    const emit = (frame: SseFrame) =>
      seen.push({ frame, channel: hook === undefined ? [] : sink.deliveries(hook).deliveries.map((d) => d.state) });
    await deliverReply(ctx, record, item, emit, new AbortController().signal);
    return seen;
  }

  test("delivered after the channel answered 2xx; failed when it refused or there is no endpoint", async () => {
    const ctx = platform();
    const ok = await deliver(ctx, "channel-ok");
    expect(ok.map((s) => s.frame.data)).toEqual([{ item_id: item.id, delivery_status: "delivered", error: null }]);
    expect(ok[0]!.channel).toEqual(["answered"]);
    expect(JSON.parse(sink.deliveries("channel-ok").deliveries[0]!.body_text)).toMatchObject({ text: item.text });
    sink.configure("channel-down", { status: 503 });
    const down = await deliver(ctx, "channel-down");
    expect(down.map((s) => s.frame.data)).toEqual([
      { item_id: item.id, delivery_status: "failed", error: "answered 503" },
    ]);
    const none = await deliver(ctx, undefined);
    expect((none[0]!.frame.data as { delivery_status: string }).delivery_status).toBe("failed");
  });

  test("the planted delivery-updated-before-channel fault reports before the channel saw the reply", async () => {
    const seen = await deliver(platform(["delivery-updated-before-channel"]), "channel-early");
    expect(seen).toHaveLength(1);
    expect(seen[0]!.channel).toEqual([]);
  });
});
