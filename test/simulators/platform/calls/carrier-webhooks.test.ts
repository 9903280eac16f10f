// The platform's carrier webhooks take no credential, so their signature is the only gate: a status
// callback or voice request with a bad X-Twilio-Signature is refused (403, the envelope) and changes
// nothing (the suites show signed ones applied). Plus the credit and clock test-control hooks.
import { request } from "undici";
import { afterAll, beforeAll, expect, test } from "vitest";
import { twilioSignature } from "../../../../simulators/carrier/index.ts";
import { type Stack, startStack } from "../../../../simulators/stack.ts";
import { ErrorEnvelope } from "../../../../spec/errors.ts";

let stack: Stack;
let base = "";
const auth = () => ({ authorization: `Bearer ${stack.target.credentials.admin}`, "content-type": "application/json" });

// biome-ignore lint/suspicious/noExplicitAny: the test walks loosely into JSON answers it just asserted on
async function api(path: string, method = "GET", body?: unknown): Promise<{ status: number; json: any }> {
  const response = await request(`${base}${path}`, {
    method: method as "GET",
    headers: auth(),
    body: body === undefined ? undefined : JSON.stringify(body),
    signal: AbortSignal.timeout(5_000),
  });
  const text = await response.body.text();
  return { status: response.statusCode, json: text ? JSON.parse(text) : undefined };
}

async function form(url: string, params: Record<string, string>, signature: string) {
  const response = await request(url, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", "x-twilio-signature": signature },
    body: new URLSearchParams(params).toString(),
    signal: AbortSignal.timeout(5_000),
  });
  return { status: response.statusCode, text: await response.body.text() };
}

beforeAll(async () => {
  stack = await startStack({ minuteMs: 50 });
  base = stack.target.regions[0]!.base_url;
});

afterAll(async () => {
  await stack.close();
});

/** A number imported from the carrier, an agent, and a call placed to a callee that holds the line. */
async function heldCall() {
  const account = (await api("/v1/telephony/accounts")).json.items[0];
  const remote = (await api(`/v1/telephony/accounts/${account.id}/remote-numbers`)).json.items;
  const free = remote.find((row: { already_imported: boolean }) => !row.already_imported);
  const phone = (
    await api(`/v1/telephony/accounts/${account.id}/import`, "POST", {
      provider_number_ids: [free.provider_number_id],
    })
  ).json.items[0];
  const agent = (await api("/v1/agents", "POST", { name: `agent-${Date.now()}` })).json;
  const call = await api("/v1/calls/outbound", "POST", {
    from_phone_number_id: phone.id,
    to: "+15550090001",
    agent_id: agent.id,
  });
  expect(call.status).toBe(201);
  return { phone, agent, session: call.json };
}

test("a status callback with a bad signature is a 403 in the envelope and changes nothing", async () => {
  const { session } = await heldCall();
  const url = `${base}/_carrier/status/${session.session_id}`;
  const params = { CallSid: "CA0", CallStatus: "completed", CallDuration: "1" };
  const forged = await form(url, params, twilioSignature("not-the-token", url, params));
  expect(forged.status).toBe(403);
  expect(ErrorEnvelope.safeParse(JSON.parse(forged.text)).success).toBe(true);
  const unsigned = await form(url, params, "");
  expect(unsigned.status).toBe(403);
  const after = await api(`/v1/calls/${session.session_id}`);
  expect(after.json.status, "a forged `completed` must not end the call").not.toBe("ended");
});

test("the voice webhook refuses a bad signature", async () => {
  const { phone } = await heldCall();
  const url = `${base}/_carrier/voice/${phone.id}`;
  const params = { CallSid: "CA1", From: "+17770000000", To: phone.e164, CallStatus: "ringing" };
  const forged = await form(url, params, twilioSignature("not-the-token", url, params));
  expect(forged.status).toBe(403);
});

test("test control sets the balance of the credential's workspace, or of every workspace, and reads the clock", async () => {
  const control = stack.target.test_control!;
  const put = async (balance: number, headers: Record<string, string>) =>
    request(`${control}/credits`, {
      method: "PUT",
      headers: { "content-type": "application/json", ...headers },
      body: JSON.stringify({ balance }),
    }).then(async (r) => ({ status: r.statusCode, json: (await r.body.json()) as { scope: string } }));
  const mine = await put(0, { authorization: auth().authorization });
  expect(mine.json.scope).toBe("workspace");
  const refused = await api("/v1/calls/token", "POST", { agent: { name: "inline" } });
  expect(refused.status).toBe(402);
  const all = await put(100, {});
  expect(all.json.scope).toBe("all");
  expect((await api("/v1/calls/token", "POST", { agent: { name: "inline" } })).status).toBe(200);
  const bad = await put(Number.NaN, {});
  expect(bad.status).toBe(422);
  const clock = (await request(`${control}/clock`).then((r) => r.body.json())) as { now_ms: number; minute_ms: number };
  expect(clock.minute_ms).toBe(50);
  expect(clock.now_ms).toBeGreaterThan(0);
});
