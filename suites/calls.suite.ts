// Calls (1, 4, 5): the web call token and its role rule, one outbound call (record first, one dial,
// 502 when the carrier is silent), the call list (paged, newest first, filters) and the call record.
import { randomUUID } from "node:crypto";
import { decodeJwt, decodeProtectedHeader, type JWTPayload } from "jose";
import { expect } from "vitest";
import { type ApiResponse, call, explain, type Who } from "../runner/client/http-client.ts";
import { uniqueName } from "../runner/client/resources.ts";
import { TargetError } from "../runner/client/target-error.ts";
import { check } from "../runner/framework/check.ts";
import { about, preparing } from "../runner/framework/prepare.ts";
import { expectBody, expectStatus } from "../runner/framework/response.ts";
import { CallSessionRead, CallToken } from "../spec/calls.ts";
import { AnyPage } from "../spec/common.ts";
import { createAgent, minimalAgent } from "./helpers/agents.ts";
import { analysedBy, analysisModel, expectAnalysed, providerMark } from "./helpers/analysis.ts";
import { dialsFrom, startBatch, waitForBatch } from "./helpers/batches.ts";
import { WithItems } from "./helpers/body-shapes.ts";
import {
  callingSetup,
  finished,
  getCall,
  placeCall,
  postOutbound,
  realBudget,
  SHORT_CALL_MS,
  waitForCall,
} from "./helpers/calls.ts";
import {
  calleeAnswered,
  calleeHangsUp,
  expectCarrierIdle,
  patternNumber,
  TAKES_CARRIER_OFFLINE,
  waitForWitness,
  whileCarrierOffline,
} from "./helpers/carrier.ts";
import { liveAgent } from "./helpers/live-agents.ts";
import { ceilingOf } from "./helpers/pages.ts";
import { callOp, opPath, profile } from "./helpers/profile.ts";
import { READS_PROVIDER_LOG } from "./helpers/provider.ts";
import { importFreshNumber } from "./helpers/telephony.ts";
import { joinWebCall } from "./helpers/web-calls.ts";

const postToken = (body: unknown, as: Who = "admin") => callOp("call.token", {}, { body, as });

/**
 * A media room token (1, 5 item 4): a token string, short-lived: it expires after issue and at most the
 * profile's bound after it (the lifetime is not shown, 8; "short-lived" is the spec's word). What the string is
 * is the profile's reading: opaque (never parsed), or a signed JWT (never `alg: none`, so a browser cannot forge
 * one) whose exp is the answer's expires_at.
 */
async function expectMinted(response: ApiResponse): Promise<CallToken> {
  expect(response.status, explain(response)).toBeGreaterThanOrEqual(200);
  expect(response.status, explain(response)).toBeLessThan(300);
  const minted = CallToken.parse(response.json);
  const expiresAt = Date.parse(minted.expires_at) / 1000;
  const claims = profile().readings.web_call_token === "jwt" ? expectJwt(minted.token, expiresAt) : undefined;
  // Issued: the JWT says when; else the session it starts was written then (on the server's clock, which a
  // simulated minute can run ahead of the wall clock), else the answer's Date.
  const issued =
    claims?.iat ?? (await sessionCreatedAt(minted.session_id)) ?? Date.parse(response.headers.date!) / 1000;
  const bound = profile().web_call_token_max_ttl_seconds;
  const lifetime = `lifetime in seconds (expires_at ${minted.expires_at}, issued ${issued})`;
  // Whole seconds on one side or the other: an expiry within a second of issue still lies after it.
  expect(expiresAt - issued, lifetime).toBeGreaterThan(-1);
  expect(expiresAt - issued, `${lifetime}, at most the profile's ${bound}`).toBeLessThanOrEqual(bound + 1);
  return minted;
}

/** When the session a token starts was written (epoch seconds), if its record can be read yet. */
async function sessionCreatedAt(sessionId: string): Promise<number | undefined> {
  const response = await getCall(sessionId);
  if (response.status !== 200) return undefined;
  const at = Date.parse(CallSessionRead.pick({ created_at: true }).parse(response.json).created_at);
  return at / 1000;
}

/** The profile says the token is a JWT: signed, and its exp is the answer's expiry. Answers its claims. */
function expectJwt(token: string, expiresAt: number): JWTPayload {
  const parts = token.split(".");
  expect(parts.length === 3 && parts[2] !== "", `a signed JWS (three parts, a signature): ${token}`).toBe(true);
  const header = decodeProtectedHeader(token);
  expect(typeof header.alg, `the header names its algorithm: ${JSON.stringify(header)}`).toBe("string");
  expect(header.alg!.toLowerCase(), `an unsigned token: ${JSON.stringify(header)}`).not.toBe("none");
  const claims = decodeJwt(token);
  expect(typeof claims.exp, `the token carries an expiry: ${JSON.stringify(claims)}`).toBe("number");
  expect(Math.abs(claims.exp! - expiresAt), `exp ${claims.exp} against expires_at ${expiresAt}`).toBeLessThan(1);
  return claims;
}

async function listCalls(query: Record<string, string | number>): Promise<CallSessionRead[]> {
  const response = await callOp("call.list", {}, { query: { limit: ceilingOf("call.list"), ...query } });
  return expectBody(response, 200, WithItems).items.map((row) => CallSessionRead.parse(row));
}

check(
  "a VIEWER asking for a web call token is a 403",
  ["calls.token-viewer-403", "auth.role-too-low-403"],
  async () => {
    const agent = await createAgent();
    const response = await postToken({ agent_id: agent.id }, "viewer");
    expectStatus(response, 403);
  },
);

check(
  "an EDITOR and an ADMIN get a short-lived media room token for a stored, published agent",
  ["calls.token-editor-allowed", "calls.token-mints"],
  async () => {
    // Live traffic runs the published version (2.9, 3.3, 9): the agent is published first.
    const agent = await liveAgent();
    for (const as of ["editor", "admin"] as const) {
      const response = await postToken({ agent_id: agent.id }, as);
      // The role rule (5) is only "not refused with 403"; that the answer is a token is calls.token-mints'.
      await about("calls.token-editor-allowed", () =>
        expect(response.status, `${as}: ${explain(response)}`).not.toBe(403),
      );
      await about("calls.token-mints", () => expectMinted(response));
    }
  },
);

check("a web call token can be minted for a whole inline agent", ["calls.token-inline-agent"], async () => {
  await expectMinted(
    await postToken({ agent: { ...minimalAgent(uniqueName("inline")), prompt: "You answer briefly." } }),
  );
});

check(
  "a web call token for an inline agent runs that definition: its analysis model is asked once the session ends",
  ["calls.token-inline-agent"],
  async () => {
    // 4: the token "may carry a whole agent definition"; the session it starts runs that definition.
    const model = await analysisModel();
    const mark = await providerMark();
    const agent = {
      ...minimalAgent(uniqueName("inline")),
      prompt: "You answer briefly.",
      llm: model,
      ...analysedBy(model),
    };
    const minted = await expectMinted(await postToken({ agent }));
    // The session runs once someone joins it (1: a browser joins with the token; 3.3 leaves its states open).
    await joinWebCall(minted);
    await expectAnalysed(minted.session_id, model, mark, "the inline agent's analysis");
  },
  { needs: ["wiring"], exclusive: READS_PROVIDER_LOG },
);

check("a web call token can be minted for an agent team", ["calls.token-team"], async () => {
  const agent = await liveAgent();
  await expectMinted(await postToken({ agent_team: { members: [{ name: "lead", agent_id: agent.id }] } }));
});

check(
  "there is no event stream for a call: GET /v1/calls/{session_id}/events is a 404",
  ["calls.no-call-event-stream"],
  async () => {
    // Set-up (calls.token-mints' statement): a token that cannot be minted leaves this clause unjudged.
    const minted = await preparing("calls.token-mints", "minting a web call token for a published agent", async () =>
      expectMinted(await postToken({ agent_id: (await liveAgent()).id })),
    );
    const stream = await call(`${opPath("call.get", { session_id: minted.session_id })}/events`, { timeoutMs: 5_000 });
    expectStatus(stream, 404);
  },
);

check(
  "the call record is written before the carrier is contacted: a dial the carrier never answers is a 502 and still listed",
  ["calls.outbound-record-before-carrier", "calls.outbound-carrier-502"],
  async () => {
    await callingSetup();
    const contactKey = uniqueName("contact");
    const response = await whileCarrierOffline(() => postOutbound({ contactKey }));
    expectStatus(response, 502);
    const rows = await listCalls({ contact_key: contactKey });
    expect(rows, `calls with contact_key ${contactKey} after the failed dial`).toHaveLength(1);
  },
  { needs: ["wiring"], exclusive: TAKES_CARRIER_OFFLINE },
);

check(
  "POST /v1/calls/outbound places exactly one call at the carrier",
  ["calls.outbound-one-call"],
  async () => {
    const setup = await callingSetup();
    const from = await importFreshNumber();
    const to = patternNumber(0, 0);
    const session = await placeCall({ from, agentId: setup.agent.id, to });
    await waitForCall(session.session_id, finished, SHORT_CALL_MS(), "ended");
    const seen = await waitForWitness((w) => w.dials.some((d) => d.from === from.e164), 5_000, "the dial");
    const dials = seen.dials.filter((d) => d.from === from.e164);
    expect(
      dials.map((d) => d.to),
      `dials the carrier saw from ${from.e164}`,
    ).toEqual([to]);
    await expectCarrierIdle({ from: [from.e164] }, realBudget(60_000));
  },
  { needs: ["wiring"] },
);

check("GET /v1/calls answers a page envelope; limit 201 is a 422", ["calls.list-paged"], async () => {
  // 2.1: the four fields always present, no total and no cursor (other keys are not excluded).
  expectBody(await callOp("call.list", {}, { query: { limit: 1 } }), 200, AnyPage);
  const refused = await callOp("call.list", {}, { query: { limit: ceilingOf("call.list") + 1 } });
  expectStatus(refused, 422);
});

check(
  "GET /v1/calls lists newest first by start, not by last activity: a call placed first that ends last comes after a later one",
  ["calls.list-newest-first"],
  async () => {
    // 2.1 "calls ... by start". The first callee answers and holds the line until the harness hangs it up,
    // after the second call (five seconds of talk, placed once the first is answered) has ended: the first
    // call starts first and ends last, so its start disagrees with its end and every later change a server
    // could sort by, on any clock speed and any load.
    const held = patternNumber(9, 0);
    const first = await placeCall({ to: held });
    const answered = await calleeAnswered(held, SHORT_CALL_MS());
    const second = await placeCall({ to: patternNumber(0, 0) });
    const secondEnded = await waitForCall(second.session_id, finished, SHORT_CALL_MS(), "ended");
    await calleeHangsUp(answered);
    const ended = [await waitForCall(first.session_id, finished, SHORT_CALL_MS(), "ended"), secondEnded];
    const [a, b] = ended.map((row) => ({
      start: Date.parse(row.started_at ?? row.created_at),
      end: row.ended_at === null ? null : Date.parse(row.ended_at),
    }));
    if (a!.end !== null && b!.end !== null && !(a!.start <= b!.start && a!.end > b!.end)) {
      const span = (row: CallSessionRead) => `${row.started_at ?? row.created_at}..${row.ended_at}`;
      throw new TargetError(
        `could not be prepared: the calls did not overlap as planned (first ${span(ended[0]!)}, second ${span(ended[1]!)})`,
      );
    }
    const ids = (await listCalls({})).map((row) => row.session_id);
    expect(ids.indexOf(second.session_id), `${second.session_id} listed`).toBeGreaterThanOrEqual(0);
    expect(
      ids.indexOf(second.session_id),
      `${second.session_id} started after ${first.session_id}, which ended after it`,
    ).toBeLessThan(ids.indexOf(first.session_id));
  },
  { needs: ["wiring"] },
);

check(
  "GET /v1/calls with start and end lists only the calls that started inside the window",
  ["calls.list-window"],
  async () => {
    const early = await placeCall();
    const late = await placeCall();
    expect(Date.parse(late.created_at), "two calls placed one after the other").toBeGreaterThan(
      Date.parse(early.created_at) + 1,
    );
    // Bounds strictly between the two starts, so inclusive and exclusive bounds read the same.
    const iso = (ms: number) => new Date(ms).toISOString();
    const earlyMs = Date.parse(early.created_at);
    const middle = iso(earlyMs + Math.floor((Date.parse(late.created_at) - earlyMs) / 2));
    const fromMiddle = (await listCalls({ start: middle })).map((row) => row.session_id);
    expect(fromMiddle, `start ${middle}`).toContain(late.session_id);
    expect(fromMiddle, `start ${middle}`).not.toContain(early.session_id);
    const untilMiddle = (await listCalls({ start: iso(earlyMs - 1), end: middle })).map((row) => row.session_id);
    expect(untilMiddle, `a window ending at ${middle}`).toEqual([early.session_id]);
  },
  {
    needs: ["wiring"],
    exclusive:
      "holds a time window of the workspace's call list to exactly one call: another check's call may start inside it",
  },
);

check(
  "GET /v1/calls?contact_key= lists only the calls with that contact key",
  ["calls.list-contact-key"],
  async () => {
    const key = uniqueName("contact");
    const mine = await placeCall({ contactKey: key });
    await placeCall({ contactKey: uniqueName("other") });
    const rows = await listCalls({ contact_key: key });
    expect(
      rows.map((row) => row.session_id),
      `contact_key ${key}`,
    ).toEqual([mine.session_id]);
  },
  { needs: ["wiring"] },
);

check(
  "what a finished call did reads back from GET /v1/calls/{session_id}",
  ["calls.record-readable"],
  async () => {
    const to = patternNumber(0, 0);
    const placed = await placeCall({ to });
    const done = await waitForCall(placed.session_id, finished, SHORT_CALL_MS(), "ended");
    // Ended for the platform means ended at the carrier too.
    await expectCarrierIdle({ to: [to] }, realBudget(60_000));
    expect(done.session_id).toBe(placed.session_id);
    expect(done.started_at, "a pattern-0 callee answers").not.toBeNull();
    expect(done.ended_at, "the call ended").not.toBeNull();
    // What was said is not required: 6.1 gives "transcript (array, oldest first)", and a call without media
    // (the carrier simulator's) may have said nothing.
  },
  { needs: ["wiring"] },
);

check(
  "GET /v1/calls/{session_id} for a session not in the workspace is a 404",
  ["calls.record-unknown-404"],
  async () => {
    const response = await getCall(randomUUID());
    expectStatus(response, 404);
  },
);

check(
  "GET /v1/calls?batch_id= lists only the calls of that batch",
  ["calls.list-batch-id"],
  async () => {
    const started = await startBatch({ recipients: [{ to: patternNumber(0, 0) }, { to: patternNumber(1, 0) }] });
    await waitForBatch(started.batch.id, (b) => b.status === "completed", realBudget(10 * 60_000), "completed");
    await placeCall();
    const rows = await listCalls({ batch_id: started.batch.id });
    expect(rows.length, `calls of batch ${started.batch.id}`).toBe((await dialsFrom(started.from.e164)).length);
    for (const row of rows) expect(row.batch_id, "batch_id of a listed call").toBe(started.batch.id);
    await expectCarrierIdle({ from: [started.from.e164] }, realBudget(60_000));
    expect(await listCalls({ batch_id: randomUUID() }), "calls of a batch that does not exist").toEqual([]);
  },
  { needs: ["wiring"] },
);
