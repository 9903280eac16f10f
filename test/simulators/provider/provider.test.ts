// The provider simulator over real loopback HTTP: key verification, chat (plain and streamed), scripts,
// pacing on the shared clock, injected faults, the offline switch, speech stubs and the admin API.
import { createParser, type EventSourceMessage } from "eventsource-parser";
import { Agent, FormData, fetch, request } from "undici";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import {
  avatarCatalogFixture,
  catalogFixture,
  voiceCatalogFixture,
} from "../../../simulators/platform/catalog/content.ts";
import { RecordedRequest } from "../../../simulators/provider/requests.ts";
import { type Provider, startProvider } from "../../../simulators/provider/server.ts";
import { createClock } from "../../../simulators/shared/clock.ts";
import { AvatarCatalogPage, Catalog, VoiceCatalogPage } from "../../../spec/catalog.ts";
import { ErrorEnvelope } from "../../../spec/errors.ts";
import { until } from "../../helpers/until.ts";

const TIMEOUT = { headersTimeout: 3_000, bodyTimeout: 3_000 };
const OpenAiErrorBody = {
  parse(body: unknown) {
    const error = (body as { error: Record<string, unknown> }).error;
    expect(Object.keys(error).sort()).toEqual(["code", "message", "param", "type"]);
    return error as { message: string; type: string; param: string | null; code: string | null };
  },
};

let provider: Provider;
let key: string;

beforeAll(async () => {
  provider = await startProvider({ clock: createClock() });
  key = provider.defaultKey;
});
afterAll(() => provider.close());
afterEach(() => provider.state.reset());

async function call(method: "GET" | "POST" | "PUT", path: string, opts: { key?: string | null; body?: unknown } = {}) {
  const headers: Record<string, string> = {};
  const bearer = opts.key === undefined ? key : opts.key;
  if (bearer !== null) headers.authorization = `Bearer ${bearer}`;
  if (opts.body !== undefined) headers["content-type"] = "application/json";
  const response = await request(provider.url + path, {
    method,
    headers,
    body: opts.body === undefined ? undefined : typeof opts.body === "string" ? opts.body : JSON.stringify(opts.body),
    ...TIMEOUT,
  });
  const text = await response.body.text();
  const type = String(response.headers["content-type"] ?? "");
  return {
    status: response.statusCode,
    headers: response.headers,
    body: type.includes("json") ? JSON.parse(text) : text,
  };
}

const chat = (content: string, extra: Record<string, unknown> = {}) => ({
  model: "sim-chat-1",
  messages: [
    { role: "system", content: "be brief" },
    { role: "user", content },
  ],
  ...extra,
});

/** Streams a chat completion and answers every SSE data field in order. */
async function streamChat(body: unknown): Promise<{ frames: string[]; times: number[] }> {
  const response = await request(`${provider.url}/v1/chat/completions`, {
    method: "POST",
    headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
    body: JSON.stringify(body),
    ...TIMEOUT,
  });
  expect(response.statusCode).toBe(200);
  expect(response.headers["content-type"]).toMatch(/^text\/event-stream/);
  const frames: string[] = [];
  const times: number[] = [];
  const parser = createParser({
    onEvent: (event: EventSourceMessage) => {
      frames.push(event.data);
      times.push(performance.now());
    },
  });
  await feedSse(response.body, parser);
  return { frames, times };
}

describe("key verification (GET /v1/models)", () => {
  it("lists models in OpenAI's shape for a valid key", async () => {
    const { status, body } = await call("GET", "/v1/models");
    expect(status).toBe(200);
    expect(body.object).toBe("list");
    expect(body.data.length).toBeGreaterThan(0);
    for (const model of body.data) {
      expect(Object.keys(model).sort()).toEqual(["created", "id", "object", "owned_by"]);
      expect(model.object).toBe("model");
    }
    expect(body.data.map((m: { id: string }) => m.id)).toContain("sim-chat-1");
  });

  it("answers 401 invalid_api_key with the key masked, never whole", async () => {
    const bad = "sk-badbadbadbadbadbad-wxyz";
    const { status, body } = await call("GET", "/v1/models", { key: bad });
    expect(status).toBe(401);
    const error = OpenAiErrorBody.parse(body);
    expect(error).toMatchObject({ type: "invalid_request_error", param: null, code: "invalid_api_key" });
    expect(error.message).toMatch(/^Incorrect API key provided: sk-ba\*+wxyz\. /);
    expect(error.message).not.toContain(bad);
    expect(error.message).not.toContain("badbad");
  });

  it("answers 401 for a missing key, and a short key is masked entirely", async () => {
    const missing = await call("GET", "/v1/models", { key: null });
    expect(missing.status).toBe(401);
    expect(OpenAiErrorBody.parse(missing.body).message).toMatch(/didn't provide an API key/);
    const short = await call("GET", "/v1/models", { key: "abc123" });
    expect(short.status).toBe(401);
    expect(OpenAiErrorBody.parse(short.body).message).toContain("provided: ******.");
  });

  it("accepts admin-registered keys until revoked", async () => {
    const added = await call("POST", "/_admin/keys", { body: {} });
    const extra = added.body.key as string;
    expect(provider.validKeys).toEqual([key, extra]);
    expect((await call("GET", "/v1/models", { key: extra })).status).toBe(200);
    expect((await call("POST", "/_admin/keys/revoke", { body: { key: extra } })).status).toBe(200);
    expect((await call("GET", "/v1/models", { key: extra })).status).toBe(401);
    expect((await call("POST", "/_admin/keys/revoke", { body: { key } })).status).toBe(404);
  });
});

describe("chat completions", () => {
  it("answers a chat.completion with the predictable echo reply", async () => {
    const { status, body } = await call("POST", "/v1/chat/completions", { body: chat("hello there") });
    expect(status).toBe(200);
    expect(body).toMatchObject({
      object: "chat.completion",
      model: "sim-chat-1",
      choices: [{ index: 0, message: { role: "assistant", content: "echo: hello there" }, finish_reason: "stop" }],
    });
    expect(body.id).toMatch(/^chatcmpl-/);
    expect(body.created).toBeTypeOf("number");
    expect(body.usage.completion_tokens).toBe(3);
    expect(body.usage.total_tokens).toBe(body.usage.prompt_tokens + 3);
  });

  it("streams chunks: role first, content, finish_reason stop last, then [DONE]", async () => {
    const reply = "The quick brown fox, scripted.";
    await call("PUT", "/_admin/scripts", { body: { scripts: [{ match: "fox", reply }] } });
    const { frames } = await streamChat(chat("tell me about the fox", { stream: true }));
    expect(frames.at(-1)).toBe("[DONE]");
    const chunks = frames.slice(0, -1).map((frame) => JSON.parse(frame));
    for (const chunk of chunks) expect(chunk.object).toBe("chat.completion.chunk");
    expect(new Set(chunks.map((c) => c.id)).size).toBe(1);
    expect(chunks[0].choices[0].delta).toMatchObject({ role: "assistant", content: "" });
    const last = chunks.at(-1);
    expect(last.choices[0]).toMatchObject({ finish_reason: "stop", delta: {} });
    expect(Object.keys(last.choices[0].delta)).toEqual([]);
    const middle = chunks.slice(1, -1);
    expect(middle.length).toBeGreaterThan(1);
    for (const chunk of middle) expect(chunk.choices[0].finish_reason).toBeNull();
    expect(middle.map((c) => c.choices[0].delta.content).join("")).toBe(reply);
  });

  it("adds a usage frame with stream_options.include_usage", async () => {
    const { frames } = await streamChat(chat("count me", { stream: true, stream_options: { include_usage: true } }));
    const usage = JSON.parse(frames.at(-2)!);
    expect(usage.choices).toEqual([]);
    expect(usage.usage.completion_tokens).toBe(3);
  });

  it("matches scripts by substring or /regex/ in order, else echoes the last user message", async () => {
    const scripts = [
      { match: "/^book (a|the) table$/i", reply: "Booked." },
      { match: "refund", reply: "Refund started." },
    ];
    expect((await call("PUT", "/_admin/scripts", { body: { scripts } })).status).toBe(200);
    const reply = async (text: string) =>
      (await call("POST", "/v1/chat/completions", { body: chat(text) })).body.choices[0].message.content;
    expect(await reply("BOOK the table")).toBe("Booked.");
    expect(await reply("I want a refund please")).toBe("Refund started.");
    expect(await reply("Refund")).toBe("echo: Refund");
    const parts = { model: "sim-chat-1", messages: [{ role: "user", content: [{ type: "text", text: "refund" }] }] };
    expect((await call("POST", "/v1/chat/completions", { body: parts })).body.choices[0].message.content).toBe(
      "Refund started.",
    );
  });

  it("answers OpenAI-style 400s for bad bodies and 404 for an unknown model", async () => {
    const noMessages = await call("POST", "/v1/chat/completions", { body: { model: "sim-chat-1" } });
    expect(noMessages.status).toBe(400);
    expect(OpenAiErrorBody.parse(noMessages.body)).toMatchObject({
      type: "invalid_request_error",
      param: "messages",
      code: "missing_required_parameter",
    });
    const badRole = await call("POST", "/v1/chat/completions", {
      body: { model: "sim-chat-1", messages: [{ role: "robot", content: "x" }] },
    });
    expect(badRole.status).toBe(400);
    expect(OpenAiErrorBody.parse(badRole.body).param).toBe("messages[0].role");
    const badJson = await call("POST", "/v1/chat/completions", { body: "{nope" });
    expect(badJson.status).toBe(400);
    OpenAiErrorBody.parse(badJson.body);
    const unknown = await call("POST", "/v1/chat/completions", { body: { ...chat("x"), model: "gpt-nope" } });
    expect(unknown.status).toBe(404);
    expect(OpenAiErrorBody.parse(unknown.body).code).toBe("model_not_found");
    const wrongKind = await call("POST", "/v1/chat/completions", { body: { ...chat("x"), model: "sim-tts-1" } });
    expect(wrongKind.status).toBe(400);
    const noRoute = await call("GET", "/v1/nothing-here");
    expect(noRoute.status).toBe(404);
    expect(OpenAiErrorBody.parse(noRoute.body).message).toBe("Invalid URL (GET /v1/nothing-here)");
  });

  it("authenticates chat too", async () => {
    expect(
      (await call("POST", "/v1/chat/completions", { key: "sk-wrong-key-0000000000", body: chat("x") })).status,
    ).toBe(401);
  });
});

describe("timing on the shared clock", () => {
  it("waits ttft_ms simulated ms before the first content token", async () => {
    // 1 simulated minute = 600 real ms: 20 000 simulated ms of TTFT take about 200 real ms.
    const scaled = await startProvider({ clock: createClock(600) });
    try {
      scaled.state.timing = { ttft_ms: 20_000, tokens_per_second: 1000 };
      const started = performance.now();
      const response = await request(`${scaled.url}/v1/chat/completions`, {
        method: "POST",
        headers: { authorization: `Bearer ${scaled.defaultKey}`, "content-type": "application/json" },
        body: JSON.stringify(chat("a b c", { stream: true })),
        ...TIMEOUT,
      });
      const stamps: Array<{ data: string; at: number }> = [];
      const parser = createParser({ onEvent: (event) => stamps.push({ data: event.data, at: performance.now() }) });
      await feedSse(response.body, parser);
      const roleAt = stamps[0]!.at - started;
      const firstTokenAt = stamps[1]!.at - started;
      expect(firstTokenAt - roleAt).toBeGreaterThanOrEqual(150);
      expect(firstTokenAt).toBeLessThan(2_000);
    } finally {
      await scaled.close();
    }
  });

  it("paces content tokens at tokens_per_second: N tokens take about (N - 1) / R from the first to the last", async () => {
    // Few, wide gaps (50 ms): a late timer costs little of the whole, so the bounds can catch a rate off by 2x.
    const tokens = 11;
    const perSecond = 20;
    const reply = Array.from({ length: tokens }, (_, i) => `w${i}`).join(" ");
    await call("PUT", "/_admin/scripts", { body: { scripts: [{ match: "pace me", reply }] } });
    provider.state.timing = { ttft_ms: 0, tokens_per_second: perSecond };
    const { frames, times } = await streamChat(chat("pace me", { stream: true }));
    // Content chunks only: the role chunk carries empty content, the stop chunk and [DONE] none.
    const content = frames.flatMap((frame, i) => {
      if (frame === "[DONE]") return [];
      const text = JSON.parse(frame).choices[0]?.delta?.content;
      return typeof text === "string" && text !== "" ? [{ text, at: times[i]! }] : [];
    });
    expect(content.map((c) => c.text).join("")).toBe(reply);
    expect(content).toHaveLength(tokens);
    // One gap of 1/R s between consecutive tokens; timers never fire early, a loaded machine makes them late.
    const expectedMs = ((tokens - 1) * 1000) / perSecond;
    const tookMs = content.at(-1)!.at - content[0]!.at;
    expect(tookMs, `${tokens} tokens at ${perSecond}/s, expected ≈ ${expectedMs} ms`).toBeGreaterThanOrEqual(
      expectedMs * 0.8,
    );
    expect(tookMs, `${tokens} tokens at ${perSecond}/s, expected ≈ ${expectedMs} ms`).toBeLessThan(expectedMs * 1.6);
  });

  it("refuses bad timing with a 422 envelope", async () => {
    const { status, body } = await call("PUT", "/_admin/timing", { body: { ttft_ms: -1 } });
    expect(status).toBe(422);
    expect(ErrorEnvelope.parse(body).detail.errors).toEqual([expect.stringMatching(/^ttft_ms: /)]);
  });
});

describe("injected faults", () => {
  it("answers 429 with OpenAI's rate-limit body for the next N requests", async () => {
    await call("PUT", "/_admin/faults", { body: { faults: [{ kind: "rate_limit", count: 2 }] } });
    const first = await call("POST", "/v1/chat/completions", { body: chat("x") });
    expect(first.status).toBe(429);
    expect(first.headers["retry-after"]).toBe("1");
    expect(OpenAiErrorBody.parse(first.body)).toMatchObject({ code: "rate_limit_exceeded", type: "requests" });
    expect((await call("GET", "/v1/models")).status).toBe(429);
    expect((await call("GET", "/v1/models")).status).toBe(200);
    const faults = (await call("GET", "/_admin/faults")).body.faults;
    expect(faults[0]).toMatchObject({ kind: "rate_limit", fired: 2, remaining: 0 });
  });

  it("answers 500 for a fraction of matching requests, evenly and deterministically", async () => {
    await call("PUT", "/_admin/faults", {
      body: { faults: [{ kind: "server_error", fraction: 0.5, path: "/v1/chat" }] },
    });
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await call("POST", "/v1/chat/completions", { body: chat("x") })).status);
    expect(statuses).toEqual([200, 500, 200, 500, 200, 500]);
    expect((await call("GET", "/v1/models")).status).toBe(200);
    expect(provider.requests().filter((r) => r.fault === "server_error")).toHaveLength(3);
  });

  it("hangs until the client gives up, within the client's timeout", async () => {
    await call("PUT", "/_admin/faults", { body: { faults: [{ kind: "hang", count: 1 }] } });
    const started = performance.now();
    await expect(
      request(`${provider.url}/v1/models`, {
        headers: { authorization: `Bearer ${key}` },
        headersTimeout: 300,
        bodyTimeout: 300,
      }),
    ).rejects.toThrow(/timeout/i);
    // undici's timers tick coarsely (about 1 s), hence the margin.
    expect(performance.now() - started).toBeLessThan(2_500);
    expect((await call("GET", "/v1/models")).status).toBe(200);
    const hung = provider.requests().find((r) => r.fault === "hang");
    expect(hung).toMatchObject({ path: "/v1/models", status: null });
  });

  it("close() ends hung and slowly streaming requests promptly", async () => {
    const other = await startProvider({ clock: createClock() });
    other.state.faults.set([{ kind: "hang", path: "/v1/models" }]);
    other.state.timing = { ttft_ms: 60_000, tokens_per_second: 1 };
    const headers = { authorization: `Bearer ${other.defaultKey}`, "content-type": "application/json" };
    const hung = request(`${other.url}/v1/models`, { headers, ...TIMEOUT, headersTimeout: 10_000 });
    const slow = request(`${other.url}/v1/chat/completions`, {
      method: "POST",
      headers,
      body: JSON.stringify(chat("x", { stream: true })),
      ...TIMEOUT,
      bodyTimeout: 10_000,
    }).then((response) => response.body.text());
    await until(() => other.requests().length === 2, 2_000, "two requests on the other key");
    const started = performance.now();
    await other.close();
    expect(performance.now() - started).toBeLessThan(1_000);
    await expect(hung).rejects.toThrow();
    await expect(slow).rejects.toThrow();
  });

  it("refuses bad fault rules with a 422 envelope", async () => {
    const bad = await call("PUT", "/_admin/faults", { body: { faults: [{ kind: "explode", fraction: 2 }] } });
    expect(bad.status).toBe(422);
    const lines = ErrorEnvelope.parse(bad.body).detail.errors;
    expect(lines).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^faults\.0\.kind: /),
        expect.stringMatching(/^faults\.0\.fraction: /),
      ]),
    );
    expect((await call("PUT", "/_admin/faults", { body: "[" })).status).toBe(400);
    expect((await call("PUT", "/_admin/scripts", { body: { scripts: [{ match: "/(/", reply: "x" }] } })).status).toBe(
      422,
    );
    expect((await call("POST", "/_admin/offline", { body: { offline: "yes" } })).status).toBe(422);
  });
});

describe("offline switch", () => {
  it("drops every provider connection unanswered while the admin API still answers", async () => {
    expect((await call("POST", "/_admin/offline", { body: { offline: true } })).body).toEqual({
      ok: true,
      offline: true,
    });
    // A fresh connection each time, so the failure is the drop and not a stale pooled socket.
    const dispatcher = new Agent({ pipelining: 0 });
    try {
      const started = performance.now();
      await expect(
        request(`${provider.url}/v1/models`, { headers: { authorization: `Bearer ${key}` }, dispatcher, ...TIMEOUT }),
      ).rejects.toThrow(/other side closed|socket|ECONNRESET/i);
      expect(performance.now() - started).toBeLessThan(2_000);
      expect((await call("GET", "/_admin/requests")).status).toBe(200);
      await call("POST", "/_admin/offline", { body: { offline: false } });
      expect(
        (
          await request(`${provider.url}/v1/models`, {
            headers: { authorization: `Bearer ${key}` },
            dispatcher,
            ...TIMEOUT,
          })
        ).statusCode,
      ).toBe(200);
    } finally {
      await dispatcher.close();
    }
  });
});

describe("speech and realtime stubs", () => {
  it("round-trips TTS bytes through STT, both authenticated", async () => {
    const speech = await request(`${provider.url}/v1/audio/speech`, {
      method: "POST",
      headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
      body: JSON.stringify({ model: "simvoice-tts-1", input: "Your order has shipped.", voice: "sim-alloy" }),
      ...TIMEOUT,
    });
    expect(speech.statusCode).toBe(200);
    expect(speech.headers["content-type"]).toBe("audio/mpeg");
    const audio = Buffer.from(await speech.body.arrayBuffer());
    expect(audio.subarray(0, 3).toString()).toBe("ID3");

    const form = new FormData();
    form.append("model", "simvoice-stt-stream");
    form.append("file", new Blob([audio], { type: "audio/mpeg" }), "speech.mp3");
    const transcription = await fetch(`${provider.url}/v1/audio/transcriptions`, {
      method: "POST",
      headers: { authorization: `Bearer ${key}` },
      body: form,
      signal: AbortSignal.timeout(3_000),
    });
    expect(transcription.status).toBe(200);
    expect(await transcription.json()).toEqual({ text: "Your order has shipped." });

    const unauthenticated = await fetch(`${provider.url}/v1/audio/transcriptions`, {
      method: "POST",
      body: form,
      signal: AbortSignal.timeout(3_000),
    });
    expect(unauthenticated.status).toBe(401);
    const noFile = new FormData();
    noFile.append("model", "sim-whisper-1");
    const missing = await fetch(`${provider.url}/v1/audio/transcriptions`, {
      method: "POST",
      headers: { authorization: `Bearer ${key}` },
      body: noFile,
      signal: AbortSignal.timeout(3_000),
    });
    expect(missing.status).toBe(400);
    expect(OpenAiErrorBody.parse(await missing.json()).param).toBe("file");
  });

  it("creates a realtime session with a client secret", async () => {
    const { status, body } = await call("POST", "/v1/realtime/sessions", {
      body: { model: "sim-realtime-1", voice: "sim-alloy" },
    });
    expect(status).toBe(200);
    expect(body).toMatchObject({ object: "realtime.session", model: "sim-realtime-1", voice: "sim-alloy" });
    expect(body.client_secret.value).toMatch(/^ek_/);
    expect((await call("POST", "/v1/realtime/sessions", { key: null, body: { model: "sim-realtime-1" } })).status).toBe(
      401,
    );
  });
});

describe("recorded requests", () => {
  it("records path, model, stream flag and only the key's last four characters", async () => {
    await call("POST", "/v1/chat/completions", { body: chat("x") });
    await streamChat(chat("y", { stream: true }));
    await call("GET", "/v1/models", { key: "sk-someone-elses-key-9876" });
    const { body } = await call("GET", "/_admin/requests");
    const rows = (body.requests as unknown[]).map((row) => RecordedRequest.parse(row));
    expect(rows.map((r) => [r.path, r.model, r.stream, r.status, r.key_hint])).toEqual([
      ["/v1/chat/completions", "sim-chat-1", false, 200, key.slice(-4)],
      ["/v1/chat/completions", "sim-chat-1", true, 200, key.slice(-4)],
      ["/v1/models", null, false, 401, "9876"],
    ]);
    expect(JSON.stringify(body)).not.toContain(key);
    expect(Number.isNaN(Date.parse(rows[0]!.time))).toBe(false);
    expect(rows).toEqual(provider.requests());
    expect((await call("POST", "/_admin/reset")).status).toBe(200);
    expect(provider.requests()).toEqual([]);
  });

  it("records the session and conversation a request names in its metadata, and nothing from other shapes", async () => {
    await call("POST", "/_admin/reset");
    const metadata = { session_id: "s-1", conversation_id: "c-1" };
    await call("POST", "/v1/chat/completions", { body: { ...chat("x"), metadata } });
    await call("POST", "/v1/chat/completions", { body: { ...chat("y"), metadata: { session_id: 7 } } });
    await call("POST", "/v1/chat/completions", { body: { ...chat("z"), metadata: "s-1" } });
    const rows = provider.requests().map((r) => [r.session, r.conversation]);
    expect(rows).toEqual([
      ["s-1", "c-1"],
      [null, null],
      [null, null],
    ]);
  });
});

describe("catalog fixture (2.8) wired to the provider", () => {
  it("parses with the catalog schema, every top-level key present", () => {
    const catalog = catalogFixture(provider.url);
    expect(Catalog.parse(catalog)).toEqual(catalog);
    expect(Object.keys(catalog).sort()).toEqual(Object.keys(Catalog.shape).sort());
  });

  it("fails the schema when platform_fee_per_minute.voice is missing, or a cost estimate is not an integer", () => {
    const { voice: _voice, ...fees } = catalogFixture(provider.url).platform_fee_per_minute;
    const noVoiceFee = Catalog.safeParse({ ...catalogFixture(provider.url), platform_fee_per_minute: fees });
    expect(noVoiceFee.success).toBe(false);
    expect(noVoiceFee.error?.issues[0]?.path).toEqual(["platform_fee_per_minute", "voice"]);
    const catalog = catalogFixture(provider.url);
    const fractional = { ...catalog.cost_estimate_usage_per_minute, tts_characters: 1.5 };
    expect(Catalog.safeParse({ ...catalog, cost_estimate_usage_per_minute: fractional }).success).toBe(false);
    const { base_url: _b, ...noBaseUrl } = catalog.llm[0]!;
    expect(Catalog.safeParse({ ...catalog, llm: [noBaseUrl] }).success).toBe(false);
  });

  it("names only models the simulator serves, under the provider that owns them, at its base URL", async () => {
    const catalog = catalogFixture(provider.url);
    const served = (await call("GET", "/v1/models")).body.data as Array<{ id: string; owned_by: string }>;
    const owner = new Map(served.map((model) => [model.id, model.owned_by]));
    for (const entry of [...catalog.llm, ...catalog.stt, ...catalog.tts, ...catalog.realtime]) {
      expect(owner.get(entry.model), entry.model).toBe(entry.provider);
      expect(Object.keys(catalog.providers)).toContain(entry.provider);
    }
    for (const entry of catalog.llm) expect(entry.base_url).toBe(`${provider.url}/v1`);
    expect(new Set(catalog.tts.map((entry) => entry.provider))).toEqual(new Set(["simai", "simvoice"]));
    expect(new Set(catalog.stt.map((entry) => entry.provider))).toEqual(new Set(["simai", "simvoice"]));
    for (const entry of [...catalog.tts, ...catalog.realtime]) {
      expect(entry.voices.map((voice) => voice.id)).toContain(entry.default_voice);
    }
  });

  it("has voices and avatars enough to page, in the catalogs' own envelope", async () => {
    const voices = voiceCatalogFixture(provider.url);
    const avatars = avatarCatalogFixture(provider.url);
    expect(voices.length).toBeGreaterThanOrEqual(30);
    expect(avatars.length).toBeGreaterThanOrEqual(5);
    expect(new Set(voices.map((voice) => voice.id)).size).toBe(voices.length);
    const page = {
      items: voices.slice(10, 20),
      facets: {
        gender: [...new Set(voices.map((v) => v.gender))],
        language: [...new Set(voices.map((v) => v.language))],
        provider: [...new Set(voices.map((v) => v.provider))],
      },
      total_count: voices.length,
      has_more: true,
      limit: 10,
      offset: 10,
    };
    expect(VoiceCatalogPage.parse(page)).toEqual(page);
    expect(VoiceCatalogPage.safeParse({ ...page, total_count: null }).success).toBe(true);
    expect(VoiceCatalogPage.safeParse({ ...page, facets: undefined }).success).toBe(false);
    const avatarPage = {
      items: avatars,
      facets: { gender: ["female", "male"], provider: ["simvoice"] },
      total_count: null,
      has_more: false,
      limit: 10,
      offset: 0,
    };
    expect(AvatarCatalogPage.parse(avatarPage)).toEqual(avatarPage);
    const sample = await request(voices[0]!.sample_url, TIMEOUT);
    expect(sample.statusCode).toBe(200);
    expect(sample.headers["content-type"]).toBe("audio/mpeg");
    await sample.body.dump();
  });
});

/** Feeds a body to the SSE parser, decoding UTF-8 across chunk boundaries. */
async function feedSse(body: AsyncIterable<Buffer>, parser: { feed(text: string): void }): Promise<void> {
  const decoder = new TextDecoder();
  for await (const chunk of body) parser.feed(decoder.decode(chunk, { stream: true }));
  parser.feed(decoder.decode());
}
