// The carrier and the provider behind front workers (`simulate --workers N`, simulators/shared/fronts.ts)
// answer as they do alone: the same requests to a stack without workers and to one with two give the
// same statuses, headers and bodies (ids and times aside), on the workers' own fast paths (against the
// routes of the stack alone, reached with a chunked body) and on what they pass to the primary; the
// state stays in one place (a call dialled through a worker is read, hung up and counted by the
// primary), the primary's offline switch and injected faults reach the workers' answers, a recorded
// request's status is there when read, and close() ends the workers.
import { Readable } from "node:stream";
import { createParser } from "eventsource-parser";
import { Agent, request } from "undici";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { type Simulators, startSimulators } from "../../simulators/stack.ts";

interface Stack {
  name: string;
  sims: Simulators;
  agent: Agent;
}

let alone: Stack;
let fronted: Stack;

const TIMEOUTS = { headersTimeout: 5_000, bodyTimeout: 5_000 };
const KEY = "sk-fronts-equivalence-key-0001";
const HELD = "+16665550100";

async function start(name: string, workers: number): Promise<Stack> {
  const sims = await startSimulators(60_000, { workers });
  return { name, sims, agent: new Agent({ connections: 4 }) };
}

beforeAll(async () => {
  [alone, fronted] = await Promise.all([start("alone", 0), start("fronted", 2)]);
  for (const stack of [alone, fronted]) {
    await call(stack, "carrier", "PUT", `/_admin/scripts/${encodeURIComponent("+1666*")}`, {
      json: { steps: [{ outcome: "hold" }] },
    });
    await call(stack, "provider", "POST", "/_admin/keys", { json: { key: KEY } });
  }
}, 60_000);

afterAll(async () => {
  await Promise.all(
    [alone, fronted].map(async (stack) => {
      await stack?.agent.close();
      await stack?.sims.close();
    }),
  );
});

interface Answer {
  status: number;
  headers: Record<string, string>;
  text: string;
}

type Body = { json: unknown } | { form: Record<string, string | string[]> } | { raw: string; type: string };

function encode(body: Body | undefined): { headers: Record<string, string>; body?: string } {
  if (body === undefined) return { headers: {} };
  if ("json" in body) return { headers: { "content-type": "application/json" }, body: JSON.stringify(body.json) };
  if ("raw" in body) return { headers: { "content-type": body.type }, body: body.raw };
  const form = new URLSearchParams();
  for (const [name, value] of Object.entries(body.form)) for (const v of [value].flat()) form.append(name, v);
  return { headers: { "content-type": "application/x-www-form-urlencoded" }, body: form.toString() };
}

async function call(
  stack: Stack,
  simulator: "carrier" | "provider",
  method: "GET" | "POST" | "PUT",
  path: string,
  options: Body & { auth?: string | null; chunked?: boolean } = { json: undefined },
): Promise<Answer> {
  const { headers, body } = encode("json" in options && options.json === undefined ? undefined : options);
  // Without a length no fast path takes a request (shared/fast-path.ts): fastify's own route answers it.
  const auth = options.auth === undefined ? defaultAuth(stack, simulator) : options.auth;
  if (auth !== null) headers.authorization = auth;
  const response = await request(`${stack.sims.target.simulators[simulator]}${path}`, {
    method,
    headers,
    body: options.chunked && body !== undefined ? Readable.from([body]) : body,
    dispatcher: stack.agent,
    ...TIMEOUTS,
  });
  const kept: Record<string, string> = {};
  for (const name of ["content-type", "www-authenticate", "retry-after", "x-ratelimit-remaining-requests"]) {
    const value = response.headers[name];
    if (typeof value === "string") kept[name] = value;
  }
  return { status: response.statusCode, headers: kept, text: await response.body.text() };
}

function defaultAuth(stack: Stack, simulator: "carrier" | "provider"): string {
  if (simulator === "provider") return `Bearer ${KEY}`;
  const { accountSid, authToken } = stack.sims.target.carrier_account!;
  return `Basic ${Buffer.from(`${accountSid}:${authToken}`).toString("base64")}`;
}

const account = (stack: Stack) => stack.sims.target.carrier_account!.accountSid;
const calls = (stack: Stack) => `/2010-04-01/Accounts/${account(stack)}/Calls.json`;

/** What differs between two runs by design: ids, account SIDs, times. */
function comparable(stack: Stack, answer: Answer): Answer {
  const text = answer.text
    .replaceAll(account(stack), "AC<account>")
    .replace(/CA[0-9a-f]{32}/g, "CA<call>")
    .replace(/chatcmpl-[0-9a-f]{24}/g, "chatcmpl-<id>")
    .replace(/"created":\d+/g, '"created":0')
    .replace(/[A-Z][a-z]{2}, \d{2} [A-Z][a-z]{2} \d{4} \d{2}:\d{2}:\d{2} \+0000/g, "<date>");
  return { ...answer, text };
}

/** The same request to both stacks; their answers, made comparable. */
async function both(
  simulator: "carrier" | "provider",
  method: "GET" | "POST" | "PUT",
  path: (stack: Stack) => string,
  options?: Body & { auth?: string | null },
): Promise<[Answer, Answer]> {
  // The stack alone gets the body chunked, so its route answers, not the fast path the workers share with it.
  const [a, b] = await Promise.all(
    [alone, fronted].map(async (stack) =>
      comparable(
        stack,
        await call(stack, simulator, method, path(stack), {
          ...(options ?? { json: undefined }),
          chunked: stack === alone,
        }),
      ),
    ),
  );
  return [a!, b!];
}

const FROM = "+14155550100";
const dial = (extra: Record<string, string | string[]> = {}) => ({
  form: { To: HELD, From: FROM, Url: "http://127.0.0.1:9/twiml", ...extra },
});

describe("carrier dials through front workers", () => {
  const cases: Array<[string, Body & { auth?: string | null }, ((stack: Stack) => string)?]> = [
    ["a dial to a held number", dial()],
    [
      "a dial with events, machine detection and a timeout",
      dial({ StatusCallbackEvent: ["initiated", "ringing answered"], MachineDetection: "Enable", Timeout: "30" }),
    ],
    ["no To", { form: { From: FROM, Url: "http://127.0.0.1:9/twiml" } }],
    ["a To that is not E.164", dial({ To: "555-0100" })],
    ["no From", { form: { To: HELD, Url: "http://127.0.0.1:9/twiml" } }],
    ["a From the account does not own", dial({ From: "+14155559999" })],
    ["no Url nor Twiml", { form: { To: HELD, From: FROM } }],
    ["a Url that is not http", dial({ Url: "ftp://example.com/x" })],
    ["a bad StatusCallbackMethod", dial({ StatusCallbackMethod: "PUT" })],
    ["an unknown StatusCallbackEvent", dial({ StatusCallbackEvent: "exploded" })],
    ["a Timeout out of range", dial({ Timeout: "0601" })],
    ["a broken percent escape", { raw: "To=%ZZ&From=x", type: "application/x-www-form-urlencoded" }],
    ["bytes that are not UTF-8", { raw: "To=%C3%28", type: "application/x-www-form-urlencoded" }],
    ["a JSON body (passed to the primary whole)", { json: { To: HELD } }],
    ["no credentials", { ...dial(), auth: null }],
    ["a wrong token", { ...dial(), auth: `Basic ${Buffer.from("ACnope:wrong").toString("base64")}` }],
    ["another account's path", dial(), () => "/2010-04-01/Accounts/AC0123456789abcdef0123456789abcdef/Calls.json"],
  ];
  for (const [name, body, path] of cases) {
    test(`${name}: the same answer`, async () => {
      const [a, b] = await both("carrier", "POST", path ?? calls, body);
      expect(b).toEqual(a);
    });
  }

  test("a call dialled through a worker lives in the primary: read, hung up and counted there", async () => {
    const before = JSON.parse((await call(fronted, "carrier", "GET", "/_admin/witness")).text) as {
      concurrency: { current: number };
    };
    // Separate connections, so the kernel spreads them over both workers.
    const sids = await Promise.all(
      Array.from({ length: 12 }, async () => {
        const agent = new Agent({ connections: 1 });
        try {
          const answer = await call({ ...fronted, agent }, "carrier", "POST", calls(fronted), dial());
          expect(answer.status).toBe(201);
          return (JSON.parse(answer.text) as { sid: string }).sid;
        } finally {
          await agent.close();
        }
      }),
    );
    const witness = JSON.parse((await call(fronted, "carrier", "GET", "/_admin/witness")).text) as {
      dials: Array<{ call_sid: string }>;
      concurrency: { current: number };
    };
    expect(witness.dials.map((row) => row.call_sid)).toEqual(expect.arrayContaining(sids));
    expect(witness.concurrency.current).toBe(before.concurrency.current + sids.length);
    const path = `/2010-04-01/Accounts/${account(fronted)}/Calls/${sids[0]}.json`;
    // Still ringing (a held call answers after 2 s): a hang-up cancels it.
    const hungUp = await call(fronted, "carrier", "POST", path, { form: { Status: "canceled" } });
    expect(JSON.parse(hungUp.text)).toMatchObject({ sid: sids[0], status: "canceled" });
    expect(JSON.parse((await call(fronted, "carrier", "GET", path)).text)).toMatchObject({ status: "canceled" });
  });

  test("the primary's offline switch drops a worker's dials unanswered, and lifting it serves them again", async () => {
    await call(fronted, "carrier", "POST", "/_admin/offline", { json: { offline: true } });
    try {
      await expect(call(fronted, "carrier", "POST", calls(fronted), dial())).rejects.toThrow();
    } finally {
      await call(fronted, "carrier", "POST", "/_admin/offline", { json: { offline: false } });
    }
    expect((await call(fronted, "carrier", "POST", calls(fronted), dial())).status).toBe(201);
  });
});

const chat = (content: string, extra: Record<string, unknown> = {}) => ({
  json: { model: "sim-chat-1", messages: [{ role: "user", content }], ...extra },
});

describe("provider completions through front workers", () => {
  const cases: Array<[string, Body & { auth?: string | null }]> = [
    ["a streamed completion", chat("what is the weather", { stream: true })],
    ["a streamed completion with usage", chat("count me", { stream: true, stream_options: { include_usage: true } })],
    ["a plain completion", chat("hello there")],
    ["no key", { ...chat("x"), auth: null }],
    ["a wrong key", { ...chat("x"), auth: "Bearer sk-not-a-key-at-all-0000" }],
    ["a body that is not JSON", { raw: '{"model":', type: "application/json" }],
    ["a body nested too deep", { raw: "[".repeat(100) + "]".repeat(100), type: "application/json" }],
    ["no model", { json: { messages: [{ role: "user", content: "x" }] } }],
    ["an unknown model", chat("x", { model: "gpt-nope" })],
    ["a model of another kind", chat("x", { model: "simvoice-tts-1" })],
    ["a text body (passed to the primary whole)", { raw: "hello", type: "text/plain" }],
  ];
  for (const [name, body] of cases) {
    test(`${name}: the same answer`, async () => {
      const [a, b] = await both("provider", "POST", () => "/v1/chat/completions", body);
      expect(b).toEqual(a);
    });
  }

  test("injected faults fire on a worker's requests as on the primary's, counted in one place", async () => {
    const faults = { faults: [{ kind: "rate_limit", fraction: 0.5, path: "/v1/chat/completions" }] };
    for (const stack of [alone, fronted]) await call(stack, "provider", "PUT", "/_admin/faults", { json: faults });
    try {
      const statuses = async (stack: Stack) => {
        const seen: number[] = [];
        for (let i = 0; i < 6; i++)
          seen.push((await call(stack, "provider", "POST", "/v1/chat/completions", chat("x"))).status);
        return seen;
      };
      const a = await statuses(alone);
      expect(a).toEqual([200, 429, 200, 429, 200, 429]);
      expect(await statuses(fronted)).toEqual(a);
    } finally {
      for (const stack of [alone, fronted])
        await call(stack, "provider", "PUT", "/_admin/faults", { json: { faults: [] } });
    }
  });

  test("recorded requests show the status each finished with, read right after", async () => {
    await call(fronted, "provider", "POST", "/_admin/reset", { json: {} });
    await call(fronted, "provider", "POST", "/v1/chat/completions", chat("x", { stream: true }));
    await call(fronted, "provider", "POST", "/v1/chat/completions", { ...chat("x"), auth: null });
    const { requests } = JSON.parse((await call(fronted, "provider", "GET", "/_admin/requests")).text) as {
      requests: Array<{ path: string; stream: boolean; status: number | null; key_hint: string | null }>;
    };
    expect(requests.map((row) => [row.path, row.stream, row.status, row.key_hint])).toEqual([
      ["/v1/chat/completions", true, 200, KEY.slice(-4)],
      ["/v1/chat/completions", false, 401, null],
    ]);
  });

  test("a worker paces a stream on the clock: the first token waits ttft_ms", async () => {
    await call(fronted, "provider", "PUT", "/_admin/timing", { json: { ttft_ms: 300, tokens_per_second: 0 } });
    try {
      const started = performance.now();
      const response = await request(`${fronted.sims.target.simulators.provider}/v1/chat/completions`, {
        method: "POST",
        headers: { "content-type": "application/json", authorization: `Bearer ${KEY}` },
        body: JSON.stringify(chat("pace me", { stream: true }).json),
        dispatcher: fronted.agent,
        ...TIMEOUTS,
      });
      const arrivals: Array<{ data: string; ms: number }> = [];
      const parser = createParser({
        onEvent: (event) => arrivals.push({ data: event.data, ms: performance.now() - started }),
      });
      for await (const chunk of response.body) parser.feed(String(chunk));
      const firstContent = arrivals.find((frame) => frame.data.includes('"content":"pace'));
      expect(firstContent?.ms).toBeGreaterThanOrEqual(290);
      expect(arrivals.at(-1)?.data).toBe("[DONE]");
    } finally {
      await call(fronted, "provider", "PUT", "/_admin/timing", { json: { ttft_ms: 0, tokens_per_second: 0 } });
    }
  });

  test("offline drops a worker's completions unanswered", async () => {
    await call(fronted, "provider", "POST", "/_admin/offline", { json: { offline: true } });
    try {
      await expect(call(fronted, "provider", "POST", "/v1/chat/completions", chat("x"))).rejects.toThrow();
    } finally {
      await call(fronted, "provider", "POST", "/_admin/offline", { json: { offline: false } });
    }
  });
});

test("close() ends the workers: their port no longer answers", async () => {
  const sims = await startSimulators(60_000, { workers: 1 });
  const url = sims.target.simulators.provider!;
  expect((await request(`${url}/v1/models`, { headers: { authorization: "Bearer x" }, ...TIMEOUTS })).statusCode).toBe(
    401,
  );
  await sims.close();
  await expect(request(`${url}/v1/models`, TIMEOUTS)).rejects.toThrow();
}, 60_000);
