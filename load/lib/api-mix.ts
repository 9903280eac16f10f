// The api-mix workload, shared by the api-mix and soak scenarios: agents and tools in the
// proportions a dashboard produces (mostly paged lists and reads, some whole-config edits and
// validations, a few complete lifecycles: create, read, edit, validate, publish, delete).
// Paging uses random offsets. Everything created is named with the run prefix and deleted.
import { check } from "k6";
import { call, expectStatus, json, type Response } from "./api.ts";
import { path } from "./operations.ts";
import {
  agentBody,
  catalogModels,
  createAgent,
  createTool,
  deleteAgent,
  deleteTool,
  type Models,
  sweep,
} from "./resources.ts";
import { pick, suffix, weighted } from "./run.ts";

const POOL_SIZE = 5;

export interface ApiMixData {
  prefix: string;
  models: Models;
  agents: Array<{ id: string; name: string }>;
  tools: string[];
}

/** Creates the pool of agents and tools the reads and edits work on. */
export function setupApiMix(prefix: string): ApiMixData {
  const models = catalogModels();
  const agents: ApiMixData["agents"] = [];
  const tools: string[] = [];
  for (let i = 0; i < POOL_SIZE; i++) {
    const name = `${prefix}pool-agent-${i}`;
    const res = call("POST", path("agent.create"), "agent.create", agentBody(name, models));
    expectStatus(res, "agent.create", 200, 201);
    const id = json(res)?.id;
    if (typeof id === "string") agents.push({ id, name });
    const toolId = createTool(`${prefix}pool-`);
    if (toolId) tools.push(toolId);
  }
  if (agents.length === 0 || tools.length === 0) {
    throw new Error("setup could not create the agent and tool pool: is the target's agents/tools API up?");
  }
  return { prefix, models, agents, tools };
}

/** Weights per iteration: reads dominate, writes are rarer, full lifecycles rarer still. */
const MIX = {
  agentList: 25,
  agentGet: 20,
  toolList: 10,
  toolGet: 10,
  agentUpdate: 8,
  agentValidate: 7,
  toolUpdate: 5,
  toolValidate: 3,
  agentLifecycle: 7,
  toolLifecycle: 5,
};

const ACTIONS: Record<keyof typeof MIX, (data: ApiMixData) => void> = {
  agentList: (data) => listPage("agent", data.agents.length),
  toolList: (data) => listPage("tool", data.tools.length),
  agentGet: (data) => {
    const res = call("GET", path("agent.get", { agent_id: pick(data.agents).id }), "agent.get");
    expectStatus(res, "agent.get", 200);
  },
  toolGet: (data) => {
    const res = call("GET", path("tool.get", { tool_id: pick(data.tools) }), "tool.get");
    expectStatus(res, "tool.get", 200);
  },
  agentUpdate: (data) => {
    const agent = pick(data.agents);
    const body = agentBody(agent.name, data.models, Math.floor(Math.random() * 1000));
    const res = call("PATCH", path("agent.patch", { agent_id: agent.id }), "agent.update", body);
    expectStatus(res, "agent.update", 200);
  },
  agentValidate: (data) => validate("agent", pick(data.agents).id),
  toolUpdate: (data) => {
    const body = { description: `Looks up an order (edit ${suffix()}).` };
    const res = call("PATCH", path("tool.patch", { tool_id: pick(data.tools) }), "tool.update", body);
    expectStatus(res, "tool.update", 200);
  },
  toolValidate: (data) => validate("tool", pick(data.tools)),
  agentLifecycle: (data) => {
    const id = createAgent(data.prefix, data.models);
    if (!id) return;
    const got = call("GET", path("agent.get", { agent_id: id }), "agent.get");
    expectStatus(got, "agent.get", 200);
    const name = String(json(got)?.name ?? `${data.prefix}agent-${suffix()}`);
    const patched = call(
      "PATCH",
      path("agent.patch", { agent_id: id }),
      "agent.update",
      agentBody(name, data.models, 1),
    );
    expectStatus(patched, "agent.update", 200);
    validate("agent", id);
    const published = call("POST", path("agent.publish", { agent_id: id }), "agent.publish");
    expectStatus(published, "agent.publish", 200);
    deleteAgent(id);
  },
  toolLifecycle: (data) => {
    const id = createTool(data.prefix);
    if (!id) return;
    validate("tool", id);
    const published = call("POST", path("tool.publish", { tool_id: id }), "tool.publish");
    expectStatus(published, "tool.publish", 200);
    deleteTool(id);
  },
};

/** One iteration: an action drawn by weight. */
export function apiMixIteration(data: ApiMixData): void {
  ACTIONS[weighted(MIX)](data);
}

/** Deletes the pool and anything else named with the run prefix. */
export function teardownApiMix(data: ApiMixData): void {
  for (const agent of data.agents) deleteAgent(agent.id);
  for (const id of data.tools) deleteTool(id);
  const leftovers = sweep(data.prefix);
  if (leftovers > 0) console.warn(`teardown deleted ${leftovers} resource(s) interrupted iterations left behind`);
}

function listPage(kind: "agent" | "tool", known: number): void {
  const limit = pick([10, 20, 50, 200]);
  // Offsets beyond the rows that exist must answer an empty page, not an error (2.1).
  const offset = Math.floor(Math.random() * (known + 20));
  const op = `${kind}.list` as const;
  const res = call("GET", path(op), op, undefined, { query: { limit, offset } });
  expectStatus(res, op, 200);
  checkPage(res, op, limit, offset);
}

function checkPage(res: Response, op: string, limit: number, offset: number): void {
  const page = json<{ items?: unknown[]; has_more?: unknown; limit?: unknown; offset?: unknown }>(res);
  check(page, {
    [`${op}: page envelope`]: (p) =>
      p !== undefined &&
      Array.isArray(p.items) &&
      p.items.length <= limit &&
      typeof p.has_more === "boolean" &&
      p.limit === limit &&
      p.offset === offset,
  });
}

function validate(kind: "agent" | "tool", id: string): void {
  const op = `${kind}.validate` as const;
  const res = call("POST", path(op, { [`${kind}_id`]: id }), op);
  expectStatus(res, op, 200);
  const body = json(res);
  check(body, { [`${op}: errors and warnings arrays`]: (b) => Array.isArray(b?.errors) && Array.isArray(b?.warnings) });
}
