// Integrations (2.3, 4): the triggers page and the unpaged mcp-tools list of an integration seeded through
// test control, the 404 for an integration not in the workspace, and which agent version a trigger runs.
import { randomUUID } from "node:crypto";
import { expect } from "vitest";
import { call, explain } from "../runner/client/http-client.ts";
import { check } from "../runner/framework/check.ts";
import { expectBody, expectStatus } from "../runner/framework/response.ts";
import { AnyPage } from "../spec/common.ts";
import { TRIGGER_TYPE, Trigger } from "../spec/integration.ts";
import { WithItems } from "./helpers/body-shapes.ts";
import { listedPairs, type Pair } from "./helpers/catalog.ts";
import { channelFor, inbound, publishedTextAgent } from "./helpers/channels.ts";
import { waitForReply } from "./helpers/conversations.ts";
import { seedIntegration, seedTrigger } from "./helpers/integrations.ts";
import { ceilingOf } from "./helpers/pages.ts";
import { callOp, opPath } from "./helpers/profile.ts";
import { chatRequestsFor, providerRequests, READS_PROVIDER_LOG } from "./helpers/provider.ts";
import { newHook } from "./helpers/webhook-sink.ts";

const triggersPath = (id: string) => opPath("trigger.list", { integration_id: id });

check(
  "the triggers list is a page (limit 1..200; 201 is a 422) holding the integration's triggers",
  ["integrations.triggers-paged"],
  async () => {
    const id = await seedIntegration();
    const seeded = [await seedTrigger(id), await seedTrigger(id), await seedTrigger(id)];
    const first = await call(triggersPath(id), { query: { limit: 2 } });
    // 2.1: the four fields always present, no total and no cursor (other keys are not excluded).
    expectBody(first, 200, AnyPage);
    const page = first.json as { items: Array<{ id: string }>; has_more: boolean; limit: number; offset: number };
    expect(page.items, explain(first)).toHaveLength(2);
    expect(page.has_more, "three triggers, a page of two").toBe(true);
    const rest = (await call(triggersPath(id), { query: { limit: 2, offset: 2 } })).json as typeof page;
    expect(rest.has_more, "the last page").toBe(false);
    expect([...page.items, ...rest.items].map((t) => t.id).sort(), "every seeded trigger, once").toEqual(
      seeded.map((t) => t.id).sort(),
    );
    const tooBig = await call(triggersPath(id), { query: { limit: ceilingOf("trigger.list") + 1 } });
    expectStatus(tooBig, 422);
  },
  { needs: ["test-control"] },
);

check(
  "a trigger has the 2.3 fields, and trigger_type is <messaging_provider>.message.inbound",
  ["integrations.trigger-shape", "integrations.trigger-type-format"],
  async () => {
    const id = await seedIntegration();
    const agentId = randomUUID();
    await seedTrigger(id, { agent_id: agentId, metadata: { channel: "support" } });
    const response = await call(triggersPath(id));
    const { items } = expectBody(response, 200, WithItems);
    expect(items, explain(response)).toHaveLength(1);
    const parsed = Trigger.safeParse(items[0]);
    expect(parsed.success, parsed.error?.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ")).toBe(true);
    expect(parsed.data!.integration_id).toBe(id);
    expect(parsed.data!.agent_id).toBe(agentId);
    expect(parsed.data!.trigger_type, "trigger_type").toMatch(TRIGGER_TYPE);
  },
  { needs: ["test-control"] },
);

check(
  "GET /v1/integrations/{id}/mcp-tools answers the whole list unpaged, whatever paging query is sent",
  ["integrations.mcp-tools-unpaged"],
  async () => {
    const names = ["lookup_order", "cancel_order", "refund", "track_parcel", "open_ticket"];
    const id = await seedIntegration(names.map((name) => ({ name, description: `${name} tool` })));
    const response = await callOp("mcp-tool.list", { integration_id: id }, { query: { limit: 1 } });
    expectStatus(response, 200);
    const body = response.json as unknown;
    const rows = Array.isArray(body) ? body : (body as { items?: unknown }).items;
    expect(Array.isArray(rows), `a list in ${explain(response)}`).toBe(true);
    if (!Array.isArray(body)) {
      for (const key of ["has_more", "limit", "offset"]) {
        expect(Object.hasOwn(body as object, key), `no page envelope (${key}) in ${explain(response)}`).toBe(false);
      }
    }
    expect((rows as Array<{ name?: unknown }>).map((row) => row.name).sort(), "every tool").toEqual([...names].sort());
  },
  { needs: ["test-control"] },
);

check(
  "triggers and mcp-tools of an integration not in the workspace are a 404",
  ["integrations.unknown-404"],
  async () => {
    const id = randomUUID();
    for (const path of [triggersPath(id), opPath("mcp-tool.list", { integration_id: id })]) {
      const response = await call(path);
      expectStatus(response, 404);
    }
  },
);

check(
  "an inbound channel message is answered by the trigger agent's published version, not the draft written since",
  ["integrations.trigger-runs-published"],
  async () => {
    const [live, draft] = await twoModelsOfOneProvider();
    const agent = await publishedTextAgent(live);
    const draftBody = { name: agent.name, channel: "text", prompt: "Answer briefly.", greeting: "Hi", llm: draft };
    const patched = await callOp("agent.patch", { agent_id: agent.id }, { body: draftBody });
    expectStatus(patched, "2xx");
    const channel = await channelFor(agent.id, (await newHook("channel")).url);
    const before = (await providerRequests()).length;
    const fed = await inbound(channel, "Where is my order?");
    await waitForReply(fed.conversationId, fed.itemId);
    const models = (await chatRequestsFor({ conversation: fed.conversationId }, before)).rows.map((row) => row.model);
    expect(models.length, "the reply called the model provider").toBeGreaterThan(0);
    expect(models, `answered by the published ${live.model}, not the draft's ${draft.model}`).toEqual(
      models.map(() => live.model),
    );
  },
  { needs: ["test-control", "wiring"], exclusive: READS_PROVIDER_LOG },
);

/** Two llm models of the catalog's first llm provider: one for the published version, one for the draft. */
async function twoModelsOfOneProvider(): Promise<[Pair, Pair]> {
  const pairs = await listedPairs("llm");
  const models = pairs.filter((pair) => pair.provider === pairs[0]?.provider);
  expect(models.length, `two llm models of ${pairs[0]?.provider} in the catalog`).toBeGreaterThanOrEqual(2);
  return [models[0]!, models[1]!];
}
