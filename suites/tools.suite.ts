// Tools (2.10, 4, 7): unique names, the inline tool and operation fields read back, PATCH merging the top
// level and replacing `operations` whole, broken trees refused, tool references in agents.

import { randomUUID } from "node:crypto";
import fc from "fast-check";
import { expect } from "vitest";
import type { ApiResponse } from "../runner/client/http-client.ts";
import { assertDeleted, track, uniqueName } from "../runner/client/resources.ts";
import { runConfig } from "../runner/client/run-config.ts";
import { TargetError } from "../runner/client/target-error.ts";
import { check } from "../runner/framework/check.ts";
import { property } from "../runner/framework/property.ts";
import { expectBody, expectOkResult, expectStatus } from "../runner/framework/response.ts";
import { checksSideBySide } from "../runner/framework/side-by-side.ts";
import { ToolRecordRead } from "../spec/tool.ts";
import { RecordId } from "./helpers/body-shapes.ts";
import { ensureLlmKey } from "./helpers/byok.ts";
import { firstPair } from "./helpers/catalog.ts";
import { expectIntegerRefusedOrRead } from "./helpers/lax-integers.ts";
import { expectNameTaken, expectOneOfTwoCreated, expectRenameOntoTakenRefused } from "./helpers/names.ts";
import { readAll, rowKey } from "./helpers/pages.ts";
import { callOp, profile } from "./helpers/profile.ts";
import { createTool, httpOperation, publishTool, sampleTool, toolName, trackTool } from "./helpers/tools.ts";

checksSideBySide("each check makes and reads back tools (and agents referring to them) of its own");

const FULL_OPERATION = {
  kind: "http",
  config: {
    url: "https://example.com/orders/{order_id}",
    body: { order: "{order_id}", lines: [1, 2] },
    headers: { "x-shop": "bakery" },
    query: { expand: "lines" },
    timeout: 7.5,
  },
  background_execution: false,
  on_error: "abort",
  publish_fields: [
    { path: "$.status", key: "order_status" },
    { path: "$.eta", key: "order_eta" },
  ],
  silent: true,
};

function richTool(name: string): Record<string, unknown> {
  return {
    name,
    description: "Finds an order and reports its status.",
    disable_interruptions: true,
    json_schema: { type: "object", properties: { order_id: { type: "string" } }, required: ["order_id"] },
    long_running_task: false,
    silent: false,
    operations: [FULL_OPERATION],
  };
}

async function readTool(id: string): Promise<ToolRecordRead> {
  const response = await callOp("tool.get", { tool_id: id });
  expectStatus(response, 200);
  return ToolRecordRead.parse(response.json);
}

function trackCreated(response: ApiResponse): void {
  const id = (response.json as { id?: unknown } | undefined)?.id;
  if (response.status < 300 && typeof id === "string") trackTool(id);
}

check("a second tool with a taken name is a 400 that says so", ["tools.names-unique"], async () => {
  const tool = await createTool();
  const response = await callOp("tool.create", {}, { body: sampleTool(tool.name) });
  trackCreated(response);
  expectNameTaken(response);
});

check("two concurrent tool creates with one name: exactly one succeeds", ["tools.names-unique"], async () => {
  const name = toolName("tool-race");
  const responses = await Promise.all([0, 1].map(() => callOp("tool.create", {}, { body: sampleTool(name) })));
  responses.forEach(trackCreated);
  expectOneOfTwoCreated(responses);
});

check(
  "renaming a tool (PATCH) to a name another tool holds is a 400, and both keep their names",
  ["tools.names-unique"],
  async () => {
    const [renamed, holder] = [await createTool(), await createTool()];
    await expectRenameOntoTakenRefused(
      "tool",
      renamed,
      holder,
      (id, name) => callOp("tool.patch", { tool_id: id }, { body: { name } }),
      async (id) => (await readTool(id)).name,
      toolName("tool-renamed"),
    );
  },
);

check("a tool written with every 2.10 field reads back the same", ["tools.inline-round-trip"], async () => {
  const body = richTool(toolName("round-trip"));
  const tool = await createTool(body);
  // Every field sent reads back as sent; a server may fill defaults of its own beside them (2.10 shows none).
  expect((await readTool(tool.id)).config, "the stored tool").toMatchObject(body);
});

check(
  "an operation with kind, config {url, body, headers, query, timeout}, background_execution, on_error, publish_fields and silent reads back the same",
  ["tools.operation-round-trip"],
  async () => {
    const tool = await createTool({ operations: [FULL_OPERATION, httpOperation()] });
    expect((await readTool(tool.id)).config.operations, "the stored operations").toMatchObject([
      FULL_OPERATION,
      httpOperation(),
    ]);
  },
);

check(
  "PATCH merges top-level fields: a field left out of the body keeps its value",
  ["tools.patch-top-level-merge"],
  async () => {
    const body = richTool(toolName("merge"));
    const tool = await createTool(body);
    const response = await callOp("tool.patch", { tool_id: tool.id }, { body: { description: "A new description." } });
    expectStatus(response, "2xx");
    expect((await readTool(tool.id)).config, "every field but description unchanged").toMatchObject({
      ...body,
      description: "A new description.",
    });
  },
);

const operationArb = fc.record(
  {
    kind: fc.constant("http"),
    config: fc.record(
      {
        url: fc.constantFrom("https://example.com/a", "https://example.com/b", "http://example.org/c"),
        headers: fc.dictionary(fc.constantFrom("x-a", "x-b"), fc.string({ maxLength: 5 }), { maxKeys: 2 }),
        query: fc.dictionary(fc.constantFrom("q", "r"), fc.string({ maxLength: 5 }), { maxKeys: 2 }),
        timeout: fc.integer({ min: 1, max: 30 }),
      },
      { requiredKeys: ["url"] },
    ),
    background_execution: fc.boolean(),
    on_error: fc.constant("abort"),
    publish_fields: fc.uniqueArray(
      fc.record({ path: fc.constantFrom("$.a", "$.b"), key: fc.constantFrom("k1", "k2") }),
      {
        maxLength: 2,
        selector: (f) => f.key,
      },
    ),
    silent: fc.boolean(),
  },
  { requiredKeys: ["kind", "config"] },
);

property(
  "PATCH with operations replaces the whole tree: it reads back as the same tree written to a fresh tool does",
  ["tools.patch-operations-replace"],
  [fc.array(operationArb, { minLength: 1, maxLength: 3 }), fc.array(operationArb, { minLength: 1, maxLength: 3 })],
  async (before, after) => {
    const tool = await createTool({ operations: before });
    const response = await callOp("tool.patch", { tool_id: tool.id }, { body: { operations: after } });
    expectStatus(response, "2xx");
    const patched = (await readTool(tool.id)).config.operations;
    expect(patched, "operations after the PATCH hold what was sent").toMatchObject(after);
    // Nothing of the old tree survives: the PATCHed tree is exactly what this server makes of `after` written
    // fresh (with the defaults it fills, which 2.10 does not show), field for field.
    const fresh = await createTool({ operations: after });
    expect(patched, "operations after the PATCH vs the same tree written to a new tool").toEqual(
      (await readTool(fresh.id)).config.operations,
    );
  },
  { numRuns: 10 },
);

for (const [label, operation] of [
  ["an http operation without a url", { kind: "http", config: { timeout: 5 } }],
  ["an http operation whose url is not a URL", { kind: "http", config: { url: "not a url" } }],
] as const) {
  check(
    `${label} is a broken tree: 400 at create and at PATCH, nothing stored`,
    ["tools.broken-operation-tree-400"],
    async () => {
      const created = await callOp(
        "tool.create",
        {},
        { body: { ...sampleTool(toolName("broken")), operations: [operation] } },
      );
      trackCreated(created);
      expectStatus(created, 400);
      const tool = await createTool();
      const patched = await callOp(
        "tool.patch",
        { tool_id: tool.id },
        { body: { operations: [httpOperation(), operation] } },
      );
      expectStatus(patched, 400);
      expect((await readTool(tool.id)).config.operations, "the tree after a refused PATCH").toEqual(
        tool.config.operations,
      );
    },
  );
}

/** A text agent with nothing missing (an llm, a prompt, a greeting), so a refused publish is its tool reference's doing. */
async function completeAgent(): Promise<Record<string, unknown>> {
  return {
    name: uniqueName("tool-ref"),
    channel: "text",
    llm: await firstPair("llm"),
    prompt: "You look up orders.",
    greeting: "Hello, how can I help?",
  };
}

/**
 * The same agent without the reference validates clean (storing the llm provider's key first on a wired target,
 * as a strict BYOK server needs): otherwise a refused publish proves nothing about the reference.
 */
async function expectControlPublishable(what: string): Promise<void> {
  const errors = async () => {
    const control = await agentWithReference(undefined);
    const { id } = expectBody(control, "2xx", RecordId, `${what}: the control agent without the reference`);
    const validated = await callOp("agent.validate", { agent_id: id });
    return (validated.json as { errors?: unknown[] } | undefined)?.errors ?? [];
  };
  if ((await errors()).length === 0) return;
  if (runConfig().target.wired) await ensureLlmKey();
  const left = await errors();
  if (left.length > 0)
    throw new TargetError(
      `${what}: an agent without the reference does not validate either (${JSON.stringify(left)}), so a refused publish cannot be told apart`,
    );
}

/** Every place an agent names a tool reference (2.9): the tools list and the three hooks. */
const REFERENCE_PLACES = ["tools", "on_enter", "on_exit", "on_user_turn_completed"] as const;
type ReferencePlace = (typeof REFERENCE_PLACES)[number];

/** A complete agent's create naming `reference` at `place` (tools[0] by default), or none; answers the response (a created agent is tracked). */
async function agentWithReference(
  reference: Record<string, unknown> | undefined,
  place: ReferencePlace = "tools",
): Promise<ApiResponse> {
  const named = reference === undefined ? {} : place === "tools" ? { tools: [reference] } : { [place]: reference };
  const response = await callOp("agent.create", {}, { body: { ...(await completeAgent()), ...named } });
  const id = (response.json as { id?: unknown } | undefined)?.id;
  if (response.status < 300 && typeof id === "string") {
    track(`agent ${id}`, async () => {
      assertDeleted(await callOp("agent.delete", { agent_id: id }));
    });
  }
  return response;
}

check(
  "a tool reference with both an inline tool and a tool_id, with neither, or with a tool_id and no tool_version is refused, in tools[] and in each hook",
  ["tools.reference-one-of"],
  async () => {
    const tool = await createTool();
    const version = await publishTool(tool.id);
    const refused = [
      { tool: sampleTool(toolName("inline")), tool_id: tool.id, tool_version: version },
      {},
      { tool_id: tool.id },
    ];
    for (const place of REFERENCE_PLACES) {
      for (const reference of refused) {
        const response = await agentWithReference(reference, place);
        expectStatus(response, [400, 422], `${JSON.stringify(Object.keys(reference))} at ${place}`);
      }
      const inline = await agentWithReference({ tool: sampleTool(toolName("inline")) }, place);
      expectStatus(inline, "2xx", `an inline tool alone at ${place}`);
      const stored = await agentWithReference({ tool_id: tool.id, tool_version: version }, place);
      expectStatus(stored, "2xx", `a tool_id with its published version at ${place}`);
    }
  },
);

check(
  "an inline tool whose operation tree is broken is refused in an agent too, in tools[] and in each hook (400 at write or at publish)",
  ["tools.broken-operation-tree-400"],
  async () => {
    for (const place of REFERENCE_PLACES) {
      const tool = {
        ...sampleTool(toolName("broken")),
        operations: [{ kind: "http", config: { url: "not a url" } }],
      };
      await expectRefusedAtWriteOrPublish({ tool }, `an inline tool with a broken tree at ${place}`, place);
    }
  },
);

check(
  "tool_version that is not an integer is a 422 naming it; a string or boolean spelling an integer may be read as it",
  ["tools.reference-version-integer"],
  async () => {
    const tool = await createTool();
    const version = await publishTool(tool.id);
    const withVersion = (tool_version: unknown) => agentWithReference({ tool_id: tool.id, tool_version });
    // 2.10: "a tool_id with an integer tool_version"; a fraction is no integer under any reading.
    for (const bad of [version + 0.5, `${version}.5`, `${version}`, true]) {
      await expectIntegerRefusedOrRead(await withVersion(bad), "tools.0.tool_version", bad, withVersion);
    }
  },
);

/** Refused at write (400), or accepted at write and then refused by publish (400): publish runs the same validation (4). */
async function expectRefusedAtWriteOrPublish(
  reference: Record<string, unknown>,
  what: string,
  place: ReferencePlace = "tools",
): Promise<void> {
  const response = await agentWithReference(reference, place);
  if (response.status < 300) {
    const { id } = expectBody(response, "2xx", RecordId, `${what}: accepted at write`);
    await expectControlPublishable(what);
    const published = await callOp("agent.publish", { agent_id: id });
    expectStatus(published, 400, `${what}: accepted at write, so publish must refuse`);
    return;
  }
  // 7 lists "tool not published" among the 400s; the message's words are not fixed.
  expectStatus(response, 400, what);
}

check(
  "an agent naming a tool version that was never published is refused with a 400 (tool not published)",
  ["tools.reference-unpublished-400"],
  async () => {
    const tool = await createTool();
    await expectRefusedAtWriteOrPublish({ tool_id: tool.id, tool_version: 1 }, "a never-published tool");
    const version = await publishTool(tool.id);
    await expectRefusedAtWriteOrPublish({ tool_id: tool.id, tool_version: version + 1 }, "a version not yet published");
    await expectRefusedAtWriteOrPublish({ tool_id: randomUUID(), tool_version: 1 }, "a tool that does not exist");
    for (const place of REFERENCE_PLACES.filter((p) => p !== "tools"))
      await expectRefusedAtWriteOrPublish(
        { tool_id: tool.id, tool_version: version + 1 },
        `a version not yet published at ${place}`,
        place,
      );
  },
);

check("deleting a tool returns {ok: true} and the tool is then a 404", ["tools.delete-ok"], async () => {
  const tool = await createTool();
  const deleted = await callOp("tool.delete", { tool_id: tool.id });
  expectOkResult(deleted);
  const after = await callOp("tool.get", { tool_id: tool.id });
  expectStatus(after, 404);
});

check("tools list newest first by last edit: a PATCH moves a tool to the front", ["paging.newest-first"], async () => {
  const older = await createTool();
  const newer = await createTool();
  const order = async () => (await readAll(profile().operations["tool.list"]!.path, 200)).map(rowKey);
  const before = await order();
  expect(before.indexOf(newer.id), `${newer.name} was created after ${older.name}`).toBeLessThan(
    before.indexOf(older.id),
  );
  const patched = await callOp("tool.patch", { tool_id: older.id }, { body: { description: "edited" } });
  expectStatus(patched, "2xx");
  const after = await order();
  expect(after.indexOf(older.id), `${older.name} was edited last`).toBeLessThan(after.indexOf(newer.id));
});
