// The carrier simulator over real loopback HTTP: Twilio auth and errors, numbers, scripted dials with
// signed status callbacks received by a local server, witness concurrency, clock scaling, inbound calls.
import { EventEmitter } from "node:events";
import Fastify, { type FastifyInstance } from "fastify";
import { request } from "undici";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { parseForm } from "../../../simulators/carrier/form.ts";
import {
  type Carrier,
  startCarrier,
  twilioSignature,
  validateTwilioSignature,
} from "../../../simulators/carrier/index.ts";
import { ScriptBook } from "../../../simulators/carrier/outcomes.ts";
import { CallResource, IncomingPhoneNumbersPage, WitnessSnapshot } from "../../../simulators/carrier/schemas.ts";
import type { FormParams } from "../../../simulators/carrier/twilio-signature.ts";
import { createClock } from "../../../simulators/shared/clock.ts";

/** One simulated second lasts one real millisecond. */
const clock = createClock(60);
const TIMEOUT = 3_000;

interface Received {
  path: string;
  params: Record<string, string>;
  signatureValid: boolean;
}

/** A tiny stand-in for the platform: records signed carrier requests and answers per path. */
async function startReceiver(authToken: () => string) {
  const rows: Received[] = [];
  const events = new EventEmitter();
  const app: FastifyInstance = Fastify({ forceCloseConnections: true });
  app.addContentTypeParser("application/x-www-form-urlencoded", { parseAs: "string" }, (_r, body, done) =>
    done(null, parseForm(String(body))),
  );
  let origin = "";
  app.post("/*", async (req, reply) => {
    const params = (req.body ?? {}) as FormParams;
    const signatureValid = validateTwilioSignature(
      authToken(),
      req.headers["x-twilio-signature"] as string | undefined,
      origin + req.url,
      params,
    );
    rows.push({ path: req.url, params: params as Record<string, string>, signatureValid });
    events.emit("row");
    if (req.url.startsWith("/hang")) return new Promise(() => {});
    if (req.url.startsWith("/voice/reject"))
      return reply.type("text/xml").send('<Response><Reject reason="busy"/></Response>');
    if (req.url.startsWith("/voice/error")) return reply.status(500).send("boom");
    return reply.type("text/xml").send("<Response><Connect/></Response>");
  });
  await app.listen({ port: 0, host: "127.0.0.1" });
  const address = app.server.address() as { port: number };
  origin = `http://127.0.0.1:${address.port}`;
  /** Waits until `count` rows match, re-checking on each arrival; never sleeps. */
  const waitRows = (match: (row: Received) => boolean, count: number, timeoutMs = TIMEOUT) =>
    new Promise<Received[]>((resolve, reject) => {
      const check = () => {
        const found = rows.filter(match);
        if (found.length < count) return;
        done();
        resolve(found);
      };
      const timer = setTimeout(() => {
        done();
        reject(new Error(`only ${rows.filter(match).length}/${count} requests arrived`));
      }, timeoutMs);
      const done = () => {
        clearTimeout(timer);
        events.off("row", check);
      };
      events.on("row", check);
      check();
    });
  return { origin, rows, waitRows, close: () => app.close() };
}

let carrier: Carrier;
let receiver: Awaited<ReturnType<typeof startReceiver>>;
let tag = 0;

beforeAll(async () => {
  // Short enough for the hanging receiver's test, long enough for a receiver on a loaded machine (300 ms was not).
  carrier = await startCarrier({ clock, callbackTimeoutMs: 1_500 });
  receiver = await startReceiver(() => carrier.account.authToken);
});
afterAll(async () => {
  await carrier?.close();
  await receiver?.close();
});
beforeEach(async () => {
  await http("POST", "/_admin/reset");
  carrier.scripts.clear();
});

const basic = (sid: string, token: string) => `Basic ${Buffer.from(`${sid}:${token}`).toString("base64")}`;

async function http(
  method: "GET" | "POST" | "PUT" | "DELETE",
  path: string,
  init: { json?: unknown; form?: string[][]; auth?: string; raw?: { type: string; body: string } } = {},
) {
  const headers: Record<string, string> = {};
  let body: string | undefined;
  if (init.json !== undefined) {
    headers["content-type"] = "application/json";
    body = JSON.stringify(init.json);
  } else if (init.form !== undefined) {
    headers["content-type"] = "application/x-www-form-urlencoded";
    body = new URLSearchParams(init.form as [string, string][]).toString();
  } else if (init.raw !== undefined) {
    headers["content-type"] = init.raw.type;
    body = init.raw.body;
  }
  if (init.auth !== undefined) headers["authorization"] = init.auth;
  const response = await request(carrier.url + path, { method, headers, body, signal: AbortSignal.timeout(TIMEOUT) });
  const text = await response.body.text();
  return { status: response.statusCode, headers: response.headers, body: text === "" ? undefined : JSON.parse(text) };
}

const auth = () => basic(carrier.account.sid, carrier.account.authToken);
const accountPath = () => `/2010-04-01/Accounts/${carrier.account.sid}`;
const FROM = "+14155550100";

/** Dials with every status event subscribed; the callback path is unique per dial. */
async function dial(to: string, extra: string[][] = []) {
  const path = `/cb/${++tag}`;
  const form = [
    ["To", to],
    ["From", FROM],
    ["Url", `${receiver.origin}/twiml`],
    ["StatusCallback", receiver.origin + path],
    ...["initiated", "ringing", "answered", "completed"].map((event) => ["StatusCallbackEvent", event]),
    ...extra,
  ];
  const response = await http("POST", `${accountPath()}/Calls.json`, { form, auth: auth() });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return { call: CallResource.parse(response.body), path };
}

/** The statuses a call reported, in SequenceNumber order, once it reported `last`. */
async function statuses(path: string, count: number) {
  const rows = await receiver.waitRows((row) => row.path === path, count);
  expect(rows.every((row) => row.signatureValid)).toBe(true);
  return rows
    .sort((a, b) => Number(a.params["SequenceNumber"]) - Number(b.params["SequenceNumber"]))
    .map((row) => row.params);
}

describe("signature and pattern units", () => {
  it("signs as Twilio's published example does", () => {
    // Twilio's documented request-validation example (token 12345).
    const url = "https://mycompany.com/myapp.php?foo=1&bar=2";
    const params = {
      CallSid: "CA1234567890ABCDE",
      Caller: "+14158675310",
      Digits: "1234",
      From: "+14158675310",
      To: "+18005551212",
    };
    expect(twilioSignature("12345", url, params)).toBe("GvWf1cFY/Q7PnoempGyD5oXAezc=");
    expect(validateTwilioSignature("12345", "GvWf1cFY/Q7PnoempGyD5oXAezc=", url, params)).toBe(true);
    expect(validateTwilioSignature("12345", "GvWf1cFY/Q7PnoempGyD5oXAezc=", url, { ...params, Digits: "1235" })).toBe(
      false,
    );
    expect(validateTwilioSignature("12345", undefined, url, params)).toBe(false);
  });

  it("decodes the number pattern and prefers admin scripts", () => {
    const book = new ScriptBook();
    expect(book.stepFor("+15550071234", 1)).toEqual({ outcome: "answer", ringMs: 2000, talkMs: 600_000 });
    expect([1, 2, 3, 4].map((n) => book.stepFor("+15550630000", n).outcome)).toEqual([
      "busy",
      "busy",
      "busy",
      "answer",
    ]);
    expect(book.stepFor("+15550900000", 1).outcome).toBe("hold");
    expect(book.stepFor("+14155550199", 1)).toEqual({ outcome: "answer", ringMs: 2000, talkMs: 10_000 });
    book.set("+1555*", { steps: [{ outcome: "failed" }] });
    book.set("+15550*", { steps: [{ outcome: "voicemail" }] });
    expect(book.stepFor("+15550071234", 1).outcome).toBe("voicemail");
    expect(book.stepFor("+15551071234", 1).outcome).toBe("failed");
  });
});

describe("Twilio authentication", () => {
  const expected = {
    code: 20003,
    message: "Authenticate",
    more_info: "https://www.twilio.com/docs/errors/20003",
    status: 401,
  };

  it("answers missing or wrong credentials with Twilio's 401 body", async () => {
    const none = await http("GET", `${accountPath()}/IncomingPhoneNumbers.json`);
    expect(none.status).toBe(401);
    expect(none.body).toEqual(expected);
    const wrong = await http("GET", `${accountPath()}/IncomingPhoneNumbers.json`, {
      auth: basic(carrier.account.sid, "0".repeat(32)),
    });
    expect(wrong.status).toBe(401);
    expect(wrong.body).toEqual(expected);
    expect(JSON.stringify(wrong.body)).not.toContain(carrier.account.authToken);
  });

  it("keeps accounts apart: another account's path is not found", async () => {
    const created = await http("POST", "/_admin/accounts", { json: { numbers: 2 } });
    expect(created.status).toBe(201);
    const other = basic(created.body.sid, created.body.auth_token);
    const own = await http("GET", `/2010-04-01/Accounts/${created.body.sid}/IncomingPhoneNumbers.json`, {
      auth: other,
    });
    expect(own.status).toBe(200);
    expect(own.body.incoming_phone_numbers).toHaveLength(2);
    const foreign = await http("GET", `${accountPath()}/IncomingPhoneNumbers.json`, { auth: other });
    expect(foreign.status).toBe(404);
    expect(foreign.body.code).toBe(20404);
  });
});

describe("incoming phone numbers", () => {
  it("pages the default account's five deterministic numbers in Twilio's envelope", async () => {
    const path = `${accountPath()}/IncomingPhoneNumbers.json`;
    const all = IncomingPhoneNumbersPage.parse((await http("GET", path, { auth: auth() })).body);
    expect(all.incoming_phone_numbers.map((n) => n.phone_number)).toEqual([
      "+14155550100",
      "+14155550101",
      "+14155550102",
      "+14155550103",
      "+14155550104",
    ]);
    const second = IncomingPhoneNumbersPage.parse(
      (await http("GET", `${path}?PageSize=2&Page=1`, { auth: auth() })).body,
    );
    expect(second.incoming_phone_numbers.map((n) => n.phone_number)).toEqual(["+14155550102", "+14155550103"]);
    expect(second.next_page_uri).toBe(`${path}?PageSize=2&Page=2`);
    expect(second.previous_page_uri).toBe(`${path}?PageSize=2&Page=0`);
    const last = IncomingPhoneNumbersPage.parse(
      (await http("GET", `${path}?PageSize=2&Page=2`, { auth: auth() })).body,
    );
    expect(last.incoming_phone_numbers).toHaveLength(1);
    expect(last.next_page_uri).toBeNull();
  });

  it("updates VoiceUrl and StatusCallback with a form POST", async () => {
    const list = (await http("GET", `${accountPath()}/IncomingPhoneNumbers.json`, { auth: auth() })).body;
    const sid = list.incoming_phone_numbers[4].sid as string;
    const updated = await http("POST", `${accountPath()}/IncomingPhoneNumbers/${sid}.json`, {
      auth: auth(),
      form: [
        ["VoiceUrl", `${receiver.origin}/voice/answer`],
        ["StatusCallback", `${receiver.origin}/numbers/status`],
      ],
    });
    expect(updated.status).toBe(200);
    expect(updated.body.voice_url).toBe(`${receiver.origin}/voice/answer`);
    const again = await http("GET", `${accountPath()}/IncomingPhoneNumbers/${sid}.json`, { auth: auth() });
    expect(again.body.status_callback).toBe(`${receiver.origin}/numbers/status`);
  });
});

describe("dialling scripted destinations", () => {
  it("answers, talks, completes, with signed callbacks in sequence", async () => {
    const { call, path } = await dial("+15550000001"); // O=0 answer, P=0: talk 5 s
    expect(call.sid).toMatch(/^CA[0-9a-f]{32}$/);
    expect(call).toMatchObject({ status: "queued", to: "+15550000001", from: FROM, direction: "outbound-api" });
    const reported = await statuses(path, 4);
    expect(reported.map((p) => p["CallStatus"])).toEqual(["initiated", "ringing", "in-progress", "completed"]);
    expect(reported.map((p) => p["SequenceNumber"])).toEqual(["0", "1", "2", "3"]);
    expect(reported[3]).toMatchObject({ CallSid: call.sid, AccountSid: carrier.account.sid, CallDuration: "5" });
    expect(reported[3]!["AnsweredBy"]).toBeUndefined();
    const fetched = await http("GET", `${accountPath()}/Calls/${call.sid}.json`, { auth: auth() });
    expect(fetched.body).toMatchObject({ status: "completed", duration: "5" });
  });

  it("reports busy, no-answer and failed as the number pattern selects", async () => {
    const busy = await dial("+15550100001");
    const noAnswer = await dial("+15550200001", [["Timeout", "5"]]);
    const failed = await dial("+15550300001");
    expect((await statuses(busy.path, 2)).map((p) => p["CallStatus"])).toEqual(["initiated", "busy"]);
    expect((await statuses(noAnswer.path, 3)).map((p) => p["CallStatus"])).toEqual([
      "initiated",
      "ringing",
      "no-answer",
    ]);
    expect((await statuses(failed.path, 1)).map((p) => p["CallStatus"])).toEqual(["failed"]);
  });

  it("marks a voicemail pick-up with AnsweredBy=machine_start", async () => {
    const { path } = await dial("+15550410001"); // O=4 voicemail, P=1: talk 10 s
    const reported = await statuses(path, 4);
    expect(reported[2]).toMatchObject({ CallStatus: "in-progress", AnsweredBy: "machine_start" });
    expect(reported[3]).toMatchObject({ CallStatus: "completed", AnsweredBy: "machine_start", CallDuration: "10" });
  });

  it("plays per-attempt sequences from the pattern and from an admin script", async () => {
    const patterned = "+15550520001"; // O=5: no-answer twice (P=2), then answer
    const endings = [];
    for (let i = 0; i < 3; i += 1) {
      const { path } = await dial(patterned);
      endings.push((await statuses(path, i < 2 ? 3 : 4)).at(-1)!["CallStatus"]);
    }
    expect(endings).toEqual(["no-answer", "no-answer", "completed"]);

    const scripted = "+447700900123";
    const put = await http("PUT", `/_admin/scripts/${encodeURIComponent(scripted)}`, {
      json: { steps: [{ outcome: "busy" }, { outcome: "answer", ring_ms: 1000, talk_ms: 7000 }] },
    });
    expect(put.status).toBe(200);
    const first = await dial(scripted);
    expect((await statuses(first.path, 2)).at(-1)!["CallStatus"]).toBe("busy");
    const second = await dial(scripted);
    expect((await statuses(second.path, 4)).at(-1)).toMatchObject({ CallStatus: "completed", CallDuration: "7" });

    const witness = WitnessSnapshot.parse((await http("GET", "/_admin/witness")).body);
    expect(witness.attempts).toEqual({ [patterned]: 3, [scripted]: 2 });
    expect(witness.dials.filter((d) => d.to === scripted).map((d) => d.attempt)).toEqual([1, 2]);
  });

  it("hangs up on request: canceled while ringing, completed while talking", async () => {
    carrier.scripts.set("+1777*", { steps: [{ outcome: "hold" }] });
    carrier.scripts.set("+1778*", { steps: [{ outcome: "answer", ring_ms: 600_000 }] });
    const talking = await dial("+17770000001");
    const ringing = await dial("+17780000001", [["Timeout", "600"]]);
    await carrier.witness.waitFor((w) => w.dials.filter((d) => d.status !== "queued").length === 2, TIMEOUT);
    await statuses(talking.path, 3);
    const update = (sid: string, status: string) =>
      http("POST", `${accountPath()}/Calls/${sid}.json`, { auth: auth(), form: [["Status", status]] });
    expect((await update(ringing.call.sid, "canceled")).body.status).toBe("canceled");
    expect((await update(talking.call.sid, "canceled")).body.status).toBe("in-progress");
    expect((await update(talking.call.sid, "completed")).body.status).toBe("completed");
    const witness = carrier.witness.snapshot();
    expect(witness.dials.map((d) => d.ended_by)).toEqual(["api", "api"]);
    expect(witness.unfinished).toEqual([]);
  });

  it("lets the callee of a held call hang up through the admin API: completed, ended by the carrier", async () => {
    carrier.scripts.set("+1779*", { steps: [{ outcome: "hold" }] });
    const held = await dial("+17790000001");
    await statuses(held.path, 3);
    const hangup = await http("POST", `/_admin/calls/${held.call.sid}/hangup`);
    expect(hangup.status, JSON.stringify(hangup.body)).toBe(200);
    expect(hangup.body).toMatchObject({ call_sid: held.call.sid, status: "completed" });
    await statuses(held.path, 4);
    const dialled = carrier.witness.snapshot().dials.find((d) => d.call_sid === held.call.sid);
    expect(dialled).toMatchObject({ status: "completed", ended_by: "carrier" });
    const again = await http("POST", `/_admin/calls/${held.call.sid}/hangup`);
    expect(again.status, "a call already over is not in progress").toBe(409);
  });
});

describe("witness", () => {
  it("counts peak concurrency of parallel dials and unfinished calls", async () => {
    carrier.scripts.set("+1666*", { steps: [{ outcome: "hold" }] });
    const n = 12;
    const calls = await Promise.all(
      Array.from({ length: n }, (_, i) => dial(`+166600000${String(i).padStart(2, "0")}`)),
    );
    const live = await carrier.witness.waitFor((w) => w.dials.filter((d) => d.status === "in-progress").length === n);
    expect(live.concurrency).toMatchObject({ current: n, peak: n });
    expect(live.concurrency.peak_by_account[carrier.account.sid]).toBe(n);
    expect(live.unfinished).toHaveLength(n);
    await Promise.all(
      calls.map(({ call }) =>
        http("POST", `${accountPath()}/Calls/${call.sid}.json`, { auth: auth(), form: [["Status", "completed"]] }),
      ),
    );
    const after = WitnessSnapshot.parse((await http("GET", "/_admin/witness")).body);
    expect(after.concurrency).toMatchObject({ current: 0, peak: n });
    expect(after.unfinished).toEqual([]);
    expect(after.concurrency.timeline.at(-1)!.active).toBe(0);
    expect(Math.max(...after.concurrency.timeline.map((p) => p.active))).toBe(n);
  });

  it("records a callback that outlives its deadline without holding other calls", async () => {
    carrier.scripts.set("+1888*", { steps: [{ outcome: "answer", ring_ms: 0, talk_ms: 1000 }] });
    const path = "/hang/1";
    const hanging = await http("POST", `${accountPath()}/Calls.json`, {
      auth: auth(),
      form: [
        ["To", "+18880000001"],
        ["From", FROM],
        ["Url", `${receiver.origin}/twiml`],
        ["StatusCallback", receiver.origin + path],
      ],
    });
    expect(hanging.status).toBe(201);
    const other = await dial("+18880000002");
    await statuses(other.path, 4);
    // The receiver has the fourth status before the carrier records its answer: wait for both records.
    const otherOk = (w: { callbacks: Array<{ call_sid: string; ok: boolean }> }) =>
      w.callbacks.filter((c) => c.call_sid === other.call.sid && c.ok).length;
    const witness = await carrier.witness.waitFor((w) => w.callback_failures.length >= 1 && otherOk(w) >= 4, 15_000);
    expect(witness.callback_failures).toHaveLength(1);
    expect(witness.callback_failures[0]).toMatchObject({
      call_sid: hanging.body.sid,
      ok: false,
      call_status: "completed",
    });
    expect(witness.callback_failures[0]!.error).toMatch(/timeout/);
    expect(witness.callbacks.filter((c) => c.call_sid === other.call.sid && c.ok)).toHaveLength(4);
  });

  it("resets calls and the witness, keeping accounts and numbers", async () => {
    await dial("+15550000002");
    expect((await http("POST", "/_admin/reset")).body).toEqual({ ok: true });
    const witness = (await http("GET", "/_admin/witness")).body;
    expect(witness.dials).toEqual([]);
    expect(witness.attempts).toEqual({});
    const list = await http("GET", `${accountPath()}/IncomingPhoneNumbers.json`, { auth: auth() });
    expect(list.status).toBe(200);
  });
});

describe("simulated time", () => {
  it("scales scripted durations with the shared clock's minuteMs", async () => {
    const slow = await startCarrier({ clock: createClock(300) }); // one simulated minute = 300 real ms
    const local = await startReceiver(() => slow.account.authToken);
    try {
      const started = performance.now();
      const response = await request(`${slow.url}/2010-04-01/Accounts/${slow.account.sid}/Calls.json`, {
        method: "POST",
        headers: {
          authorization: basic(slow.account.sid, slow.account.authToken),
          "content-type": "application/x-www-form-urlencoded",
        },
        body: new URLSearchParams([
          ["To", "+15550040001"], // O=0 answer after 2 s, P=4: talk 60 s
          ["From", FROM],
          ["Url", `${local.origin}/twiml`],
          ["StatusCallback", `${local.origin}/done`],
        ]).toString(),
        signal: AbortSignal.timeout(TIMEOUT),
      });
      expect(response.statusCode).toBe(201);
      await response.body.dump();
      const [done] = await local.waitRows((row) => row.path === "/done", 1);
      const realMs = performance.now() - started;
      expect(done!.params).toMatchObject({ CallStatus: "completed", CallDuration: "60" });
      // 62 simulated seconds at 200x: at least 310 real ms, far less than a real minute.
      expect(realMs).toBeGreaterThanOrEqual(300);
      expect(realMs).toBeLessThan(3_000);
      const [row] = slow.witness.snapshot().dials;
      expect(row!.ended_sim_ms! - row!.sim_ms).toBeGreaterThanOrEqual(61_000);
    } finally {
      await slow.close();
      await local.close();
    }
  });
});

describe("inbound calls", () => {
  async function numberWith(voicePath: string | null) {
    const list = (await http("GET", `${accountPath()}/IncomingPhoneNumbers.json`, { auth: auth() })).body;
    const number = list.incoming_phone_numbers[3];
    await http("POST", `${accountPath()}/IncomingPhoneNumbers/${number.sid}.json`, {
      auth: auth(),
      form: [
        ["VoiceUrl", voicePath === null ? "" : receiver.origin + voicePath],
        ["StatusCallback", `${receiver.origin}/inbound-status/${++tag}`],
      ],
    });
    return { e164: number.phone_number as string, statusPath: `/inbound-status/${tag}` };
  }

  it("asks the voice_url, answers on 2xx, then reports completion", async () => {
    const { e164, statusPath } = await numberWith("/voice/answer");
    const placed = await http("POST", "/_admin/inbound", { json: { to: e164, from: "+12025550123", talk_ms: 3000 } });
    expect(placed.status).toBe(201);
    expect(placed.body).toMatchObject({ outcome: "answered", http_status: 200, status: "in-progress" });
    const [voice] = await receiver.waitRows(
      (row) => row.params["CallSid"] === placed.body.call_sid && row.path === "/voice/answer",
      1,
    );
    expect(voice!.signatureValid).toBe(true);
    expect(voice!.params).toMatchObject({
      CallStatus: "ringing",
      Direction: "inbound",
      From: "+12025550123",
      To: e164,
    });
    const [status] = await statuses(statusPath, 1);
    expect(status).toMatchObject({ CallStatus: "completed", CallDuration: "3", Direction: "inbound" });
    const witness = carrier.witness.snapshot();
    expect(witness.inbound).toMatchObject([{ outcome: "answered", status: "completed" }]);
  });

  it("treats <Reject/>, an error status and a missing voice_url as not answered", async () => {
    const rejectTo = (await numberWith("/voice/reject")).e164;
    const rejected = await http("POST", "/_admin/inbound", { json: { to: rejectTo, from: "+12025550123" } });
    expect(rejected.body).toMatchObject({ outcome: "rejected", status: "busy", reason: "reject:busy" });
    const errorTo = (await numberWith("/voice/error")).e164;
    const errored = await http("POST", "/_admin/inbound", { json: { to: errorTo, from: "+12025550123" } });
    expect(errored.body).toMatchObject({ outcome: "rejected", http_status: 500, status: "failed" });
    const silentTo = (await numberWith(null)).e164;
    const silent = await http("POST", "/_admin/inbound", { json: { to: silentTo, from: "+12025550123" } });
    expect(silent.body).toMatchObject({ outcome: "no-voice-url", status: "failed" });
    expect(carrier.witness.snapshot().inbound.map((row) => row.outcome)).toEqual([
      "rejected",
      "rejected",
      "no-voice-url",
    ]);
  });
});

describe("bad input", () => {
  const twilioError = (code: number, status = 400) =>
    expect.objectContaining({ code, status, more_info: `https://www.twilio.com/docs/errors/${code}` });

  it("answers Twilio paths with Twilio's 4xx bodies", async () => {
    const calls = `${accountPath()}/Calls.json`;
    const base = [
      ["From", FROM],
      ["Url", `${receiver.origin}/twiml`],
    ];
    const cases: [string[][] | { type: string; body: string }, number][] = [
      [base, 21201],
      [[["To", "12345"], ...base], 21211],
      [[["To", "+15550000001"], ["From", "+19995550100"], base[1]!], 21210],
      [[["To", "+15550000001"], base[0]!], 21205],
      [[["To", "+15550000001"], ...base, ["StatusCallbackEvent", "exploded"]], 21626],
      [[["To", "+15550000001"], ...base, ["Timeout", "soon"]], 20001],
      [{ type: "application/json", body: '{"To":"+15550000001"}' }, 21201],
      // Not a form at all (broken escapes): refused as such, not read as a form without To.
      [{ type: "application/x-www-form-urlencoded", body: "%%%&&=To" }, 20001],
    ];
    for (const [input, code] of cases) {
      const response = await http(
        "POST",
        calls,
        Array.isArray(input) ? { auth: auth(), form: input } : { auth: auth(), raw: input },
      );
      expect(response.status, `${JSON.stringify(input)} -> ${JSON.stringify(response.body)}`).toBe(400);
      expect(response.body).toEqual(twilioError(code));
    }
    const missing = await http("GET", `${accountPath()}/Calls/CA${"0".repeat(32)}.json`, { auth: auth() });
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual(twilioError(20404, 404));
    const hangup = await http("POST", `${accountPath()}/Calls/CA${"0".repeat(32)}.json`, {
      auth: auth(),
      form: [["Status", "completed"]],
    });
    expect(hangup.status).toBe(404);
    expect(carrier.witness.snapshot().dials).toEqual([]);
  });

  it("answers admin paths with the spec's envelope", async () => {
    const envelope = expect.objectContaining({
      detail: expect.objectContaining({ message: expect.any(String), errors: expect.any(Array) }),
    });
    const cases: [Awaited<ReturnType<typeof http>>, number][] = [
      [await http("PUT", "/_admin/scripts/not-a-number", { json: { steps: [{ outcome: "busy" }] } }), 422],
      [await http("PUT", "/_admin/scripts/%2B15551234567", { json: { steps: [{ outcome: "explode" }] } }), 422],
      [await http("PUT", "/_admin/scripts/%2B15551234567", { json: { steps: [] } }), 422],
      [await http("POST", "/_admin/inbound", { json: { to: "+19999999999", from: "+12025550123" } }), 404],
      [await http("POST", "/_admin/inbound", { json: { to: "nope" } }), 422],
      [await http("POST", "/_admin/inbound", { raw: { type: "application/json", body: "{" } }), 400],
      [await http("POST", "/_admin/accounts/ACnope/numbers", { json: {} }), 404],
      [await http("POST", `/_admin/accounts/${carrier.account.sid}/numbers`, { json: { phone_number: FROM } }), 409],
      [await http("DELETE", "/_admin/scripts/%2B15551234567"), 404],
      [await http("POST", "/_admin/calls/CAnope/hangup"), 404],
    ];
    for (const [response, status] of cases) {
      expect(response.status, JSON.stringify(response.body)).toBe(status);
      expect(response.body).toEqual(envelope);
    }
  });
});
