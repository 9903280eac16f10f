// Events (6.1): which session events fire for phone and web calls, in which order, with which payload,
// and who receives them. Observed through webhooks pointed at the webhook sink (profile
// `webhook.create`), batch.completed on small batches of its own.
import { beforeAll, expect } from "vitest";
import { explain } from "../runner/client/http-client.ts";
import { runConfig } from "../runner/client/run-config.ts";
import { check, skipCheck } from "../runner/framework/check.ts";
import { expectBody, expectStatus } from "../runner/framework/response.ts";
import { disagreements, sameData } from "../runner/framework/same-data.ts";
import { awaitShared } from "../runner/framework/slow-clock.ts";
import { CallSessionRead, MediaRecording, TELEPHONY_FIELDS } from "../spec/calls.ts";
import { EVENT_TYPES, EventTypes } from "../spec/webhook.ts";
import { createAgent } from "./helpers/agents.ts";
import { analysisModel } from "./helpers/analysis.ts";
import { startBatch } from "./helpers/batches.ts";
import { ensureProviderKeys } from "./helpers/byok.ts";
import { callingSetup, getCall, placeCall, realBudget, transferCall, waitForCall } from "./helpers/calls.ts";
import { freshE164, patternNumber, placeInbound } from "./helpers/carrier.ts";
import { firstPair } from "./helpers/catalog.ts";
import { sendMessage } from "./helpers/conversations.ts";
import {
  ofBatch,
  ofSession,
  type ReceivedEvent,
  rawMember,
  settle,
  subscribe,
  waitForEvents,
} from "./helpers/events.ts";
import { liveAgent } from "./helpers/live-agents.ts";
import { callOp, placeOf } from "./helpers/profile.ts";
import { madeFor, namesRuns, providerRequests, READS_PROVIDER_LOG } from "./helpers/provider.ts";
import { importFreshNumber } from "./helpers/telephony.ts";
import { testControl } from "./helpers/test-control.ts";
import { joinWebCall, MintedCall } from "./helpers/web-calls.ts";
import { createSinkWebhook, testFire } from "./helpers/webhooks.ts";

const MINUTE = 60_000;

/** A phone call's events arrive well within this (ring, short talk, analysis, billing). */
const CALL_EVENTS_MS = () => realBudget(180_000, 8_000);

const types = (events: ReceivedEvent[]) => events.map((event) => event.type);

/** The payload groups 6.1 names for session.completed, which the call record holds too (2.13). */
const COMPLETED_GROUPS = ["userdata", "analysis", "transcript", "cost", "recording", "screen_recording", "transfer"];

/**
 * 6.1: session.completed "agrees with GET /v1/calls/{session_id}": both carry the payload's groups, and every
 * field both carry says the same (timestamps as instants: a webhook layer may write `Z` where the API writes
 * `+00:00`). A field one of them carries alone contradicts nothing.
 */
function expectAgrees(payload: Record<string, unknown>, record: unknown, what: string): void {
  const stored = (record ?? {}) as Record<string, unknown>;
  for (const group of COMPLETED_GROUPS) {
    expect(Object.hasOwn(payload, group), `${what}: ${group} in session.completed`).toBe(true);
    expect(Object.hasOwn(stored, group), `${what}: ${group} in the call record`).toBe(true);
  }
  expect(disagreements(payload, stored), `${what}: fields that differ`).toEqual([]);
}
const one = (events: ReceivedEvent[], type: string) => {
  const matching = events.filter((event) => event.type === type);
  expect(
    matching.map((e) => e.type),
    `exactly one ${type} among ${types(events).join(", ")}`,
  ).toHaveLength(1);
  return matching[0]!;
};
/** Every one of `expected` is among `events`. */
const hasAll = (events: ReceivedEvent[], expected: readonly string[]) =>
  expected.every((type) => events.some((event) => event.type === type));
/** Every one of `expected` has arrived for the session. */
const allOf = (sessionId: string, expected: readonly string[]) => (events: ReceivedEvent[]) =>
  hasAll(ofSession(events, sessionId), expected);
const completedOf = (sessionId: string) => allOf(sessionId, ["session.completed"]);

/** What every outbound phone call emits, whether or not it stores audio. */
const OUTBOUND_CALL_EVENTS = ["session.queued", "session.started", "session.in_progress", "session.completed"];

/**
 * Places a call and answers every event of its session once each `expected` type arrived. Deliveries
 * run side by side and order is not guaranteed (6.1), so a check waits for what it will judge rather
 * than for session.completed alone; the short settle after is only for a late, wrong extra event.
 */
async function callEvents(
  options: Parameters<typeof placeCall>[0] = {},
  expected: readonly string[] = OUTBOUND_CALL_EVENTS,
  subscribed?: string,
): Promise<{ session: CallSessionRead; events: ReceivedEvent[]; hook: string }> {
  const hook = subscribed ?? (await subscribe()).hook;
  const session = await placeCall(options);
  await waitForEvents(
    hook,
    allOf(session.session_id, expected),
    CALL_EVENTS_MS(),
    `${expected.join(", ")} of ${session.session_id}`,
  );
  const events = ofSession(await settle(hook, 150), session.session_id);
  return { session, events, hook };
}

/**
 * Whether the server stored the call's audio, as its session.completed says (the recording group, which agrees
 * with GET /v1/calls/{session_id}). The carrier simulator's calls carry no media, so a wired server may store
 * none (README, "Wiring your server").
 */
const audioStored = (events: ReceivedEvent[]) =>
  (one(events, "session.completed").data as CallSessionRead).recording?.available === true;

/** Why a check that needs a call with stored audio skips (6.1: recording.ready "does not fire for a call with no stored audio"). */
const NO_STORED_AUDIO =
  "the server stored no audio for a call with recording enabled (its recording group says none is available): the carrier simulator's calls carry no media, and recording.ready does not fire for a call with no stored audio (6.1)";

/**
 * A call whose agent records it: its events once session.completed arrived and, when the server stored its
 * audio, recording.ready too (a server that stored none never sends it, and no check waits for it then).
 */
async function recordedCallEvents(
  hook?: string,
): Promise<{ session: CallSessionRead; events: ReceivedEvent[]; stored: boolean }> {
  const agent = await createAgent({ recording: { enabled: true } });
  const { number } = await callingSetup();
  const called = await callEvents({ from: number, agentId: agent.id }, OUTBOUND_CALL_EVENTS, hook);
  const stored = audioStored(called.events);
  if (!stored) return { ...called, stored };
  const { session_id } = called.session;
  await waitForEvents(
    called.hook,
    allOf(session_id, ["recording.ready"]),
    CALL_EVENTS_MS(),
    `recording.ready of ${session_id}`,
  );
  return { session: called.session, events: ofSession(await settle(called.hook, 150), session_id), stored };
}

check(
  "an outbound phone call emits session.queued, session.started, session.in_progress and session.completed, each once",
  ["events.session-queued-outbound", "events.session-started-phone", "events.session-completed-calls"],
  async () => {
    const { session, events } = await callEvents();
    const queued = one(events, "session.queued");
    const started = one(events, "session.started");
    one(events, "session.in_progress");
    one(events, "session.completed");
    // Emitted once the call row existed and the carrier had the dial, before the callee answered.
    expect(queued.data.session_id, "session.queued names the session POST answered with").toBe(session.session_id);
    expect(Date.parse(queued.created_at), "queued before the answer").toBeLessThanOrEqual(
      Date.parse(started.created_at),
    );
  },
  { needs: ["wiring"] },
);

check(
  "a phone call's events are emitted in the order queued, started (and in_progress), recording.ready, completed",
  ["events.emission-order"],
  async () => {
    const { events, stored } = await recordedCallEvents();
    // recording.ready takes its place in the order only for a call whose audio was stored (6.1).
    const order = [
      "session.queued",
      "session.started",
      "session.in_progress",
      "recording.ready",
      "session.completed",
    ].filter((type) => stored || type !== "recording.ready");
    const emitted = order.map((type) => Date.parse(one(events, type).created_at));
    for (let i = 1; i < emitted.length; i++) {
      expect(emitted[i]!, `${order[i]} emitted no earlier than ${order[i - 1]}`).toBeGreaterThanOrEqual(
        emitted[i - 1]!,
      );
    }
  },
  { needs: ["wiring"] },
);

check(
  "every event of an outbound call carries the call's agent in the envelope's agent_id",
  ["events.session-envelope-agent-id"],
  async () => {
    // 6.1: "Handlers filter on type and on the envelope's agent_id": a session's events name its agent there.
    const agent = await createAgent();
    const { number } = await callingSetup();
    const { events } = await callEvents({ from: number, agentId: agent.id });
    expect(events.length, "events of the call").toBeGreaterThan(0);
    for (const event of events) {
      expect(event.agent_id, `envelope agent_id of ${event.type}: ${event.raw}`).toBe(agent.id);
    }
  },
  { needs: ["wiring"] },
);

check(
  "session.in_progress is sent once per phone call, at the same instant and with a byte-identical payload to session.started",
  ["events.in-progress-identical"],
  async () => {
    const { events } = await callEvents();
    const started = one(events, "session.started");
    const inProgress = one(events, "session.in_progress");
    expect(inProgress.created_at, "the same instant").toBe(started.created_at);
    // 6.1: "a byte-identical payload": the data member's bytes as delivered, never re-serialised.
    const payload = (event: ReceivedEvent) => rawMember(event.raw, placeOf("webhook_envelope", "data"));
    expect(payload(started), `the data member of the delivered session.started: ${started.raw}`).toBeDefined();
    expect(payload(inProgress), "session.in_progress data, byte for byte as delivered").toBe(payload(started));
  },
  { needs: ["wiring"] },
);

check(
  "a web call emits session.started, but neither session.queued nor session.in_progress",
  ["events.session-started-web-call", "events.session-queued-not-web-calls", "events.in-progress-phone-only"],
  async () => {
    const { hook } = await subscribe();
    // Live traffic runs the published version (2.9, 3.3, 9): the agent is published first.
    const agent = await liveAgent();
    const response = await callOp("call.token", {}, { body: { agent_id: agent.id } });
    const webCall = expectBody(response, "2xx", MintedCall);
    const sessionId = webCall.session_id;
    // A web call starts when someone joins it (1: a browser joins with the token); 3.3 leaves its states open.
    await joinWebCall(webCall);
    // Order is not guaranteed (6.1): session.started may come after session.completed.
    const judged = ["session.started", "session.completed"];
    await waitForEvents(
      hook,
      allOf(sessionId, judged),
      CALL_EVENTS_MS(),
      `${judged.join(", ")} of web call ${sessionId}`,
    );
    const events = ofSession(await settle(hook, 150), sessionId);
    one(events, "session.started");
    expect(types(events), "no session.queued for a web call").not.toContain("session.queued");
    expect(types(events), "no session.in_progress for a web call").not.toContain("session.in_progress");
  },
  { needs: ["wiring"] },
);

check(
  "recording.ready fires once the audio is stored, before session.completed",
  ["events.recording-ready"],
  async () => {
    const { events, stored } = await recordedCallEvents();
    if (!stored) skipCheck(NO_STORED_AUDIO);
    const ready = one(events, "recording.ready");
    const completed = one(events, "session.completed");
    expect(Date.parse(ready.created_at), "emitted before session.completed").toBeLessThanOrEqual(
      Date.parse(completed.created_at),
    );
    expect((completed.data as CallSessionRead).recording.available, "the completed session has its recording").toBe(
      true,
    );
  },
  { needs: ["wiring"] },
);

check(
  "recording.ready does not fire for a call with no stored audio",
  ["events.recording-ready-needs-audio"],
  async () => {
    const agent = await createAgent({ recording: { enabled: false } });
    const { number } = await callingSetup();
    const { events } = await callEvents({ from: number, agentId: agent.id });
    // Judged on a call whose session says no audio was stored (a server may store audio whatever the agent says).
    if (audioStored(events))
      skipCheck(
        "the server stored audio for a call whose agent does not record, so no call without stored audio was made",
      );
    expect(types(events), "events of a call with no stored audio").not.toContain("recording.ready");
  },
  { needs: ["wiring"] },
);

check(
  "session.completed agrees with GET /v1/calls/{session_id} field by field when it arrives",
  ["events.session-completed-agrees", "events.cost-snapshot-or-null"],
  async () => {
    const { hook } = await subscribe();
    const session = await placeCall({ userdata: { plan: "gold" } });
    const events = await waitForEvents(hook, completedOf(session.session_id), CALL_EVENTS_MS(), "session.completed");
    // Read back at once: everything the event describes must already be stored.
    const stored = await getCall(session.session_id);
    expectStatus(stored, 200);
    const completed = one(ofSession(events, session.session_id), "session.completed");
    expectAgrees(completed.data, stored.json, `session.completed vs ${explain(stored)}`);
    const cost = (stored.json as { cost: unknown }).cost;
    expect(cost === null || (typeof cost === "object" && !Array.isArray(cost)), "cost: a snapshot or null").toBe(true);
  },
  { needs: ["wiring"] },
);

check(
  "the session.completed payload has every group; recordings have four fields and no link; transfer is null without one",
  ["events.completed-groups", "events.recording-no-link", "events.transfer-null"],
  async () => {
    const { events } = await callEvents({ userdata: { plan: "gold" } });
    const data = one(events, "session.completed").data;
    const groups = ["userdata", "analysis", "transcript", "cost", "recording", "screen_recording", "transfer"];
    expect(Object.keys(data), "payload groups").toEqual(expect.arrayContaining(["session_id", ...groups]));
    const session = CallSessionRead.parse(data);
    for (const media of [session.recording, session.screen_recording]) {
      expect(Object.keys(MediaRecording.parse(media)), "four fields").toHaveLength(4);
      expect(JSON.stringify(media), "no link to the media").not.toMatch(/https?:|\/\//);
    }
    expect(session.transfer, "no transfer was attempted").toBeNull();
  },
  { needs: ["wiring"] },
);

check(
  "a call's transcript is oldest first",
  ["events.transcript-oldest-first"],
  async () => {
    const { events } = await callEvents({ userdata: { plan: "gold" } });
    const session = CallSessionRead.parse(one(events, "session.completed").data);
    // 6.1: "transcript (array, oldest first)", not a non-empty one: a call without media may have said nothing.
    if (session.transcript.length < 2) {
      skipCheck(
        `the call's transcript has ${session.transcript.length} rows, so it has no order to judge (the carrier simulator's calls carry no speech)`,
      );
    }
    // The time a row was said is where the profile puts it (fields.transcript_row.at).
    const times = session.transcript.map((row) => Date.parse(row.at ?? ""));
    expect(times.filter(Number.isNaN), `transcript rows without a time: ${JSON.stringify(session.transcript)}`).toEqual(
      [],
    );
    expect(times, "transcript oldest first").toEqual([...times].sort((a, b) => a - b));
  },
  { needs: ["wiring"] },
);

check(
  "with analysis enabled, what the model inferred is in analysis and never merged into userdata",
  ["events.analysis-not-in-userdata"],
  async () => {
    await ensureProviderKeys();
    const agent = await createAgent({
      llm: await firstPair("llm"),
      analysis: { enabled: true, summary: true, fields: [{ name: "sentiment", type: "string" }] },
    });
    const { number } = await callingSetup();
    const { events } = await callEvents({ from: number, agentId: agent.id, userdata: { plan: "gold" } });
    const session = CallSessionRead.parse(one(events, "session.completed").data);
    expect(session.analysis, "analysis of an agent with analysis enabled and a stored key").not.toBeNull();
    expect(session.userdata, "userdata holds what was given (tools confirmed nothing)").toEqual({ plan: "gold" });
    for (const key of Object.keys(session.analysis ?? {})) {
      expect(Object.keys(session.userdata), `analysis field ${key} merged into userdata`).not.toContain(key);
    }
  },
  { needs: ["wiring"] },
);

check(
  "with analysis enabled, the analysis model answered before session.completed was emitted, which equals the call record",
  ["events.session-completed-calls", "events.session-completed-agrees"],
  async () => {
    await ensureProviderKeys();
    // Not the llm every agent answers with, so its requests in the provider's log are this call's (no other
    // foreground check runs beside this one).
    const model = await analysisModel();
    const agent = await createAgent({
      llm: await firstPair("llm"),
      analysis: { enabled: true, summary: true, model },
    });
    const { number } = await callingSetup();
    const { hook } = await subscribe();
    const session = await placeCall({ from: number, agentId: agent.id });
    const events = await waitForEvents(hook, completedOf(session.session_id), CALL_EVENTS_MS(), "session.completed");
    const stored = await getCall(session.session_id);
    expectStatus(stored, 200);
    const completed = one(ofSession(events, session.session_id), "session.completed");
    expectAgrees(completed.data, stored.json, `session.completed of an analysed call vs ${explain(stored)}`);
    expect(CallSessionRead.parse(completed.data).analysis, "analysis of an agent with analysis enabled").not.toBeNull();
    // The provider logs each request's arrival on the shared simulated clock, as the platform stamps events.
    // The requests made for this session (README, wiring contract), or any since it began from a server that
    // names none.
    const all = await providerRequests();
    const tie = { session: session.session_id };
    const analysed = all.filter(
      (row) =>
        row.path.endsWith("/chat/completions") &&
        row.model === model.model &&
        !row.stream &&
        Date.parse(row.time) >= Date.parse(session.created_at) &&
        (!namesRuns(all, tie) || madeFor(row, tie)),
    );
    expect(analysed.length, "analysis requests to the provider during the call").toBeGreaterThan(0);
    expect(
      Date.parse(analysed[0]!.time),
      `analysis requested at ${analysed[0]!.time}, session.completed emitted at ${completed.created_at}`,
    ).toBeLessThanOrEqual(Date.parse(completed.created_at));
  },
  { needs: ["wiring"], exclusive: READS_PROVIDER_LOG },
);

check(
  "an inbound phone call emits session.started and session.in_progress, then session.completed",
  ["events.session-started-phone", "events.in-progress-phone-only"],
  async () => {
    const { hook } = await subscribe();
    const agent = await createAgent();
    const number = await importFreshNumber({ inbound_agent_id: agent.id });
    const caller = freshE164();
    const inbound = await placeInbound(number.e164, caller, 5_000);
    expect(inbound.outcome, JSON.stringify(inbound)).toBe("answered");
    const fromCaller = (all: ReceivedEvent[]) => all.filter((e) => e.data.from_number === caller);
    const inboundEvents = ["session.started", "session.in_progress", "session.completed"];
    await waitForEvents(
      hook,
      (all) => hasAll(fromCaller(all), inboundEvents),
      CALL_EVENTS_MS(),
      `${inboundEvents.join(", ")} of the call from ${caller}`,
    );
    const events = fromCaller(await settle(hook, 150));
    const started = one(events, "session.started");
    expect(one(events, "session.in_progress").data, "the same payload").toEqual(started.data);
    expect(types(events), "no session.queued for an inbound call").not.toContain("session.queued");
  },
  { needs: ["wiring"] },
);

check(
  "a transfer ends the session and session.completed follows carrying it",
  ["events.transfer-ends-session"],
  async () => {
    const { hook } = await subscribe();
    // A callee that holds the line until the call is handed over.
    const session = await placeCall({ to: patternNumber(9, 0) });
    await waitForCall(session.session_id, (s) => s.started_at !== null, CALL_EVENTS_MS(), "answered");
    const target = freshE164();
    await transferCall(session.session_id, target);
    const events = await waitForEvents(hook, completedOf(session.session_id), CALL_EVENTS_MS(), "session.completed");
    const completed = CallSessionRead.parse(one(ofSession(events, session.session_id), "session.completed").data);
    expect(completed.transfer, "session.completed carries the transfer").not.toBeNull();
    expect(JSON.stringify(completed.transfer), "the transfer names where the call went").toContain(target);
    expect(completed.status, "the transfer ended the session").toBe("ended");
    const stored = await getCall(session.session_id);
    expect(sameData(completed.transfer, (stored.json as CallSessionRead).transfer), explain(stored)).toBe(true);
  },
  { needs: ["test-control", "wiring"] },
);

check(
  "subscriptions are workspace-wide: two webhooks both receive the events of calls run by two different agents",
  ["events.workspace-wide", "events.separate-requests", "events.known-types-only"],
  async () => {
    const first = await subscribe([], "first");
    const second = await subscribe([], "second");
    const { number } = await callingSetup();
    const sessions: CallSessionRead[] = [];
    for (const agent of [await createAgent(), await createAgent()]) {
      sessions.push(await placeCall({ from: number, agentId: agent.id, to: patternNumber(0, 0) }));
    }
    for (const { hook } of [first, second]) {
      const events = await waitForEvents(
        hook,
        (all) => sessions.every((s) => completedOf(s.session_id)(all)),
        CALL_EVENTS_MS(),
        "both sessions' session.completed",
      );
      for (const event of events) {
        expect(EVENT_TYPES as readonly string[], `delivered type ${event.type}`).toContain(event.type);
        // One request holds one envelope, never a batch of them.
        expect(Array.isArray(JSON.parse(event.raw)), "a delivery body is one event").toBe(false);
      }
    }
  },
  { needs: ["wiring"] },
);

check(
  "an empty subscription list receives every type a call emits; a list receives only its types",
  ["events.empty-list-all-types", "events.subscription-filter"],
  async () => {
    const everything = await subscribe([]);
    const onlyCompleted = await subscribe(["session.completed"]);
    // Every type a call emits: recording.ready among them when the server stored the call's audio (6.1).
    const { session, events: all, stored } = await recordedCallEvents(everything.hook);
    await waitForEvents(onlyCompleted.hook, completedOf(session.session_id), CALL_EVENTS_MS(), "session.completed");
    expect(new Set(types(all)), "an empty list").toEqual(
      new Set([...OUTBOUND_CALL_EVENTS, ...(stored ? ["recording.ready"] : [])]),
    );
    const filtered = ofSession(await settle(onlyCompleted.hook, 150), session.session_id);
    expect(types(filtered), "subscribed to session.completed only").toEqual(["session.completed"]);
  },
  { needs: ["wiring"] },
);

check(
  "a disabled webhook receives no events",
  ["events.inactive-not-delivered"],
  async () => {
    const active = await subscribe([], "active");
    const { webhook, hook } = await createSinkWebhook({}, { subscribed_events: [] });
    const disabled = await callOp("webhook.update", { webhook_id: webhook.id }, { body: { status: "disabled" } });
    expectStatus(disabled, "2xx");
    const session = await placeCall();
    await waitForEvents(active.hook, completedOf(session.session_id), CALL_EVENTS_MS(), "session.completed");
    const events = ofSession(await settle(hook, 150), session.session_id);
    expect(types(events), "deliveries to the disabled webhook").toEqual([]);
  },
  { needs: ["wiring"] },
);

check("there is no separate transfer event type", ["events.no-transfer-event"], async () => {
  const response = await callOp("webhook.event-types");
  expectStatus(response, 200);
  const listed = EventTypes.parse(response.json);
  expect(
    [...listed.all, ...listed.live].filter((type) => /transfer/i.test(type)),
    explain(response),
  ).toEqual([]);
});

check(
  "a test-fire delivers webhook.test with the payload {message, webhook_id}",
  ["events.webhook-test-payload"],
  async () => {
    const { webhook, hook } = await createSinkWebhook({}, { subscribed_events: ["session.completed"] });
    await testFire(webhook.id);
    const events = await waitForEvents(
      hook,
      (all) => all.some((e) => e.type === "webhook.test"),
      10_000,
      "webhook.test",
    );
    const test = one(events, "webhook.test");
    // 6.1 names these two; payload fields beyond those are not shown, so a payload may carry more.
    expect(Object.keys(test.data), JSON.stringify(test.data)).toEqual(
      expect.arrayContaining(["message", "webhook_id"]),
    );
    expect(test.data.webhook_id).toBe(webhook.id);
    expect(typeof test.data.message).toBe("string");
  },
  { needs: ["wiring"] },
);

/** What the small batch's run waits for: the calls' session.started too, since deliveries are not ordered. */
const SMALL_BATCH_EVENTS = ["batch.completed", "session.started"];

/** A small batch run to its end; its events once batch.completed arrived and late ones had a moment. */
let batchRun: Promise<ReceivedEvent[]> | undefined;
/** How long the small batch's run is allowed, to its batch.completed. */
const SMALL_BATCH_MS = () => realBudget(10 * MINUTE);
function batchEvents(): Promise<ReceivedEvent[]> {
  batchRun ??= runSmallBatch();
  return awaitShared(batchRun, SMALL_BATCH_MS(), "a small batch's end and its events", {
    kind: "delivery",
    about: SMALL_BATCH_EVENTS,
  });
}

async function runSmallBatch(): Promise<ReceivedEvent[]> {
  const { hook } = await subscribe();
  const started = await startBatch({
    recipients: [{ to: patternNumber(0, 0) }, { to: patternNumber(1, 0) }, { to: patternNumber(0, 0) }],
    max_attempts: 2,
    retry_after_minutes: 1,
    max_concurrency: 2,
  });
  const id = started.batch.id;
  await waitForEvents(
    hook,
    (all) => hasAll(ofBatch(all, id), SMALL_BATCH_EVENTS),
    SMALL_BATCH_MS(),
    "batch.completed and a session.started of its calls",
  );
  return ofBatch(await settle(hook, 150), id);
}

check(
  "a batch that ran to its end sends batch.completed, once",
  ["events.batch-completed"],
  async () => {
    const events = await batchEvents();
    expect(
      events.filter((e) => e.type === "batch.completed"),
      "batch.completed deliveries",
    ).toHaveLength(1);
  },
  { needs: ["wiring"] },
);

check(
  "calls placed by a batch send no session.queued",
  ["events.session-queued-not-batches"],
  async () => {
    const events = await batchEvents();
    expect(
      events.some((e) => e.type === "session.started"),
      "the batch's calls did run",
    ).toBe(true);
    expect(
      events.filter((e) => e.type === "session.queued"),
      "session.queued for calls the batch placed",
    ).toEqual([]);
  },
  { needs: ["wiring"] },
);

check(
  "batch.completed is not sent for a cancelled batch",
  ["events.batch-completed-not-cancelled-failed"],
  async () => {
    const { hook } = await subscribe();
    const cancelled = await startBatch(UNENDING_BATCH);
    const cancel = await callOp("batch.cancel", { batch_id: cancelled.batch.id });
    expectStatus(cancel, "2xx");
    await expectNoBatchCompleted(hook, cancelled.batch.id, "the cancelled batch");
  },
  { needs: ["wiring"] },
);

check(
  "batch.completed is not sent for a failed batch",
  ["events.batch-completed-not-cancelled-failed"],
  async () => {
    const { hook } = await subscribe();
    const failed = await startBatch(UNENDING_BATCH);
    // Test control makes it fail (how a batch fails is not shown, 3.3).
    const answer = await testControl("POST", `/batches/${failed.batch.id}/fail`);
    expect(answer.status, `test control's failure of batch ${failed.batch.id}: ${JSON.stringify(answer.json)}`).toBe(
      200,
    );
    await expectNoBatchCompleted(hook, failed.batch.id, "the failed batch");
  },
  { needs: ["wiring", "test-control"] },
);

/** Recipients that keep a batch running for an hour of simulated time (busy numbers, retried 60 minutes apart). */
const UNENDING_BATCH = {
  recipients: [{ to: patternNumber(2, 0) }, { to: patternNumber(2, 0) }],
  max_attempts: 3,
  retry_after_minutes: 60,
  max_concurrency: 2,
};

/** 6.1: "Not sent for a cancelled or failed batch"; a batch run to its end after it shows the wait was long enough. */
async function expectNoBatchCompleted(hook: string, batchId: string, what: string): Promise<void> {
  const sentinel = await startBatch({ recipients: [{ to: patternNumber(0, 0) }] });
  await waitForEvents(
    hook,
    (all) => ofBatch(all, sentinel.batch.id).some((e) => e.type === "batch.completed"),
    realBudget(5 * MINUTE),
    "the sentinel batch's batch.completed",
  );
  const events = ofBatch(await settle(hook, 150), batchId);
  expect(
    events.filter((e) => e.type === "batch.completed"),
    `batch.completed for ${what}`,
  ).toEqual([]);
}

/** What a text window's run waits for. */
const TEXT_WINDOW_EVENTS = ["session.started", "session.completed"];

/** A text window opened at the start of the file, so its idle close overlaps the other checks. */
async function runTextWindow(): Promise<ReceivedEvent[]> {
  const { hook } = await subscribe();
  await ensureProviderKeys();
  const sent = await sendMessage();
  const ofConversation = (all: ReceivedEvent[]) => all.filter((e) => e.data.conversation_id === sent.conversationId);
  // The window closes after the conversation goes idle (30 simulated minutes on the reference platform).
  await waitForEvents(
    hook,
    (all) => hasAll(ofConversation(all), TEXT_WINDOW_EVENTS),
    TEXT_WINDOW_MS(),
    `session.completed of conversation ${sent.conversationId}`,
  );
  return ofConversation(await settle(hook, 150));
}
let textRun: Promise<ReceivedEvent[]> | undefined;
/** How long the text window's run is allowed: its idle close and room for the events. */
const TEXT_WINDOW_MS = () => realBudget(40 * MINUTE, 15_000);
const textEvents = () => {
  textRun ??= runTextWindow();
  return awaitShared(textRun, TEXT_WINDOW_MS(), "a text window's idle close and its events", {
    kind: "delivery",
    about: TEXT_WINDOW_EVENTS,
  });
};

beforeAll(() => {
  if (!runConfig().target.wired) return;
  // Started now, awaited by their checks; a failure surfaces there.
  textEvents().catch(() => undefined);
  batchEvents().catch(() => undefined);
});

check(
  "a text window emits session.started without the telephony fields, no session.queued or in_progress, then session.completed",
  [
    "events.session-started-text",
    "events.text-no-telephony-fields",
    "events.session-queued-not-text",
    "events.session-completed-text",
  ],
  async () => {
    const events = await textEvents();
    const started = one(events, "session.started");
    for (const field of TELEPHONY_FIELDS) {
      expect(Object.keys(started.data), `telephony field ${field} in a text window's session.started`).not.toContain(
        field,
      );
    }
    one(events, "session.completed");
    expect(types(events), "session.queued for a text window").not.toContain("session.queued");
    expect(types(events), "session.in_progress for a text window").not.toContain("session.in_progress");
  },
  { needs: ["wiring"] },
);

check(
  "a text window's session.completed and its GET /v1/calls/{session_id} carry no telephony fields, and agree",
  ["events.text-no-telephony-fields", "events.session-completed-agrees"],
  async () => {
    const completed = one(await textEvents(), "session.completed");
    const sessionId = String(completed.data.session_id);
    const stored = await getCall(sessionId);
    expectStatus(stored, 200, "the text window's session record");
    for (const [what, data] of [
      ["session.completed", completed.data],
      ["GET /v1/calls/{session_id}", stored.json as object],
    ] as const) {
      for (const field of TELEPHONY_FIELDS) {
        expect(Object.keys(data), `telephony field ${field} in a text window's ${what}`).not.toContain(field);
      }
    }
    expectAgrees(completed.data, stored.json, `session.completed of a text window vs ${explain(stored)}`);
  },
  { needs: ["wiring"] },
);
