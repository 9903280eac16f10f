// Webhook delivery on the wire (6.1), witnessed at the webhook sink: a signed JSON POST with the user
// agent and three more headers, one envelope for every type, a single attempt, five seconds, any 2xx a
// success, a 3xx a failure that is not followed, no replay, and private addresses blocked at delivery.
import { randomUUID } from "node:crypto";
import { expect } from "vitest";
import { explain } from "../runner/client/http-client.ts";
import { registerSecret } from "../runner/client/redact.ts";
import { uniqueName } from "../runner/client/resources.ts";
import { check } from "../runner/framework/check.ts";
import { expectBody } from "../runner/framework/response.ts";
import { EventTypes, WebhookEnvelope, WebhookWithSecretRead } from "../spec/webhook.ts";
import { callOp, profile, readEnvelope } from "./helpers/profile.ts";
import {
  configureHook,
  countAfterQuiet,
  type Delivery,
  newHook,
  sinkOrigin,
  waitForDeliveries,
} from "./helpers/webhook-sink.ts";
import {
  createSinkWebhook,
  createWebhook,
  type Fired,
  pinDns,
  publishEvent,
  reportsFailure,
  succeeded,
  testFire,
} from "./helpers/webhooks.ts";

const WIRED = { needs: ["wiring" as const] };

/** Test-fires a fresh sink webhook and answers the one delivery the sink received (shared by checks). */
let first: Promise<{ fired: Fired; delivery: Delivery; hook: string }> | undefined;
function firstDelivery() {
  first ??= (async () => {
    const { webhook, hook } = await createSinkWebhook();
    const fired = await testFire(webhook.id);
    const arrived = await waitForDeliveries(hook, { count: 1, timeoutMs: 5_000, settled: true });
    expect(arrived.count, `deliveries at the sink after ${explain(fired.response)}`).toBe(1);
    return { fired, delivery: arrived.deliveries[0]!, hook };
  })();
  return first;
}

/** Test-fires and waits until the sink has settled `count` deliveries on `hook`. */
async function fireAndWait(webhookId: string, hook: string, count = 1) {
  const fired = await testFire(webhookId);
  const arrived = await waitForDeliveries(hook, { count, timeoutMs: 7_000, settled: true });
  return { fired, arrived };
}

check(
  "a delivery is an HTTP POST to the webhook URL",
  ["delivery.http-post"],
  async () => {
    const { delivery, hook } = await firstDelivery();
    expect(delivery.method, "method").toBe("POST");
    expect(delivery.url, "path").toBe(`/hooks/${hook}`);
  },
  WIRED,
);

check(
  "a delivery carries Content-Type: application/json and a JSON body",
  ["delivery.content-type"],
  async () => {
    const { delivery } = await firstDelivery();
    expect(delivery.headers["content-type"], "Content-Type").toMatch(/^application\/json(\s*;|$)/);
    expect(() => JSON.parse(delivery.body_text), "the body parses as JSON").not.toThrow();
  },
  WIRED,
);

check(
  "a delivery carries User-Agent: service-webhooks/1",
  ["delivery.user-agent"],
  async () => {
    const { delivery } = await firstDelivery();
    expect(delivery.headers["user-agent"], "User-Agent").toBe("service-webhooks/1");
  },
  WIRED,
);

check(
  "a delivery carries the three signature headers of the profile",
  ["delivery.three-more-headers"],
  async () => {
    const { delivery } = await firstDelivery();
    const { id_header, timestamp_header, signature_header } = profile().webhook_signature;
    for (const name of [id_header, timestamp_header, signature_header]) {
      expect(delivery.headers[name.toLowerCase()] ?? "", `header ${name}`).not.toBe("");
    }
  },
  WIRED,
);

check(
  "the signature verifies against the webhook's secret (Standard Webhooks, checked by the sink)",
  ["delivery.signature-valid"],
  async () => {
    const { delivery } = await firstDelivery();
    expect(delivery.signature_valid, `signature: ${delivery.signature_error ?? "ok"}`).toBe(true);
  },
  WIRED,
);

check(
  "webhook.test arrives in the envelope: type and agent_id, and the profile's id, created_at and data",
  ["delivery.same-envelope"],
  async () => {
    const { delivery } = await firstDelivery();
    const parsed = WebhookEnvelope.safeParse(readEnvelope(JSON.parse(delivery.body_text)));
    expect(parsed.error?.issues ?? [], `body ${delivery.body_text.slice(0, 300)}`).toEqual([]);
    expect(parsed.data?.type, "type").toBe("webhook.test");
  },
  WIRED,
);

check(
  "every event type arrives in one and the same envelope",
  ["delivery.same-envelope"],
  async () => {
    const { delivery } = await firstDelivery();
    const types = EventTypes.parse((await callOp("webhook.event-types")).json).all.filter((t) => t !== "webhook.test");
    const { hook } = await createSinkWebhook({}, { subscribed_events: types });
    const agentId = randomUUID();
    for (const type of types) await publishEvent(type, agentId, { note: "same-envelope" });
    // Real sessions of other checks may land on this hook too: only the events published here count.
    const ours = (list: { deliveries: Array<{ body_text: string }> }) =>
      list.deliveries.filter((d) => (JSON.parse(d.body_text) as { agent_id?: unknown }).agent_id === agentId);
    const deadline = Date.now() + 5_000;
    let arrived = await waitForDeliveries(hook, { count: types.length, timeoutMs: 5_000, settled: true });
    while (ours(arrived).length < types.length && Date.now() < deadline) {
      const timeoutMs = Math.max(1, deadline - Date.now());
      arrived = await waitForDeliveries(hook, { count: arrived.count + 1, timeoutMs, settled: true });
    }
    expect(ours(arrived).length, `deliveries of ${types.join(", ")}`).toBe(types.length);
    const testKeys = Object.keys(JSON.parse(delivery.body_text)).sort();
    for (const received of ours(arrived)) {
      const body = JSON.parse(received.body_text) as Record<string, unknown>;
      expect(Object.keys(body).sort(), `envelope of ${String(body.type)} vs webhook.test`).toEqual(testKeys);
      expect(WebhookEnvelope.safeParse(readEnvelope(body)).success, `envelope of ${String(body.type)}`).toBe(true);
      expect(body.agent_id, `agent_id of ${String(body.type)}`).toBe(agentId);
    }
  },
  { needs: ["test-control", "wiring"] },
);

check(
  "after rotation, deliveries are signed with the new secret",
  ["delivery.signature-after-rotation"],
  async () => {
    const { webhook, hook } = await createSinkWebhook();
    const before = await fireAndWait(webhook.id, hook);
    expect(before.arrived.deliveries[0]?.signature_valid, "signature before rotation").toBe(true);
    const rotated = await callOp("webhook.rotate-secret", { webhook_id: webhook.id });
    const { secret } = expectBody(rotated, "2xx", WebhookWithSecretRead, "rotation");
    registerSecret(secret);
    await configureHook(hook, { secret });
    const after = await fireAndWait(webhook.id, hook, 2);
    const second = after.arrived.deliveries[1];
    expect(second?.signature_valid, `signature after rotation: ${second?.signature_error ?? "ok"}`).toBe(true);
  },
  WIRED,
);

check(
  "a webhook created with a supplied secret signs with that secret",
  ["delivery.signature-supplied-secret"],
  async () => {
    // The sink's hook verifies with the secret supplied at create (createSinkWebhook always supplies one).
    const { webhook, hook } = await createSinkWebhook();
    const { arrived } = await fireAndWait(webhook.id, hook);
    const delivery = arrived.deliveries[0];
    expect(delivery?.signature_valid, `signature: ${delivery?.signature_error ?? "ok"}`).toBe(true);
  },
  WIRED,
);

check(
  "a receiver answering 500 gets exactly one attempt",
  ["delivery.single-attempt"],
  async () => {
    const { webhook, hook } = await createSinkWebhook({ status: 500 });
    const { fired, arrived } = await fireAndWait(webhook.id, hook);
    expect(reportsFailure(fired.result), explain(fired.response)).toBe(true);
    expect(fired.result.status_code, explain(fired.response)).toBe(500);
    const total = await countAfterQuiet(hook, arrived.count);
    expect(total, `deliveries of one test-fire (by webhook-id ${JSON.stringify(arrived.by_webhook_id)})`).toBe(1);
  },
  WIRED,
);

check(
  "any 2xx answer (200, 201, 202, 204, 299) is a successful delivery",
  ["delivery.2xx-success"],
  async () => {
    const failures: string[] = [];
    for (const status of [200, 201, 202, 204, 299]) {
      const { webhook } = await createSinkWebhook({ status });
      const { result, response } = await testFire(webhook.id);
      if (!succeeded(result) || result.status_code !== status) failures.push(`${status}: ${explain(response)}`);
    }
    expect(failures, "2xx answers not reported as success").toEqual([]);
  },
  WIRED,
);

check(
  "a 3xx answer (300, 301, 302, 303, 307, 308) is a failed delivery",
  ["delivery.3xx-failure"],
  async () => {
    const target = await newHook("redirect-target");
    const ok = await createSinkWebhook({ status: 200 });
    const success = (await testFire(ok.webhook.id)).result;
    const wrong: string[] = [];
    for (const status of [300, 301, 302, 303, 307, 308]) {
      const { webhook } = await createSinkWebhook({ status, redirect_to: target.url });
      const { result, response } = await testFire(webhook.id);
      const failed = reportsFailure(result) && result.status !== success.status && result.status_code === status;
      if (!failed) wrong.push(`${status}: ${explain(response)}`);
    }
    expect(wrong, `3xx answers not reported as a failure (a success says ${JSON.stringify(success)})`).toEqual([]);
  },
  WIRED,
);

check(
  "a redirect is not followed: its Location receives nothing",
  ["delivery.redirect-not-followed"],
  async () => {
    const target = await newHook("redirect-target");
    const { webhook, hook } = await createSinkWebhook({ status: 307, redirect_to: target.url });
    const { arrived } = await fireAndWait(webhook.id, hook);
    expect(arrived.count, "deliveries to the redirecting hook").toBe(1);
    expect(await countAfterQuiet(target.name, 0), "deliveries to the redirect's Location").toBe(0);
  },
  WIRED,
);

check(
  "a failed delivery is never replayed, even once the receiver answers 2xx",
  ["delivery.no-replay"],
  async () => {
    const { webhook, hook } = await createSinkWebhook({ status: 503 });
    const { fired, arrived } = await fireAndWait(webhook.id, hook);
    expect(reportsFailure(fired.result), explain(fired.response)).toBe(true);
    await configureHook(hook, { status: 200, secret: webhook.secret });
    expect(await countAfterQuiet(hook, arrived.count), "deliveries of the failed event").toBe(1);
  },
  WIRED,
);

check(
  "a host that resolves to a private address at delivery time is not delivered to (DNS rebinding)",
  ["delivery.blocked-at-delivery-time"],
  async () => {
    // The name is public when saved and points at the sink's loopback address when delivering.
    const host = `${uniqueName("rebind")}.example.com`.toLowerCase();
    await pinDns(host, ["93.184.215.14"]);
    const sink = new URL(sinkOrigin());
    const { name } = await newHook("rebind");
    const url = `http://${host}:${sink.port}/hooks/${name}`;
    const webhook = await createWebhook({ url, status: "active" });
    await pinDns(host, [sink.hostname]);
    const { result, response } = await testFire(webhook.id);
    expect(await countAfterQuiet(name, 0), `deliveries through ${host} → ${sink.hostname}`).toBe(0);
    expect(reportsFailure(result), explain(response)).toBe(true);
  },
  { needs: ["test-control", "wiring"] },
);
