// Versioning (3.3, 4, 7, 9): validate always answers 200 with {errors, warnings}; publish refuses with a 400
// carrying validate's errors, succeeds with only warnings and returns them; writes land on the draft and the
// published version moves only on publish. A model-based test drives agents and tools through random
// create/patch/validate/publish/delete sequences against a model of draft and published state. Live traffic
// shows which version runs: the model a reply is asked of, and the request a referenced tool makes.

import { randomUUID } from "node:crypto";
import fc from "fast-check";
import { expect } from "vitest";
import { type ApiResponse, explain } from "../runner/client/http-client.ts";
import { uniqueName } from "../runner/client/resources.ts";
import { TargetError } from "../runner/client/target-error.ts";
import { check } from "../runner/framework/check.ts";
import { property } from "../runner/framework/property.ts";
import { expectBody, expectOkResult, expectStatus } from "../runner/framework/response.ts";
import { checksSideBySide } from "../runner/framework/side-by-side.ts";
import type { AgentRecordRead } from "../spec/agent.ts";
import { fieldsOver } from "../spec/profile.ts";
import { ValidationResult } from "../spec/tool.ts";
import { createAgent } from "./helpers/agents.ts";
import { analysedBy, analysisModel, expectAnalysed, expectBatchAnalysed, providerMark } from "./helpers/analysis.ts";
import { startBatch } from "./helpers/batches.ts";
import { ErrorLines, PublishWarnings, StartedSession } from "./helpers/body-shapes.ts";
import { ensureLlmKey } from "./helpers/byok.ts";
import { patternNumber } from "./helpers/carrier.ts";
import { firstPair, listedPairs, type Pair } from "./helpers/catalog.ts";
import { replyDeadlineMs, sendMessage, waitForReply } from "./helpers/conversations.ts";
import { throughCreditGate } from "./helpers/credits.ts";
import { expectIntegerRefusedOrRead } from "./helpers/lax-integers.ts";
import { callOp, placeOf, profile } from "./helpers/profile.ts";
import { chatRequestsFor, providerRequests, READS_PROVIDER_LOG } from "./helpers/provider.ts";
import { importFreshNumber } from "./helpers/telephony.ts";
import { createTool, httpOperation, publishTool, toolName } from "./helpers/tools.ts";
import { joinWebCall, MintedCall } from "./helpers/web-calls.ts";
import { newHook, waitForDeliveries } from "./helpers/webhook-sink.ts";

checksSideBySide(
  "each check publishes and reads back versions of agents and tools of its own; the one publishable agent they share is only read",
);

type Kind = "agent" | "tool";

/** A new agent or tool name; a tool's in the form the profile says this server takes. */
const nameFor = (kind: Kind, label: string) => (kind === "tool" ? toolName(label) : uniqueName(label));

/**
 * The body of a write. A complete draft is what every check publishes (a text agent on a listed llm, a tool with
 * one http operation); `complete: false` puts the profile's `drafts_with_errors` over it (3.3 and 2.13: what
 * validate counts as an error is the server's), a null there leaving the field out; `bare` empties the greeting
 * or the description, which may draw a warning, an error, or nothing.
 */
async function draftBody(kind: Kind, name: string, complete: boolean, bare: boolean, marker: string) {
  const body: Record<string, unknown> =
    kind === "agent"
      ? {
          name,
          channel: "text",
          prompt: marker,
          greeting: bare ? "" : "Hello, how can I help?",
          llm: await firstPair("llm"),
        }
      : {
          name,
          description: bare ? "" : "Looks up an order by its number.",
          json_schema: { type: "object", title: marker },
          operations: [httpOperation()],
        };
  return complete ? body : fieldsOver(body, profile().drafts_with_errors[kind]);
}

/** Where the model reads the marker back from a record's config (profile record shape). */
const markerOf = (kind: Kind, config: Record<string, unknown> | null | undefined) =>
  config == null ? null : kind === "agent" ? config.prompt : (config.json_schema as { title?: unknown })?.title;

const op = (kind: Kind, action: "get" | "patch" | "validate" | "publish" | "delete", id: string, body?: unknown) =>
  callOp(`${kind}.${action}` as "agent.get", kind === "agent" ? { agent_id: id } : { tool_id: id }, { body });

function validation(response: ApiResponse): ValidationResult {
  expectStatus(response, 200, "validate answers 200 whatever it finds");
  const parsed = ValidationResult.safeParse(response.json);
  expect(parsed.success, `{errors: [...], warnings: [...]} in ${explain(response)}`).toBe(true);
  return parsed.data!;
}

/** A complete draft publishes on this target: on a strict BYOK server that needs the llm provider's key. */
let publishable: Promise<void> | undefined;
function ensurePublishable(): Promise<void> {
  publishable ??= (async () => {
    const agent = await createAgent(await draftBody("agent", uniqueName("probe"), true, false, "probe"));
    if (validation(await op("agent", "validate", agent.id)).errors.length === 0) return;
    await ensureLlmKey();
  })();
  return publishable;
}

// ---- Plain checks.

for (const kind of ["agent", "tool"] as const) {
  check(
    `${kind} validate answers 200 with both keys, for a draft with errors and for a complete one`,
    [`versioning.${kind}-validate-always-200`, "versioning.validate-keys-present"],
    async () => {
      const incomplete =
        kind === "agent"
          ? await createAgent(await draftBody(kind, nameFor(kind, "incomplete"), false, true, "m"))
          : await createTool(await draftBody(kind, nameFor(kind, "incomplete"), false, true, "m"));
      const result = validation(await op(kind, "validate", incomplete.id));
      expect(
        result.errors.length,
        `the profile's ${kind} draft with errors (drafts_with_errors) has errors`,
      ).toBeGreaterThan(0);
      const complete =
        kind === "agent"
          ? await createAgent(await draftBody(kind, nameFor(kind, "complete"), true, false, "m"))
          : await createTool(await draftBody(kind, nameFor(kind, "complete"), true, false, "m"));
      validation(await op(kind, "validate", complete.id));
    },
  );

  check(
    `${kind} publish with validation errors is a 400 whose detail.errors are validate's lines; nothing is published`,
    [kind === "agent" ? "versioning.publish-errors-400" : "versioning.tool-publish-errors-400"],
    async () => {
      const draft =
        kind === "agent"
          ? await createAgent(await draftBody(kind, nameFor(kind, "refused"), false, false, "m"))
          : await createTool(await draftBody(kind, nameFor(kind, "refused"), false, false, "m"));
      const { errors } = validation(await op(kind, "validate", draft.id));
      expect(errors.length, `the profile's ${kind} draft with errors (drafts_with_errors) has errors`).toBeGreaterThan(
        0,
      );
      const published = await op(kind, "publish", draft.id);
      expect(expectBody(published, 400, ErrorLines).detail.errors, explain(published)).toEqual(errors);
      const after = (await op(kind, "get", draft.id)).json as { published_version?: unknown };
      expect(after.published_version ?? null, "still never published").toBeNull();
    },
  );
}

check(
  "an empty errors array means the agent publishes, and a publish with only warnings returns them",
  ["versioning.validate-empty-means-publishable", "versioning.warnings-do-not-block"],
  async () => {
    await ensurePublishable();
    // Without a greeting first, the likeliest to draw a warning; a server that counts that an error (2.13: required
    // markers are not shown) is judged on the complete draft, which every check publishes.
    let agent = await createAgent(await draftBody("agent", uniqueName("warned"), true, true, "m"));
    let { errors, warnings } = validation(await op("agent", "validate", agent.id));
    if (errors.length > 0) {
      agent = await createAgent(await draftBody("agent", uniqueName("clean"), true, false, "m"));
      ({ errors, warnings } = validation(await op("agent", "validate", agent.id)));
    }
    expect(errors, "the complete draft every check publishes").toEqual([]);
    const published = await op("agent", "publish", agent.id);
    expect(expectBody(published, "2xx", PublishWarnings).warnings, `the warnings in ${explain(published)}`).toEqual(
      warnings,
    );
  },
  { needs: ["wiring"] },
);

check(
  "a tool whose validate finds no errors publishes, whether or not a version was published before",
  ["versioning.tool-validate-empty-means-publishable"],
  async () => {
    const name = toolName("clean-tool");
    const tool = await createTool(await draftBody("tool", name, true, false, "m"));
    // Each draft in turn: validate's verdict on it decides whether its publish must succeed.
    for (const [label, complete, bare] of [
      ["a complete draft", true, false],
      ["the profile's draft with errors, after a publish", false, false],
      ["a complete draft without a description", true, true],
    ] as const) {
      const patched = await op("tool", "patch", tool.id, await draftBody("tool", name, complete, bare, label));
      expectStatus(patched, "2xx", label);
      const { errors } = validation(await op("tool", "validate", tool.id));
      // The complete draft is what every check publishes; without a description it may have errors (2.10).
      if (complete && !bare) expect(errors, `${label} validates clean`).toEqual([]);
      if (errors.length > 0) continue;
      const published = await op("tool", "publish", tool.id);
      expectStatus(published, "2xx", `${label}, whose validate found no errors`);
    }
  },
);

check(
  "a tool whose validate finds only warnings publishes: warnings do not block",
  ["versioning.tool-warnings-do-not-block"],
  async (ctx) => {
    // A complete tool with an empty description: the likeliest draft to draw a warning and no error.
    const tool = await createTool(await draftBody("tool", toolName("warned-tool"), true, true, "m"));
    const { errors, warnings } = validation(await op("tool", "validate", tool.id));
    // 2.10 marks no field of a tool required: a server may count an empty description an error, not a warning.
    if (errors.length > 0)
      ctx.skip("validate finds errors in a complete tool without a description: no warnings-only draft");
    if (warnings.length === 0) ctx.skip("validate warns about nothing in a tool without a description");
    const published = await op("tool", "publish", tool.id);
    expectStatus(published, "2xx", `publish with only the warnings ${JSON.stringify(warnings)}`);
  },
);

check(
  "agent_version must be an integer: a fraction is a 422 naming it, a string spelling an integer a 422 or read as it",
  ["versioning.agent-version-integer"],
  async () => {
    const agent = await createAgent();
    // A line whose path ends in the field: at the top level, where this server puts agent_version (the profile's
    // map of the token body); in a team member, agent_version itself (a member's fields are 2.12's).
    const top = placeOf("call_token_body", "agent_version");
    const bodies = [
      [(agent_version: unknown) => ({ agent_id: agent.id, agent_version }), top],
      [
        (agent_version: unknown) => ({
          agent_team: { members: [{ name: "lead", agent_id: agent.id, agent_version }] },
        }),
        "agent_version",
      ],
    ] as const;
    for (const bad of [1.5, "1"]) {
      for (const [body, place] of bodies) {
        const token = (version: unknown) => callOp("call.token", {}, { body: body(version), as: "editor" });
        await expectIntegerRefusedOrRead(await token(bad), place, bad, token);
      }
    }
  },
);

// ---- The model-based test.

interface Side {
  id: string | null;
  name: string;
  draftMarker: string;
  publishedVersion: number | null;
  publishedMarker: string | null;
}
type Model = Record<Kind, Side>;

async function expectState(kind: Kind, side: Side): Promise<void> {
  const response = await op(kind, "get", side.id!);
  expectStatus(response, 200);
  const record = response.json as {
    config?: Record<string, unknown>;
    published_version?: number | null;
    published_config?: Record<string, unknown> | null;
  };
  expect(markerOf(kind, record.config), `${kind} draft`).toBe(side.draftMarker);
  expect(record.published_version ?? null, `${kind} published version`).toBe(side.publishedVersion);
  expect(markerOf(kind, record.published_config), `${kind} published config`).toBe(side.publishedMarker);
}

async function createSide(kind: Kind, side: Side): Promise<void> {
  side.name = nameFor(kind, `model-${kind}`);
  side.draftMarker = randomUUID();
  const body = await draftBody(kind, side.name, false, false, side.draftMarker);
  const record = kind === "agent" ? await createAgent(body) : await createTool(body);
  Object.assign(side, { id: record.id, publishedVersion: null, publishedMarker: null });
}

class Create implements fc.AsyncCommand<Model, object> {
  constructor(readonly kind: Kind) {}
  check = (m: Readonly<Model>) => m[this.kind].id === null;
  async run(m: Model) {
    await createSide(this.kind, m[this.kind]);
    await expectState(this.kind, m[this.kind]);
  }
  toString = () => `create ${this.kind}`;
}

class Patch implements fc.AsyncCommand<Model, object> {
  constructor(
    readonly kind: Kind,
    readonly complete: boolean,
    readonly bare: boolean,
  ) {}
  check = (m: Readonly<Model>) => m[this.kind].id !== null;
  async run(m: Model) {
    const side = m[this.kind];
    const marker = randomUUID();
    const response = await op(
      this.kind,
      "patch",
      side.id!,
      await draftBody(this.kind, side.name, this.complete, this.bare, marker),
    );
    expectStatus(response, "2xx");
    side.draftMarker = marker;
    await expectState(this.kind, side);
  }
  toString = () => `patch ${this.kind} ${this.complete ? "complete" : "incomplete"}${this.bare ? " bare" : ""}`;
}

class Validate implements fc.AsyncCommand<Model, object> {
  constructor(readonly kind: Kind) {}
  check = (m: Readonly<Model>) => m[this.kind].id !== null;
  async run(m: Model) {
    validation(await op(this.kind, "validate", m[this.kind].id!));
    await expectState(this.kind, m[this.kind]);
  }
  toString = () => `validate ${this.kind}`;
}

class Publish implements fc.AsyncCommand<Model, object> {
  constructor(readonly kind: Kind) {}
  check = (m: Readonly<Model>) => m[this.kind].id !== null;
  async run(m: Model) {
    const side = m[this.kind];
    const verdict = validation(await op(this.kind, "validate", side.id!));
    const response = await op(this.kind, "publish", side.id!);
    if (verdict.errors.length > 0) {
      const refused = expectBody(response, 400, ErrorLines, `publish with errors ${JSON.stringify(verdict.errors)}`);
      expect(refused.detail.errors, explain(response)).toEqual(verdict.errors);
    } else {
      expectStatus(response, "2xx", "publish with no errors");
      const body = response.json as { published_version?: unknown; warnings?: unknown };
      expect(Number.isInteger(body.published_version), `an integer version in ${explain(response)}`).toBe(true);
      expect(body.warnings, "publish returns validate's warnings").toEqual(verdict.warnings);
      side.publishedVersion = body.published_version as number;
      side.publishedMarker = side.draftMarker;
    }
    await expectState(this.kind, side);
  }
  toString = () => `publish ${this.kind}`;
}

class Delete implements fc.AsyncCommand<Model, object> {
  constructor(readonly kind: Kind) {}
  check = (m: Readonly<Model>) => m[this.kind].id !== null;
  async run(m: Model) {
    const side = m[this.kind];
    const response = await op(this.kind, "delete", side.id!);
    expectOkResult(response);
    const after = await op(this.kind, "get", side.id!);
    expectStatus(after, 404, `${this.kind} after delete`);
    side.id = null;
  }
  toString = () => `delete ${this.kind}`;
}

const kindArb = fc.constantFrom<Kind>("agent", "tool");
const commandsArb = fc.commands(
  [
    kindArb.map((k) => new Create(k)),
    fc.tuple(kindArb, fc.boolean(), fc.boolean()).map(([k, complete, bare]) => new Patch(k, complete, bare)),
    fc.tuple(kindArb, fc.boolean(), fc.boolean()).map(([k, complete, bare]) => new Patch(k, complete, bare)),
    kindArb.map((k) => new Validate(k)),
    kindArb.map((k) => new Publish(k)),
    kindArb.map((k) => new Publish(k)),
    kindArb.map((k) => new Delete(k)),
  ],
  { maxCommands: 12 },
);

property(
  "agents and tools under random writes, validates, publishes and deletes: the draft moves on every write, the published version only on a publish that validate clears",
  [
    "versioning.publish-errors-400",
    "versioning.tool-publish-errors-400",
    "versioning.agent-validate-always-200",
    "versioning.tool-validate-always-200",
    "versioning.validate-keys-present",
    "versioning.validate-empty-means-publishable",
    "versioning.warnings-do-not-block",
    "versioning.tool-validate-empty-means-publishable",
    "versioning.tool-warnings-do-not-block",
  ],
  [commandsArb],
  async (commands) => {
    await ensurePublishable();
    const blank = (): Side => ({ id: null, name: "", draftMarker: "", publishedVersion: null, publishedMarker: null });
    const model: Model = { agent: blank(), tool: blank() };
    await createSide("agent", model.agent);
    await createSide("tool", model.tool);
    await fc.asyncModelRun(() => ({ model, real: {} }), commands);
  },
  { needs: ["wiring"], numRuns: 6 },
);

// ---- Live traffic (3.3): a text conversation answers with the published version, whatever the draft says.

/** The models the replies to one new conversation with `agentId` were asked of. */
async function modelsAnswering(agentId: string): Promise<Array<string | null>> {
  const before = (await providerRequests()).length;
  const sent = await sendMessage({ agent_id: agentId });
  await waitForReply(sent.conversationId, sent.item.id);
  return (await chatRequestsFor({ conversation: sent.conversationId }, before)).rows.map((row) => row.model);
}

check(
  "a draft write leaves live traffic on the published version; the next publish makes the draft live",
  ["versioning.agent-write-keeps-live", "versioning.agent-publish-makes-live"],
  async () => {
    await ensureLlmKey();
    const { provider } = await firstPair("llm");
    const models = (await listedPairs("llm")).filter((pair) => pair.provider === provider);
    expect(models.length, `two llm models of ${provider} in the catalog`).toBeGreaterThanOrEqual(2);
    const [live, draft] = models as [Pair, Pair];
    const agent = await createAgent({ channel: "text", prompt: "Answer briefly.", greeting: "Hi", llm: live });
    const body = (llm: Pair) => ({ name: agent.name, channel: "text", prompt: "Answer briefly.", greeting: "Hi", llm });
    expectStatus(await op("agent", "publish", agent.id), "2xx");
    const patched = await op("agent", "patch", agent.id, body(draft));
    expectStatus(patched, "2xx");
    const beforePublish = await modelsAnswering(agent.id);
    expect(beforePublish.length, "the reply called the provider").toBeGreaterThan(0);
    expect(beforePublish, `answered by the published ${live.model}, not the draft's ${draft.model}`).toEqual(
      beforePublish.map(() => live.model),
    );
    expectStatus(await op("agent", "publish", agent.id), "2xx");
    const afterPublish = await modelsAnswering(agent.id);
    expect(afterPublish.length, "the reply called the provider").toBeGreaterThan(0);
    expect(afterPublish, `answered by the newly published ${draft.model}`).toEqual(afterPublish.map(() => draft.model));
  },
  { needs: ["wiring"], exclusive: READS_PROVIDER_LOG },
);

// ---- Live traffic (9): a tool write lands on its draft; the published version an agent names keeps running.

/** One http operation POSTing `{run}` to the sink hook: what a run of the tool version sends shows which it was. */
const hookOperations = (url: string, run: string) => [
  { kind: "http", config: { url, body: { run }, timeout: 5 }, on_error: "abort" },
];

/** A published text agent whose hook on every completed user turn names `toolId` at `version` (2.9, 2.10). */
async function agentRunningTool(toolId: string, version: number) {
  const agent = await createAgent({
    channel: "text",
    prompt: "Answer briefly.",
    greeting: "Hi",
    llm: await firstPair("llm"),
    on_user_turn_completed: { tool_id: toolId, tool_version: version },
  });
  const live = await op("agent", "publish", agent.id);
  expectStatus(live, "2xx");
  return agent;
}

/** The bodies the agent's tool sent to the hook during one new conversation's first turn. */
async function toolRequestsOfOneTurn(agentId: string, hook: string): Promise<string[]> {
  const sent = await sendMessage({ agent_id: agentId });
  await waitForReply(sent.conversationId, sent.item.id);
  const ran = await waitForDeliveries(hook, { count: 1, timeoutMs: replyDeadlineMs() });
  // A server that never runs the hook shows nothing about versions: that is not a verdict on these clauses.
  if (ran.count === 0) throw new TargetError("the agent's on_user_turn_completed tool never called its operation URL");
  return ran.deliveries.map((delivery) => delivery.body_text);
}

check(
  "a tool write lands on its draft: an agent naming the published tool version keeps running that version's operations",
  ["versioning.tool-write-keeps-live"],
  async () => {
    await ensureLlmKey();
    const hook = await newHook("tool-run");
    const published = `published-${randomUUID()}`;
    const draft = `draft-${randomUUID()}`;
    const tool = await createTool({ operations: hookOperations(hook.url, published) });
    const version = await publishTool(tool.id);
    const agent = await agentRunningTool(tool.id, version);
    const patched = await op("tool", "patch", tool.id, { operations: hookOperations(hook.url, draft) });
    expectStatus(patched, "2xx");
    const bodies = await toolRequestsOfOneTurn(agent.id, hook.name);
    for (const body of bodies) {
      expect(body, `the operation request ran version ${version}, not the draft`).toContain(published);
      expect(body, "the operation request ran the draft").not.toContain(draft);
    }
  },
  { needs: ["wiring"] },
);

check(
  "a tool publish makes its draft live: an agent naming the version it creates runs the draft's operations",
  ["versioning.tool-publish-makes-live"],
  async () => {
    await ensureLlmKey();
    const hook = await newHook("tool-publish");
    const first = `first-${randomUUID()}`;
    const draft = `draft-${randomUUID()}`;
    const tool = await createTool({ operations: hookOperations(hook.url, first) });
    const before = await publishTool(tool.id);
    const patched = await op("tool", "patch", tool.id, { operations: hookOperations(hook.url, draft) });
    expectStatus(patched, "2xx");
    const version = await publishTool(tool.id);
    expect(version, "the second publish creates a new version").not.toBe(before);
    const agent = await agentRunningTool(tool.id, version);
    for (const body of await toolRequestsOfOneTurn(agent.id, hook.name)) {
      expect(body, `version ${version} ran the draft it was published from`).toContain(draft);
      expect(body, `version ${version} ran version ${before}'s operations`).not.toContain(first);
    }
  },
  { needs: ["wiring"] },
);

/**
 * An agent published twice: version 1 asks its analysis model at each session's end, the later version asks
 * for no analysis, so that model asked for a session shows version 1 ran it (2.12: agent_id "with optional
 * agent_version"; 9).
 */
async function twoVersions(): Promise<{ agent: AgentRecordRead; version: number; model: Pair }> {
  const model = await analysisModel();
  const agent = await createAgent({
    channel: "voice",
    prompt: "Version one.",
    llm: model,
    stt: await firstPair("stt"),
    tts: await firstPair("tts"),
    ...analysedBy(model),
  });
  // 3.3 names no success status for a publish, nor 4 for the agent PATCH: any 2xx.
  const first = await callOp("agent.publish", { agent_id: agent.id });
  expectStatus(first, "2xx", "the first publish");
  const version = (first.json as { published_version?: unknown }).published_version;
  expect(Number.isInteger(version), `an integer published_version in ${explain(first)}`).toBe(true);
  const later = { ...agent.config, prompt: "A later version.", analysis: { enabled: false } };
  expectStatus(await callOp("agent.patch", { agent_id: agent.id }, { body: later }), "2xx", "the later draft");
  expectStatus(await callOp("agent.publish", { agent_id: agent.id }), "2xx", "the second publish");
  return { agent, version: version as number, model };
}

/** Two callees of a batch: a server that pins only its first call shows in the second. */
const twoRecipients = () => [{ to: patternNumber(0, 0) }, { to: patternNumber(0, 0) }];

check(
  "a web call token with agent_version runs that version once joined, not the latest published",
  ["versioning.agent-version-runs-that-version"],
  async () => {
    const { agent, version, model } = await twoVersions();
    const pinned = { agent_id: agent.id, agent_version: version };
    const mark = await providerMark();
    // This run needs credits, not the 402 gate (credits.suite.ts tests it).
    const token = await throughCreditGate(() => callOp("call.token", {}, { body: pinned, as: "editor" }));
    const webCall = expectBody(token, "2xx", MintedCall);
    await joinWebCall(webCall);
    await expectAnalysed(webCall.session_id, model, mark, "a web call of version 1");
  },
  { needs: ["wiring"], exclusive: READS_PROVIDER_LOG },
);

check(
  "an outbound call and a batch with agent_version run that version, not the latest published",
  ["versioning.agent-version-runs-that-version"],
  async () => {
    const { agent, version, model } = await twoVersions();
    const pinned = { agent_id: agent.id, agent_version: version };

    const from = await importFreshNumber();
    let mark = await providerMark();
    const outbound = await throughCreditGate(() =>
      callOp("call.outbound", {}, { body: { from_phone_number_id: from.id, to: patternNumber(0, 0), ...pinned } }),
    );
    const sessionId = expectBody(outbound, "2xx", StartedSession).session_id;
    await expectAnalysed(sessionId, model, mark, "an outbound call of version 1");

    mark = await providerMark();
    const { batch } = await startBatch({ recipients: twoRecipients(), ...pinned });
    await expectBatchAnalysed(batch.id, model, mark, "a call of version 1");
  },
  { needs: ["wiring"], exclusive: READS_PROVIDER_LOG },
);

check(
  "an agent_team member with agent_version answers as that version on a web call token, once joined",
  ["versioning.team-member-version"],
  async () => {
    // One member: whoever a server lets answer for a team, it is that member (2.12 members[] agent_version; 9).
    const { agent, version, model } = await twoVersions();
    const agent_team = { members: [{ name: "lead", agent_id: agent.id, agent_version: version }] };
    const mark = await providerMark();
    const token = await throughCreditGate(() => callOp("call.token", {}, { body: { agent_team }, as: "editor" }));
    const webCall = expectBody(token, "2xx", MintedCall);
    await joinWebCall(webCall);
    await expectAnalysed(webCall.session_id, model, mark, "a web call of a team whose member is version 1");
  },
  { needs: ["wiring"], exclusive: READS_PROVIDER_LOG },
);

check(
  "an agent_team member with agent_version answers as that version in a batch",
  ["versioning.team-member-version"],
  async () => {
    const { agent, version, model } = await twoVersions();
    const agent_team = { members: [{ name: "lead", agent_id: agent.id, agent_version: version }] };
    const mark = await providerMark();
    const { batch } = await startBatch({ recipients: twoRecipients(), agent_id: undefined, agent_team });
    await expectBatchAnalysed(batch.id, model, mark, "a batch call of a team whose member is version 1");
  },
  { needs: ["wiring"], exclusive: READS_PROVIDER_LOG },
);
