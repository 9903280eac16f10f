// The reference platform's delivery machinery against the webhook sink: connect-time blocking on every
// DNS answer, the subscription filter, a slow receiver never holding up another, bounded concurrency,
// and wall-clock signatures under a fast simulated clock.

import { afterAll, beforeAll, expect, test } from "vitest";
import type { PlatformContext } from "../../../../simulators/platform/context.ts";
import { EventBus } from "../../../../simulators/platform/events/bus.ts";
import { FaultSet } from "../../../../simulators/platform/faults/index.ts";
import { RegionStore } from "../../../../simulators/platform/store.ts";
import { VariantSet } from "../../../../simulators/platform/variants/index.ts";
import { DeliveryPipeline } from "../../../../simulators/platform/webhooks/pipeline.ts";
import { pinHost } from "../../../../simulators/platform/webhooks/resolver.ts";
import { generateSecret } from "../../../../simulators/platform/webhooks/secret.ts";
import { type WebhookRow, WebhookState } from "../../../../simulators/platform/webhooks/state.ts";
import { createClock } from "../../../../simulators/shared/clock.ts";
import { startWebhookSink, type WebhookSink } from "../../../../simulators/webhook-sink/index.ts";
import { DEFAULT_PROFILE } from "../../../../spec/profile.ts";

let sink: WebhookSink;
let ctx: PlatformContext;
let pipeline: DeliveryPipeline;
let hooks = 0;

beforeAll(async () => {
  sink = await startWebhookSink();
  ctx = {
    region: "r1",
    faults: new FaultSet(),
    variants: new VariantSet(),
    // One simulated minute per 50 ms: a simulated-clock timestamp would be far off real time.
    clock: createClock(50),
    store: new RegionStore(),
    wiring: { controlPlaneUrl: "http://127.0.0.1:9", trustedWebhookOrigin: sink.url },
    events: new EventBus(),
    selfUrl: () => "",
    upstreamTimeoutMs: 2_000,
    profile: DEFAULT_PROFILE,
  };
  pipeline = new DeliveryPipeline(ctx);
  ctx.events.subscribe((event) => pipeline.onEvent(event));
});

afterAll(async () => {
  await pipeline.close();
  await sink.close();
});

function addWebhook(workspace: string, url: string, extra: Partial<WebhookRow> = {}): WebhookRow {
  const state = WebhookState.of(ctx, workspace);
  const at = new Date().toISOString();
  const row: WebhookRow = {
    id: crypto.randomUUID(),
    url,
    status: "active",
    subscribed_events: [],
    secret: generateSecret(ctx, workspace),
    last_delivered_at: null,
    last_status: null,
    created_at: at,
    updated_at: at,
    ...extra,
  };
  state.webhooks.set(row.id, row);
  return row;
}

function hook(config: Parameters<WebhookSink["configure"]>[1] = {}): { name: string; url: string } {
  hooks += 1;
  const name = `t${hooks}`;
  sink.configure(name, config);
  return { name, url: sink.hookUrl(name) };
}

const publish = (workspaceId: string, type: string) =>
  ctx.events.publish({ type, workspaceId, agent_id: null, at: ctx.clock.now(), data: {} });

test("a name resolving to loopback at delivery time is blocked, as is one with a single private answer", async () => {
  const { name } = hook();
  const port = new URL(sink.url).port;
  pinHost(ctx, "rebind.example.com", ["127.0.0.1"]);
  pinHost(ctx, "mixed.example.com", ["93.184.215.14", "127.0.0.1"]);
  const state = WebhookState.of(ctx, "w-block");
  for (const host of ["rebind.example.com", "mixed.example.com"]) {
    const webhook = addWebhook("w-block", `http://${host}:${port}/hooks/${name}`);
    const result = await pipeline.testFire(state, webhook);
    expect(result.status, host).toBe("failed");
    expect(result.error, host).toMatch(/blocked at delivery: .* resolves to 127\.0\.0\.1 is a loopback address/);
    expect(state.log(webhook.id)[0]?.error).toBe(result.error);
  }
  expect(sink.deliveries(name).count).toBe(0);
});

test("a bus event reaches active webhooks whose filter matches, in its workspace only", async () => {
  const secret = generateSecret(ctx, "w-filter");
  const all = hook({ secret });
  const matching = hook();
  const other = hook();
  const disabled = hook();
  const foreign = hook();
  addWebhook("w-filter", all.url, { secret });
  addWebhook("w-filter", matching.url, { subscribed_events: ["session.started"] });
  addWebhook("w-filter", other.url, { subscribed_events: ["session.completed"] });
  addWebhook("w-filter", disabled.url, { status: "disabled" });
  addWebhook("w-other", foreign.url);
  publish("w-filter", "session.started");
  expect((await sink.wait(all.name, { count: 1, timeoutMs: 3_000 })).satisfied).toBe(true);
  expect((await sink.wait(matching.name, { count: 1, timeoutMs: 3_000 })).satisfied).toBe(true);
  const quiet = await sink.wait(other.name, { count: 1, timeoutMs: 300 });
  expect(quiet.count + sink.deliveries(disabled.name).count + sink.deliveries(foreign.name).count).toBe(0);
  const delivered = sink.deliveries(all.name).deliveries[0]!;
  expect(delivered.signature_valid, delivered.signature_error ?? "").toBe(true);
});

test("a slow receiver holds up neither the publisher nor another webhook's delivery", async () => {
  const slow = hook({ delay_ms: 2_000 });
  const fast = hook();
  addWebhook("w-slow", slow.url);
  addWebhook("w-slow", fast.url);
  const started = performance.now();
  publish("w-slow", "session.started");
  expect(performance.now() - started, "publish returned at once").toBeLessThan(500);
  const arrived = await sink.wait(fast.name, { count: 1, timeoutMs: 3_000, settled: true });
  expect(arrived.satisfied).toBe(true);
  expect(arrived.waited_ms, "ms until the fast receiver had its delivery").toBeLessThan(1_000);
});

test("at most four deliveries to one webhook are in flight; the rest wait their turn", async () => {
  const slow = hook({ delay_ms: 700 });
  addWebhook("w-lane", slow.url);
  for (let i = 0; i < 6; i++) publish("w-lane", "session.completed");
  const all = await sink.wait(slow.name, { count: 6, timeoutMs: 5_000, settled: true });
  expect(all.satisfied).toBe(true);
  const first = Math.min(...all.deliveries.map((d) => d.received_mono_ms));
  const early = all.deliveries.filter((d) => d.received_mono_ms - first < 400).length;
  expect(early, "deliveries received before the first answers came back").toBe(4);
});

test("a dead receiver holds up no other webhook; its backlog is bounded: past 1,000 waiting, deliveries are dropped and logged", {
  timeout: 90_000,
}, async () => {
  // Answers nothing for a minute: each delivery to it is abandoned only at the 5 s limit.
  const dead = hook({ delay_ms: 60_000 });
  const live = hook();
  const deadRow = addWebhook("w-dead", dead.url);
  addWebhook("w-dead", live.url);
  // Four in flight and a thousand waiting fill the dead receiver's lane; the live one drains as it goes.
  const filling = 1_004;
  const started = performance.now();
  for (let i = 0; i < filling; i++) publish("w-dead", "session.completed");
  expect(performance.now() - started, "publishing never waits on a receiver").toBeLessThan(1_000);
  const arrived = await sink.wait(live.name, { count: filling, timeoutMs: 60_000, settled: true });
  expect(arrived.count, "deliveries to the live receiver").toBe(filling);
  expect(sink.deliveries(dead.name).count, "in flight to the dead receiver at a time").toBeLessThanOrEqual(
    4 * Math.ceil(arrived.waited_ms / 5_000),
  );
  // The dead lane is still (nearly) full: what comes now is dropped and logged, not queued without end.
  for (let i = 0; i < 20; i++) publish("w-dead", "session.completed");
  expect((await sink.wait(live.name, { count: filling + 20, timeoutMs: 10_000 })).count).toBe(filling + 20);
  const dropped = WebhookState.of(ctx, "w-dead")
    .log(deadRow.id)
    .filter((record) => record.error === "dropped: too many deliveries waiting for this webhook");
  expect(dropped.length, "deliveries dropped for the dead receiver").toBeGreaterThan(0);
});
