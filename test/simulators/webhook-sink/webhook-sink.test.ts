// The webhook sink over real loopback HTTP: byte-exact recording, long-poll waits, slow answers a
// client abandons, redirects, and Standard Webhooks signature verification.
import { randomBytes } from "node:crypto";
import { Readable } from "node:stream";
import { Webhook } from "standardwebhooks";
import { request } from "undici";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  DeliveryList,
  startWebhookSink,
  WaitResult,
  type WebhookSink,
} from "../../../simulators/webhook-sink/index.ts";

const TIMEOUT = 3_000;
let sink: WebhookSink;

beforeAll(async () => {
  sink = await startWebhookSink();
});
afterAll(async () => {
  await sink?.close();
});
beforeEach(async () => {
  expect((await admin("POST", "/_admin/reset")).status).toBe(200);
});

async function admin(method: "GET" | "PUT" | "POST" | "DELETE", path: string, json?: unknown, rawBody?: string) {
  const body = rawBody ?? (json === undefined ? undefined : JSON.stringify(json));
  const response = await request(sink.url + path, {
    method,
    headers: body === undefined ? {} : { "content-type": "application/json" },
    body,
    signal: AbortSignal.timeout(TIMEOUT),
  });
  const text = await response.body.text();
  return { status: response.statusCode, text, body: text === "" ? undefined : JSON.parse(text) };
}

async function deliver(
  name: string,
  body: string | Buffer | Readable,
  headers: Record<string, string> = {},
  timeoutMs = TIMEOUT,
) {
  const response = await request(sink.hookUrl(name), {
    method: "POST",
    headers: { "content-type": "application/json", ...headers },
    body,
    signal: AbortSignal.timeout(timeoutMs),
  });
  const text = await response.body.text();
  return { status: response.statusCode, headers: response.headers, text };
}

const waitFor = async (name: string, query: string) =>
  WaitResult.parse((await admin("GET", `/_admin/hooks/${name}/wait?${query}`)).body);

describe("recording", () => {
  it("records and answers a delivery alike on its fast path and on fastify's route (a chunked body)", async () => {
    await admin("PUT", "/_admin/hooks/alike", { status: 302, redirect_to: "/elsewhere" });
    const body = '{"type":"call.ended"}';
    const fast = await deliver("alike", body, { "webhook-id": "msg_fast", "content-length": String(body.length) });
    const routed = await deliver("alike", Readable.from([body]), { "webhook-id": "msg_routed" });
    const settled = await waitFor("alike", "count=2&settled=true&timeout_ms=2000");
    const [a, b] = settled.deliveries;
    for (const answer of [fast, routed]) {
      expect(answer.status).toBe(302);
      expect(answer.headers.location).toBe("/elsewhere");
      expect(answer.headers["content-type"]).toBe("application/json; charset=utf-8");
    }
    expect(JSON.parse(fast.text)).toEqual({ hook: "alike", delivery_id: a!.id });
    expect(JSON.parse(routed.text)).toEqual({ hook: "alike", delivery_id: b!.id });
    const shape = (row: typeof a) => ({
      ...row,
      id: 0,
      seq: 0,
      headers: { ...row!.headers, "content-length": "", "transfer-encoding": "", "webhook-id": "" },
      raw_headers: [],
      webhook_id: "",
      received_at: "",
      received_wall_ms: 0,
      received_mono_ms: 0,
      settled_mono_ms: 0,
    });
    expect(shape(b)).toEqual(shape(a));
    expect(a!.body_text).toBe(body);
    expect(b!.headers["transfer-encoding"]).toBe("chunked");
  });

  it("keeps method, headers, exact body bytes and arrival times", async () => {
    const bytes = Buffer.from([0x7b, 0xff, 0x00, 0x41, 0x7d]);
    const answer = await deliver("orders", bytes, { "user-agent": "service-webhooks/1", "x-extra": "one" });
    expect(answer.status).toBe(200);
    await deliver("orders", '{"type":"session.started"}', { "webhook-id": "msg_1" });
    const settled = await waitFor("orders", "count=2&settled=true&timeout_ms=2000");
    expect(settled.satisfied).toBe(true);
    const list = DeliveryList.parse((await admin("GET", "/_admin/hooks/orders/deliveries")).body);
    expect(list.count).toBe(2);
    const [first, second] = list.deliveries;
    expect(first).toMatchObject({ hook: "orders", seq: 1, method: "POST", url: "/hooks/orders", body_bytes: 5 });
    expect(Buffer.from(first!.body_base64, "base64").equals(bytes)).toBe(true);
    expect(first!.headers).toMatchObject({ "user-agent": "service-webhooks/1", "x-extra": "one" });
    expect(first!.raw_headers).toContainEqual(["x-extra", "one"]);
    expect(first).toMatchObject({ state: "answered", client_aborted: false, response: { status: 200 } });
    expect(first!.signature_valid).toBeNull();
    expect(second!.body_text).toBe('{"type":"session.started"}');
    expect(second!.webhook_id).toBe("msg_1");
    expect(second!.received_mono_ms).toBeGreaterThan(first!.received_mono_ms);
    expect(list.by_webhook_id).toEqual({ msg_1: 1 });
    expect(sink.deliveries("orders").count).toBe(2);
  });

  it("counts deliveries per webhook-id, so a retry shows", async () => {
    for (let i = 0; i < 2; i += 1) await deliver("retries", "{}", { "webhook-id": "msg_same" });
    await deliver("retries", "{}", { "webhook-id": "msg_other" });
    expect(sink.deliveries("retries").by_webhook_id).toEqual({ msg_same: 2, msg_other: 1 });
  });

  it("counts a webhook-id that names an object property like any other", async () => {
    for (const id of ["toString", "__proto__", "toString"]) await deliver("odd-ids", "{}", { "webhook-id": id });
    const listed = await admin("GET", "/_admin/hooks/odd-ids/deliveries");
    expect(listed.text).toContain('"by_webhook_id":{"toString":2,"__proto__":1}');
  });

  it("clears one hook's deliveries and behaviour on DELETE", async () => {
    await admin("PUT", "/_admin/hooks/gone", { status: 500 });
    expect((await deliver("gone", "{}")).status).toBe(500);
    expect((await admin("DELETE", "/_admin/hooks/gone")).body).toEqual({ ok: true });
    expect((await admin("GET", "/_admin/hooks/gone/deliveries")).body).toMatchObject({ count: 0, deliveries: [] });
    expect((await deliver("gone", "{}")).status).toBe(200);
  });
});

describe("wait", () => {
  it("long-polls until the count is reached, without sleeping", async () => {
    const waiting = waitFor("later", "count=2&timeout_ms=2500");
    await deliver("later", '{"n":1}');
    await deliver("later", '{"n":2}');
    const result = await waiting;
    expect(result.satisfied).toBe(true);
    expect(result.count).toBe(2);
    expect(result.waited_ms).toBeLessThan(2_500);
  });

  it("answers what it has when the deadline passes", async () => {
    await deliver("few", "{}");
    const result = await waitFor("few", "count=5&timeout_ms=150");
    expect(result).toMatchObject({ satisfied: false, count: 1 });
    expect(result.waited_ms).toBeGreaterThanOrEqual(140);
    const inProcess = await sink.wait("few", { count: 1, timeoutMs: 100 });
    expect(inProcess.satisfied).toBe(true);
  });

  it("lists and counts only the deliveries after a seq, so a reader that keeps its place reads each once", async () => {
    for (const n of [1, 2, 3]) await deliver("paged", `{"n":${n}}`);
    const after = DeliveryList.parse((await admin("GET", "/_admin/hooks/paged/deliveries?after_seq=2")).body);
    expect(after.deliveries.map((d) => d.seq)).toEqual([3]);
    const waiting = waitFor("paged", "count=1&after_seq=3&timeout_ms=2500");
    await deliver("paged", '{"n":4}');
    const result = await waiting;
    expect(result).toMatchObject({ satisfied: true, count: 1 });
    expect(result.deliveries.map((d) => d.body_text)).toEqual(['{"n":4}']);
    expect((await waitFor("paged", "count=1&after_seq=4&timeout_ms=100")).satisfied).toBe(false);
  });

  it("with contains, wakes only for the deliveries whose body holds that text and answers only those", async () => {
    await deliver("mine", '{"session_id":"s-1"}');
    const waiting = waitFor("mine", "count=1&after_seq=1&timeout_ms=2500&contains=s-3");
    await deliver("mine", '{"session_id":"s-2"}');
    await deliver("mine", '{"session_id":"s-3"}');
    const result = await waiting;
    expect(result).toMatchObject({ satisfied: true, count: 1 });
    expect(result.deliveries.map((d) => [d.seq, d.body_text])).toEqual([[3, '{"session_id":"s-3"}']]);
    expect((await waitFor("mine", "count=1&after_seq=3&timeout_ms=100&contains=s-2")).satisfied).toBe(false);
  });
});

describe("slow answers", () => {
  it("records a client that hangs up before a slow answer as abandoned", async () => {
    await admin("PUT", "/_admin/hooks/slow", { delay_ms: 6_000 });
    // The client's patience stands in for the spec's 5-second limit.
    await expect(deliver("slow", "{}", {}, 300)).rejects.toThrow();
    const result = await waitFor("slow", "count=1&settled=true&timeout_ms=2000");
    expect(result.satisfied).toBe(true);
    const [row] = result.deliveries;
    expect(row).toMatchObject({ state: "client-aborted", client_aborted: true, response: { delay_ms: 6_000 } });
    const heldMs = row!.settled_mono_ms! - row!.received_mono_ms;
    expect(heldMs).toBeGreaterThanOrEqual(250);
    expect(heldMs).toBeLessThan(2_000);
  });

  it("answers after the delay when the client waits", async () => {
    await admin("PUT", "/_admin/hooks/patient", { delay_ms: 150, status: 202 });
    const started = performance.now();
    expect((await deliver("patient", "{}")).status).toBe(202);
    expect(performance.now() - started).toBeGreaterThanOrEqual(140);
    const [row] = (await waitFor("patient", "count=1&settled=true&timeout_ms=1000")).deliveries;
    expect(row).toMatchObject({ state: "answered", client_aborted: false });
  });
});

describe("closing", () => {
  it("does not wait for a slow answer or a long-poll to close", async () => {
    const own = await startWebhookSink();
    own.configure("slow", { delay_ms: 30_000 });
    const pending = request(own.hookUrl("slow"), { method: "POST", body: "{}", signal: AbortSignal.timeout(TIMEOUT) });
    expect((await own.wait("slow", { count: 1, timeoutMs: 1_000 })).satisfied).toBe(true);
    const polling = own.wait("never", { count: 1, timeoutMs: 30_000 });
    const started = performance.now();
    await own.close();
    expect(performance.now() - started).toBeLessThan(1_000);
    expect((await pending).statusCode).toBe(200);
    expect((await polling).satisfied).toBe(false);
  });
});

describe("redirects", () => {
  it("answers 307 (or the configured 3xx) and records whether the target was ever hit", async () => {
    await admin("PUT", "/_admin/hooks/moved", { redirect_to: sink.hookUrl("target") });
    const answer = await deliver("moved", "{}");
    expect(answer.status).toBe(307);
    expect(answer.headers["location"]).toBe(sink.hookUrl("target"));
    expect(sink.deliveries("moved").deliveries[0]!.response).toMatchObject({ status: 307 });
    expect(sink.deliveries("target").count).toBe(0);

    await admin("PUT", "/_admin/hooks/found", { redirect_to: "/hooks/target", status: 302 });
    expect((await deliver("found", "{}")).status).toBe(302);

    // A client that does follow redirects is caught by the target's record.
    const following = await fetch(sink.hookUrl("moved"), {
      method: "POST",
      body: "{}",
      redirect: "follow",
      signal: AbortSignal.timeout(TIMEOUT),
    });
    await following.text();
    expect(sink.deliveries("target").count).toBe(1);
  });
});

describe("signatures", () => {
  const secret = `whsec_${randomBytes(32).toString("base64")}`;
  const signer = new Webhook(secret);
  const signed = (id: string, payload: string, at = new Date()) => ({
    "webhook-id": id,
    "webhook-timestamp": String(Math.floor(at.getTime() / 1000)),
    "webhook-signature": signer.sign(id, at, payload),
  });

  it("verifies Standard Webhooks signatures and never shows the secret", async () => {
    const put = await admin("PUT", "/_admin/hooks/signed", { secret });
    expect(put.body).toMatchObject({ name: "signed", secret_set: true });
    const payload = '{"type":"webhook.test","data":{"message":"hi"}}';
    await deliver("signed", payload, signed("msg_ok", payload));
    await deliver("signed", `${payload} `, signed("msg_tampered", payload));
    await deliver("signed", payload, { ...signed("msg_stale", payload, new Date(Date.now() - 10 * 60_000)) });
    await deliver("signed", payload);
    const rows = sink.deliveries("signed").deliveries;
    expect(rows.map((row) => [row.webhook_id, row.signature_valid, row.signature_error])).toEqual([
      ["msg_ok", true, null],
      ["msg_tampered", false, "No matching signature found"],
      ["msg_stale", false, "Message timestamp too old"],
      [null, false, "Missing required headers"],
    ]);
    const key = secret.slice("whsec_".length);
    for (const path of ["/_admin/hooks/signed", "/_admin/hooks/signed/deliveries", "/_admin/hooks"]) {
      const { text } = await admin("GET", path);
      expect(text).not.toContain(key);
    }
    expect(put.text).not.toContain(key);
  });

  it("refuses a malformed secret without echoing it", async () => {
    const bad = "whsec_***not base64***";
    const response = await admin("PUT", "/_admin/hooks/signed", { secret: bad });
    expect(response.status).toBe(422);
    expect(response.text).not.toContain("not base64");
    expect(response.body.detail.errors).toEqual([
      "secret: must be whsec_ followed by 32 bytes written as base64, base64url or hex",
    ]);
    const hexUnderBase64 = await admin("PUT", "/_admin/hooks/signed", {
      secret: `whsec_${randomBytes(32).toString("hex")}`,
      secret_encoding: "base64",
    });
    expect(hexUnderBase64.body.detail.errors).toEqual([
      "secret: must be whsec_ followed by 32 bytes written as base64",
    ]);
  });

  it("keys a hex secret with its 32 bytes, not with the base64 reading of its text (2.6: 32 random bytes)", async () => {
    const bytes = randomBytes(32);
    await admin("PUT", "/_admin/hooks/hex", { secret: `whsec_${bytes.toString("hex")}` });
    const payload = '{"type":"webhook.test"}';
    const by = (key: Uint8Array, id: string) => {
      const at = new Date();
      const headers = { "webhook-id": id, "webhook-timestamp": String(Math.floor(at.getTime() / 1000)) };
      return { ...headers, "webhook-signature": new Webhook(key, { format: "raw" }).sign(id, at, payload) };
    };
    await deliver("hex", payload, by(bytes, "msg_bytes"));
    await deliver("hex", payload, by(Buffer.from(bytes.toString("hex"), "base64"), "msg_text_as_base64"));
    const rows = sink.deliveries("hex").deliveries;
    expect(rows.map((row) => [row.webhook_id, row.signature_valid])).toEqual([
      ["msg_bytes", true],
      ["msg_text_as_base64", false],
    ]);
  });
});

describe("bad input to admin paths", () => {
  it("answers with the spec's envelope and a 4xx", async () => {
    const cases: [Awaited<ReturnType<typeof admin>>, number][] = [
      [await admin("PUT", "/_admin/hooks/a", { status: 99 }), 422],
      [await admin("PUT", "/_admin/hooks/a", { delay_ms: -1, colour: "red" }), 422],
      [await admin("PUT", "/_admin/hooks/a", undefined, "{not json"), 400],
      [await admin("PUT", "/_admin/hooks/a%20b", {}), 422],
      [await admin("GET", "/_admin/hooks/a/wait?count=0"), 422],
      [await admin("GET", "/_admin/hooks/a/wait?timeout_ms=30001"), 422],
      [await admin("GET", "/_admin/nothing"), 404],
    ];
    for (const [response, status] of cases) {
      expect(response.status, response.text).toBe(status);
      expect(response.body).toEqual({ detail: { message: expect.any(String), errors: expect.any(Array) } });
    }
  });
});
