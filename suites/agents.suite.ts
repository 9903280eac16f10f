// Agents (2.9, 2.11, 4): unique names, whole-replace PATCH, delete, round trip, the catalog's authority over
// a config, and overrides (any subset of fields, for one run only).

import fc from "fast-check";
import { expect } from "vitest";
import { richAgentConfig } from "../fixtures/agent-configs.ts";
import { explain } from "../runner/client/http-client.ts";
import { assertDeleted, track, uniqueName } from "../runner/client/resources.ts";
import { check } from "../runner/framework/check.ts";
import { property } from "../runner/framework/property.ts";
import { type ExpectedStatus, expectBody, expectOkResult, expectStatus } from "../runner/framework/response.ts";
import { checksSideBySide } from "../runner/framework/side-by-side.ts";
import { AgentRecordRead } from "../spec/agent.ts";
import { ValidationResult } from "../spec/tool.ts";
import { createAgent, minimalAgent } from "./helpers/agents.ts";
import { analysedBy, analysisModel, expectAnalysed, expectBatchAnalysed, providerMark } from "./helpers/analysis.ts";
import { startBatch, waitForBatch } from "./helpers/batches.ts";
import { RecordId, StartedSession } from "./helpers/body-shapes.ts";
import { finished, SHORT_CALL_MS, waitForCall } from "./helpers/calls.ts";
import { patternNumber } from "./helpers/carrier.ts";
import {
  firstPair,
  isListed,
  listedBuiltinTools,
  listedLanguage,
  listedPairs,
  listedVoices,
  type Pair,
  type PairKind,
  unlistedName,
} from "./helpers/catalog.ts";
import { throughCreditGate } from "./helpers/credits.ts";
import { makeLive } from "./helpers/live-agents.ts";
import { expectNameTaken, expectOneOfTwoCreated, expectRenameOntoTakenRefused } from "./helpers/names.ts";
import { OVERRIDE_FIELDS, overrideOf } from "./helpers/overrides.ts";
import { callOp } from "./helpers/profile.ts";
import { READS_PROVIDER_LOG } from "./helpers/provider.ts";
import { importFreshNumber } from "./helpers/telephony.ts";
import { joinWebCall, MintedCall } from "./helpers/web-calls.ts";

checksSideBySide(
  "each check makes and reads back agents of its own; what they share (the catalog, one agent run with an override) none of them changes",
);

check("a second agent with a taken name is a 400 that says so", ["agents.names-unique"], async () => {
  const agent = await createAgent();
  expectNameTaken(await callOp("agent.create", {}, { body: minimalAgent(agent.name) }));
});

check("two concurrent creates with one name: exactly one succeeds", ["agents.names-unique"], async () => {
  const name = uniqueName("race");
  const responses = await Promise.all([0, 1].map(() => callOp("agent.create", {}, { body: minimalAgent(name) })));
  for (const response of responses) {
    if (response.status < 300) {
      const id = (response.json as { id: string }).id;
      track(`agent ${id}`, async () => {
        assertDeleted(await callOp("agent.delete", { agent_id: id }));
      });
    }
  }
  expectOneOfTwoCreated(responses);
});

check(
  "renaming an agent (PATCH, the whole config) to a name another agent holds is a 400, and both keep their names",
  ["agents.names-unique"],
  async () => {
    const [renamed, holder] = [await createAgent(), await createAgent()];
    const readAgent = async (id: string) => {
      const read = await callOp("agent.get", { agent_id: id });
      expectStatus(read, 200);
      return AgentRecordRead.parse(read.json);
    };
    // The agent PATCH replaces whole (4): the stored config is sent back with only the name changed.
    const config = (await readAgent(renamed.id)).config;
    await expectRenameOntoTakenRefused(
      "agent",
      renamed,
      holder,
      (id, name) => callOp("agent.patch", { agent_id: id }, { body: { ...config, name } }),
      async (id) => (await readAgent(id)).name,
    );
  },
);

check("an agent written with 2.9 fields reads back with the same values", ["agents.config-round-trip"], async () => {
  const config = richAgentConfig(uniqueName("round-trip"), await listedLanguage());
  const agent = await createAgent(config);
  const response = await callOp("agent.get", { agent_id: agent.id });
  expectStatus(response, 200);
  expect(AgentRecordRead.parse(response.json).config, explain(response)).toMatchObject(config);
});

check(
  "PATCH writes the agent whole: every omitted field reverts to the default a minimal create gets",
  ["agents.patch-replaces"],
  async () => {
    const minimal = await createAgent();
    const { name: _ignored, ...defaults } = minimal.config;
    const rich = richAgentConfig(uniqueName("replace"), await listedLanguage(defaults.language));
    const agent = await createAgent(rich);
    // The minimal body (the profile's minimal_creates.agent) is the whole PATCH; the fields it sets are no defaults.
    const body = minimalAgent(agent.name);
    const patch = await callOp("agent.patch", { agent_id: agent.id }, { body });
    expectStatus(patch, "2xx");
    const after = AgentRecordRead.parse((await callOp("agent.get", { agent_id: agent.id })).json).config;
    for (const field of Object.keys(rich).filter((k) => !(k in body))) {
      expect((after as Record<string, unknown>)[field], `field ${field} after a PATCH that omitted it`).toEqual(
        (defaults as Record<string, unknown>)[field],
      );
    }
  },
);

check("deleting an agent returns {ok: true} and the agent is then a 404", ["agents.delete-ok"], async () => {
  const agent = await createAgent();
  const deleted = await callOp("agent.delete", { agent_id: agent.id });
  expectOkResult(deleted);
  const after = await callOp("agent.get", { agent_id: agent.id });
  expectStatus(after, 404);
});

// ---- The catalog's authority over a config (2.8, 2.9): every pair listed, realtime xor cascade.

type Slot = { path: string; kind: PairKind };
/** Every place a config names a provider/model pair, with the catalog key it must be listed under. */
const SLOTS: Slot[] = [
  { path: "llm", kind: "llm" },
  { path: "llm.fallback", kind: "llm" },
  { path: "stt", kind: "stt" },
  { path: "stt.fallback", kind: "stt" },
  { path: "tts", kind: "tts" },
  { path: "tts.fallback", kind: "tts" },
  { path: "realtime", kind: "realtime" },
  { path: "avatar", kind: "avatar" },
  { path: "analysis.model", kind: "llm" },
  { path: "noise_cancellation", kind: "noise_cancellation" },
];
const ALL_KINDS: PairKind[] = ["llm", "stt", "tts", "realtime", "avatar", "noise_cancellation"];

/** A config naming `pair` at `slot`, every other pair it needs (a fallback's primary) listed. */
async function configWith(slot: Slot, pair: Partial<Pair>): Promise<Record<string, unknown>> {
  const body: Record<string, unknown> = { name: uniqueName("catalog"), channel: "text" };
  const [root, leaf] = slot.path.split(".") as [string, string | undefined];
  if (leaf === undefined) body[root] = root === "noise_cancellation" ? { enabled: true, ...pair } : { ...pair };
  else if (root === "analysis") body.analysis = { enabled: true, model: pair };
  else body[root] = { ...(await firstPair(slot.kind)), fallback: pair };
  return body;
}

/** Pairs built from catalog pieces so they look plausible: a listed provider with a foreign model, etc. */
function pairArbitrary(): fc.Arbitrary<{
  providerFrom: [PairKind, number] | string;
  modelFrom: [PairKind, number] | string;
}> {
  const piece = fc.oneof(
    fc.tuple(fc.constantFrom(...ALL_KINDS), fc.nat()),
    fc.stringMatching(/^[a-z][a-z0-9-]{0,15}$/),
  );
  return fc.record({ providerFrom: piece, modelFrom: piece });
}

async function resolvePair(spec: {
  providerFrom: [PairKind, number] | string;
  modelFrom: [PairKind, number] | string;
}) {
  const pick = async (from: [PairKind, number] | string, field: "provider" | "model") => {
    if (typeof from === "string") return from;
    const pairs = await listedPairs(from[0]);
    return pairs.length === 0 ? `none-${field}` : pairs[from[1] % pairs.length]![field];
  };
  return { provider: await pick(spec.providerFrom, "provider"), model: await pick(spec.modelFrom, "model") };
}

/** The catalog's first pair of each kind, undefined for a kind it lists none of. */
function firstPairsOf(kinds: PairKind[]): Promise<Array<Pair | undefined>> {
  return Promise.all(kinds.map(async (kind) => (await listedPairs(kind))[0]));
}

async function expectRefused(
  body: Record<string, unknown>,
  what: string,
  agentId?: string,
  statuses: ExpectedStatus = 400,
): Promise<void> {
  const response =
    agentId === undefined
      ? await callOp("agent.create", {}, { body })
      : await callOp("agent.patch", { agent_id: agentId }, { body });
  if (agentId === undefined && response.status < 300) {
    const id = (response.json as { id?: string }).id;
    if (id !== undefined) track(`agent ${id}`, async () => void (await callOp("agent.delete", { agent_id: id })));
  }
  expectStatus(response, statuses, what);
}

property(
  "a provider/model pair the catalog does not list is a 400 in any slot, at create and at PATCH",
  ["agents.unlisted-pair-any-slot", "agents.unlisted-llm-400"],
  [fc.constantFrom(...SLOTS), pairArbitrary()],
  async (slot, spec) => {
    const pair = await resolvePair(spec);
    fc.pre(!(await isListed(slot.kind, pair)));
    const body = await configWith(slot, pair);
    await expectRefused(body, `${pair.provider}/${pair.model} at ${slot.path}`);
    const agent = await createAgent({ channel: "text" });
    await expectRefused(
      { ...body, name: agent.name },
      `PATCH with ${pair.provider}/${pair.model} at ${slot.path}`,
      agent.id,
    );
  },
  { numRuns: 20 },
);

check("an llm model the catalog does not list is a 400 (unknown model)", ["agents.unlisted-llm-400"], async () => {
  const { provider } = await firstPair("llm");
  await expectRefused(
    { name: uniqueName("unknown-model"), channel: "text", llm: { provider, model: `no-such-model-${Date.now()}` } },
    "an unlisted llm model",
  );
});

// ---- Names beside the pairs (2.8: "a config naming anything not listed is rejected"): voices, languages,
// builtin tools. Each is refused at create and at PATCH, on an otherwise listed config.

/** Refused at create, and at PATCH of an agent that was accepted without the unlisted name. */
async function expectRefusedBoth(body: Record<string, unknown>, what: string): Promise<void> {
  await expectRefused(body, what);
  const agent = await createAgent({ channel: body.channel });
  await expectRefused({ ...body, name: agent.name }, `PATCH with ${what}`, agent.id);
}

check(
  "a tts or realtime voice the catalog does not list is a 400, at create and at PATCH",
  ["agents.unlisted-voice-400"],
  async () => {
    const voice = await unlistedName("no-such-voice");
    const [llm, stt, tts, realtime] = await firstPairsOf(["llm", "stt", "tts", "realtime"]);
    let tried = 0;
    if (llm !== undefined && stt !== undefined && tts !== undefined) {
      const body = { name: uniqueName("voice"), channel: "voice", llm, stt, tts: { ...tts, voice } };
      await expectRefusedBoth(body, `tts.voice ${voice} on ${tts.provider}/${tts.model}`);
      tried++;
    }
    if (realtime !== undefined) {
      const body = { name: uniqueName("voice"), channel: "voice", realtime: { ...realtime, voice } };
      await expectRefusedBoth(body, `realtime.voice ${voice} on ${realtime.provider}/${realtime.model}`);
      tried++;
    }
    expect(tried, "the catalog lists a tts or a realtime model to name a voice of").toBeGreaterThan(0);
  },
);

check(
  "an unlisted model is a 400 also when its slot names a voice or builtin tools another model lists",
  ["agents.unlisted-pair-any-slot"],
  async () => {
    const model = await unlistedName("no-such-model");
    const [llm, stt, tts, realtime] = await firstPairsOf(["llm", "stt", "tts", "realtime"]);
    let tried = 0;
    if (llm !== undefined) {
      const type = (await listedBuiltinTools(llm))[0] ?? "web_search";
      const body = {
        name: uniqueName("unlisted"),
        channel: "text",
        llm: { provider: llm.provider, model, builtin_tools: [{ type, config: {} }] },
      };
      await expectRefused(body, `llm ${llm.provider}/${model} with builtin tool ${type}`);
      tried++;
    }
    if (llm !== undefined && stt !== undefined && tts !== undefined) {
      const voice = (await listedVoices("tts", tts))[0] ?? "any-voice";
      const body = {
        name: uniqueName("unlisted"),
        channel: "voice",
        llm,
        stt,
        tts: { provider: tts.provider, model, voice },
      };
      await expectRefused(body, `tts ${tts.provider}/${model} with voice ${voice}`);
      tried++;
    }
    if (realtime !== undefined) {
      const voice = (await listedVoices("realtime", realtime))[0] ?? "any-voice";
      const body = {
        name: uniqueName("unlisted"),
        channel: "voice",
        realtime: { provider: realtime.provider, model, voice },
      };
      await expectRefused(body, `realtime ${realtime.provider}/${model} with voice ${voice}`);
      tried++;
    }
    expect(tried, "the catalog lists an llm, a cascade or a realtime model to start from").toBeGreaterThan(0);
  },
);

check(
  "an agent language the catalog lists nowhere is a 400, at create and at PATCH",
  ["agents.unlisted-language-400"],
  async () => {
    const language = await unlistedName("xx");
    const body = { name: uniqueName("language"), channel: "text", llm: await firstPair("llm"), language };
    await expectRefusedBoth(body, `language ${language}`);
  },
);

check(
  "an llm builtin tool type the catalog does not list is a 400, at create and at PATCH",
  ["agents.unlisted-builtin-tool-400"],
  async () => {
    const type = await unlistedName("no-such-tool");
    const llm = { ...(await firstPair("llm")), builtin_tools: [{ type, config: {} }] };
    await expectRefusedBoth({ name: uniqueName("builtin"), channel: "text", llm }, `builtin tool ${type}`);
  },
);

/** A listed voice of a tts or realtime slot's entry, picked by `pick`, or the slot as it was when none is listed. */
async function withVoice(kind: "tts" | "realtime", slot: Pair, pick: number): Promise<Record<string, unknown>> {
  const voices = await listedVoices(kind, slot);
  return voices.length === 0 ? { ...slot } : { ...slot, voice: voices[pick % voices.length] };
}

/** An llm slot with one builtin tool its entry offers, picked by `pick`, when it offers one that needs no option. */
async function withBuiltinTool(slot: Pair, pick: number): Promise<Record<string, unknown>> {
  const types = await listedBuiltinTools(slot);
  return types.length === 0
    ? { ...slot }
    : { ...slot, builtin_tools: [{ type: types[pick % types.length], config: {} }] };
}

property(
  "a config naming only what GET /v1/catalog lists (pairs, their voices and builtin tools) is accepted, in the cascade and the realtime shape",
  ["agents.listed-pair-accepted"],
  [
    fc.boolean(),
    fc.array(fc.nat(), { minLength: 16, maxLength: 16 }),
    fc.subarray(["fallbacks", "avatar", "noise", "analysis", "voices", "builtin"]),
  ],
  async (realtime, picks, extras) => {
    const at = async (kind: PairKind, i: number) => {
      const pairs = await listedPairs(kind);
      fc.pre(pairs.length > 0);
      return pairs[picks[i]! % pairs.length]!;
    };
    const voiced = extras.includes("voices");
    const voice = async (kind: "tts" | "realtime", pair: Pair, i: number) =>
      voiced ? withVoice(kind, pair, picks[i]!) : { ...pair };
    const tooled = async (pair: Pair, i: number) =>
      extras.includes("builtin") ? withBuiltinTool(pair, picks[i]!) : { ...pair };
    const body: Record<string, unknown> = { name: uniqueName("listed"), channel: "voice" };
    if (realtime) body.realtime = await voice("realtime", await at("realtime", 0), 10);
    else {
      const fallbacks = extras.includes("fallbacks");
      body.llm = {
        ...(await tooled(await at("llm", 1), 11)),
        ...(fallbacks ? { fallback: await tooled(await at("llm", 2), 12) } : {}),
      };
      body.stt = { ...(await at("stt", 3)), ...(fallbacks ? { fallback: await at("stt", 4) } : {}) };
      body.tts = {
        ...(await voice("tts", await at("tts", 5), 13)),
        ...(fallbacks ? { fallback: await voice("tts", await at("tts", 6), 14) } : {}),
      };
    }
    if (extras.includes("avatar")) body.avatar = await at("avatar", 7);
    if (extras.includes("noise")) body.noise_cancellation = { enabled: true, ...(await at("noise_cancellation", 8)) };
    if (extras.includes("analysis")) body.analysis = { enabled: true, model: await tooled(await at("llm", 9), 15) };
    const agent = await createAgent(body);
    const patched = await callOp("agent.patch", { agent_id: agent.id }, { body: { ...body, name: agent.name } });
    expectStatus(patched, "2xx", "PATCH with the same listed names");
  },
  { numRuns: 8 },
);

check(
  "each tts and realtime model accepts the last voice it lists, and each llm model every builtin tool it offers that needs no option",
  ["agents.listed-pair-accepted"],
  async () => {
    let tried = 0;
    const cascade = { llm: await firstPair("llm"), stt: await firstPair("stt") };
    for (const kind of ["tts", "realtime"] as const) {
      for (const pair of await listedPairs(kind)) {
        const voice = (await listedVoices(kind, pair)).at(-1);
        if (voice === undefined) continue;
        const slot = { [kind]: { ...pair, voice } };
        await createAgent({ name: uniqueName("voice"), channel: "voice", ...(kind === "tts" ? cascade : {}), ...slot });
        tried++;
      }
    }
    for (const pair of await listedPairs("llm")) {
      for (const type of await listedBuiltinTools(pair)) {
        await createAgent({
          name: uniqueName("builtin"),
          channel: "text",
          llm: { ...pair, builtin_tools: [{ type, config: {} }] },
        });
        tried++;
      }
    }
    expect(
      tried,
      "the catalog lists no voice and no builtin tool free of required options: nothing to check",
    ).toBeGreaterThan(0);
  },
);

check(
  "a slot naming only a provider, or only a model, the catalog does not list is refused (400 or 422), in any slot",
  ["agents.unlisted-pair-any-slot"],
  async () => {
    const name = await unlistedName("half");
    for (const slot of SLOTS) {
      for (const half of [{ provider: name }, { model: name }]) {
        // A half pair may fail the schema (422) or the catalog rule (400): either way it is rejected (2.8).
        await expectRefused(
          await configWith(slot, half),
          `${JSON.stringify(half)} at ${slot.path}`,
          undefined,
          [400, 422],
        );
      }
    }
  },
);

/** The validation errors of a stored agent (3.3: validate always answers 200 with `errors`). */
async function validationErrors(agentId: string, what: string): Promise<unknown[]> {
  return expectBody(await callOp("agent.validate", { agent_id: agentId }), 200, ValidationResult, what).errors;
}

/**
 * A write that must be refused by a rule of the config (2.9) that the spec gives no moment: refused at the write
 * (400), or accepted onto the draft ("writes land on a draft") and then reported by validate, with an error the
 * same agent without the fault does not have, and refused by publish (3.3: "Publish runs validation and refuses
 * with 400 ... if any error exists").
 */
async function expectRefusedAtWriteOrValidate(
  body: Record<string, unknown>,
  what: string,
  control: AgentRecordRead,
  agentId?: string,
): Promise<void> {
  const before = await validationErrors(control.id, `${what}: validating the agent without it`);
  const response =
    agentId === undefined
      ? await callOp("agent.create", {}, { body })
      : await callOp("agent.patch", { agent_id: agentId }, { body });
  if (response.status >= 300) return expectStatus(response, 400, what);
  const { id } = expectBody(response, "2xx", RecordId, `${what}: accepted at write`);
  if (agentId === undefined) track(`agent ${id}`, async () => void (await callOp("agent.delete", { agent_id: id })));
  const after = await validationErrors(id, `${what}: accepted at write, so validate must report it`);
  expect(
    after.length,
    `${what}: accepted at write, so validate must list an error the agent without it has not (${JSON.stringify(before)}); it listed ${JSON.stringify(after)}`,
  ).toBeGreaterThan(before.length);
  expectStatus(
    await callOp("agent.publish", { agent_id: id }),
    400,
    `${what}: accepted at write, so publish must refuse`,
  );
}

property(
  "realtime together with any cascade slot is refused (at write, or by validate and publish), even when every pair is listed",
  ["agents.realtime-xor-cascade"],
  [fc.subarray(["stt", "llm", "tts"] as const, { minLength: 1 }), fc.boolean()],
  async (cascade, atPatch) => {
    const body: Record<string, unknown> = {
      name: uniqueName("xor"),
      channel: "voice",
      realtime: await firstPair("realtime"),
    };
    for (const slot of cascade) body[slot] = await firstPair(slot);
    const agent = await createAgent({ channel: "voice", realtime: await firstPair("realtime") });
    if (!atPatch) return expectRefusedAtWriteOrValidate(body, `realtime with ${cascade.join(", ")}`, agent);
    await expectRefusedAtWriteOrValidate(
      { ...body, name: agent.name },
      `PATCH to realtime with ${cascade.join(", ")}`,
      agent,
      agent.id,
    );
  },
  { numRuns: 10 },
);

// ---- Overrides (2.11): the 2.9 names, all optional, sent with an agent_id for one run or batch.

/**
 * A voice agent on the catalog's first cascade pairs: what an override is laid over. Published when `live`: an
 * override goes with live traffic, which runs the published version (2.9, 3.3, 9).
 */
async function cascadeAgent(live = true): Promise<AgentRecordRead> {
  const agent = await createAgent({
    channel: "voice",
    prompt: "You answer questions about orders.",
    greeting: "Hello, this is the order desk.",
    llm: await firstPair("llm"),
    stt: await firstPair("stt"),
    tts: await firstPair("tts"),
  });
  if (live) await makeLive(agent.id);
  return live ? storedAgent(agent.id).then((read) => ({ ...agent, ...read })) : agent;
}

/** A web call token: these checks need credits, not the 402 gate (credits.suite.ts tests it). */
const postToken = (body: unknown) => throughCreditGate(() => callOp("call.token", {}, { body, as: "editor" }));

let overridden: Promise<AgentRecordRead> | undefined;

property(
  "an agent override with any subset of the 2.9 fields is accepted next to an agent_id (POST /v1/calls/token)",
  ["agents.override-partial"],
  [fc.subarray([...OVERRIDE_FIELDS])],
  async (fields) => {
    overridden ??= cascadeAgent();
    const agent = await overridden;
    const response = await postToken({ agent_id: agent.id, agent_override: await overrideOf(fields) });
    expect(
      response.status,
      `an override of ${fields.join(", ") || "no fields"}: ${explain(response)}`,
    ).toBeGreaterThanOrEqual(200);
    expect(response.status, `an override of ${fields.join(", ") || "no fields"}: ${explain(response)}`).toBeLessThan(
      300,
    );
  },
  { numRuns: 15 },
);

/** The stored agent as GET answers it: the draft and the published version (profile record shape). */
async function storedAgent(
  id: string,
): Promise<Pick<AgentRecordRead, "config" | "published_version" | "published_config">> {
  const response = await callOp("agent.get", { agent_id: id });
  expectStatus(response, 200);
  const { config, published_version, published_config } = AgentRecordRead.parse(response.json);
  return { config, published_version, published_config };
}

check(
  "a web call token with an override leaves the stored agent's draft as it was",
  ["agents.override-not-stored"],
  async () => {
    const agent = await cascadeAgent();
    const before = await storedAgent(agent.id);
    const response = await postToken({ agent_id: agent.id, agent_override: await overrideOf(OVERRIDE_FIELDS) });
    expect(response.status, explain(response)).toBeLessThan(300);
    expect(await storedAgent(agent.id), "the agent read back after the run").toEqual(before);
  },
);

check(
  "an override's channel is refused (422) or ignored: the stored agent keeps its channel",
  ["agents.override-no-channel"],
  async () => {
    const agent = await cascadeAgent();
    const { channel } = agent.config;
    for (const other of ["text", "video"].filter((c) => c !== channel)) {
      const agent_override = { channel: other, prompt: "For this run only." };
      const response = await postToken({ agent_id: agent.id, agent_override });
      const refused = response.status === 422;
      expect(refused || (response.status >= 200 && response.status < 300), explain(response)).toBe(true);
      const after = await storedAgent(agent.id);
      expect(after.config.channel, `the draft's channel after an override naming ${other}`).toBe(channel);
      expect(after.published_config?.channel, "the published version's channel").toBe(agent.published_config?.channel);
    }
  },
);

/**
 * A published agent whose draft differs from its published version (so an override merged into either one
 * shows), and an override of every 2.9 field laid over it, with `extra` on top.
 */
async function agentAndOverride(extra: Record<string, unknown> = {}) {
  const agent = await cascadeAgent(false);
  const published = await callOp("agent.publish", { agent_id: agent.id });
  expectStatus(published, "2xx");
  const draft = { ...agent.config, prompt: "A draft prompt nobody published." };
  expectStatus(await callOp("agent.patch", { agent_id: agent.id }, { body: draft }), "2xx");
  return { agent, agent_override: { ...(await overrideOf(OVERRIDE_FIELDS)), ...extra } };
}

/** An outbound call with an agent and its override, from a number imported for it. */
async function overriddenCall(agentId: string, agent_override: Record<string, unknown>): Promise<string> {
  const from = await importFreshNumber();
  const body = { from_phone_number_id: from.id, to: patternNumber(0, 0), agent_id: agentId, agent_override };
  const outbound = await throughCreditGate(() => callOp("call.outbound", {}, { body }));
  return expectBody(outbound, "2xx", StartedSession).session_id;
}

/** Two callees, so a batch that overrides only its first call shows in the second. */
const twoCallees = () => [{ to: patternNumber(0, 0) }, { to: patternNumber(0, 0) }];

check(
  "a web call with an override runs it once joined: the override's analysis model is asked for its session",
  ["agents.override-not-stored"],
  async () => {
    // 2.11: the override adjusts the stored agent for this run; the agent itself asks for no analysis.
    const model = await analysisModel();
    const { agent, agent_override } = await agentAndOverride(analysedBy(model));
    const mark = await providerMark();
    const webCall = expectBody(await postToken({ agent_id: agent.id, agent_override }), "2xx", MintedCall);
    await joinWebCall(webCall);
    await expectAnalysed(webCall.session_id, model, mark, "the web call's override");
  },
  { needs: ["wiring"], exclusive: READS_PROVIDER_LOG },
);

check(
  "an outbound call and each call of a batch with an override run it: the override's analysis model is asked for each session",
  ["agents.override-not-stored"],
  async () => {
    // 2.11: the override adjusts the stored agent for this run; the agent itself asks for no analysis.
    const model = await analysisModel();
    const { agent, agent_override } = await agentAndOverride(analysedBy(model));
    let mark = await providerMark();
    await expectAnalysed(await overriddenCall(agent.id, agent_override), model, mark, "the outbound call's override");
    mark = await providerMark();
    const { batch } = await startBatch({ recipients: twoCallees(), agent_id: agent.id, agent_override });
    await expectBatchAnalysed(batch.id, model, mark, "the batch's override");
  },
  { needs: ["wiring"], exclusive: READS_PROVIDER_LOG },
);

check(
  "a web call, an outbound call and a batch with an override leave the stored agent and its published version as they were",
  ["agents.override-not-stored"],
  async () => {
    const { agent, agent_override } = await agentAndOverride();
    const before = await storedAgent(agent.id);
    expectStatus(await postToken({ agent_id: agent.id, agent_override }), "2xx");
    const outbound = await overriddenCall(agent.id, agent_override);
    const { batch } = await startBatch({ recipients: twoCallees(), agent_id: agent.id, agent_override });
    // Both runs are over before the agent is read back: an override applied at dial time counts too.
    await waitForCall(outbound, finished, SHORT_CALL_MS(), "its end");
    await waitForBatch(batch.id, (row) => row.status === "completed", SHORT_CALL_MS(), "completed");
    expect(await storedAgent(agent.id), "the agent read back after the three runs").toEqual(before);
  },
  { needs: ["wiring"] },
);
