// Agents (2.9, 4): unique names, whole-replace PATCH, delete, round trip.
import { expect } from "vitest";
import { richAgentConfig } from "../fixtures/agent-configs.ts";
import { AgentRecord } from "../spec/agent.ts";
import { createAgent } from "./harness/agents.ts";
import { check } from "./harness/check.ts";
import { describe } from "./harness/http.ts";
import { callOp } from "./harness/profile.ts";
import { track, uniqueName } from "./harness/resources.ts";

check("a second agent with a taken name is a 400 that says so", ["agents.names-unique"], async () => {
  const agent = await createAgent();
  const response = await callOp("agent.create", {}, { body: { name: agent.name } });
  expect(response.status, describe(response)).toBe(400);
  expect((response.json as { detail: { message: string } }).detail.message, describe(response)).toMatch(
    /already exists/i,
  );
});

check("two concurrent creates with one name: exactly one succeeds", ["agents.names-unique"], async () => {
  const name = uniqueName("race");
  const responses = await Promise.all([0, 1].map(() => callOp("agent.create", {}, { body: { name } })));
  for (const response of responses) {
    if (response.status < 300) {
      const id = (response.json as { id: string }).id;
      track(`agent ${id}`, async () => {
        await callOp("agent.delete", { agent_id: id });
      });
    }
  }
  const statuses = responses.map((r) => r.status).sort();
  expect(
    statuses.filter((s) => s >= 200 && s < 300),
    `statuses ${statuses.join(", ")}`,
  ).toHaveLength(1);
  expect(
    statuses.filter((s) => s === 400),
    `statuses ${statuses.join(", ")}`,
  ).toHaveLength(1);
});

check("an agent written with 2.9 fields reads back with the same values", ["agents.config-round-trip"], async () => {
  const config = richAgentConfig(uniqueName("round-trip"));
  const agent = await createAgent(config);
  const response = await callOp("agent.get", { agent_id: agent.id });
  expect(response.status, describe(response)).toBe(200);
  expect(AgentRecord.parse(response.json).config, describe(response)).toMatchObject(config);
});

check(
  "PATCH writes the agent whole: every omitted field reverts to the default a minimal create gets",
  ["agents.patch-replaces"],
  async () => {
    const minimal = await createAgent();
    const { name: _ignored, ...defaults } = minimal.config;
    const rich = richAgentConfig(uniqueName("replace"));
    const agent = await createAgent(rich);
    const patch = await callOp("agent.patch", { agent_id: agent.id }, { body: { name: agent.name } });
    expect(patch.status, describe(patch)).toBe(200);
    const after = AgentRecord.parse((await callOp("agent.get", { agent_id: agent.id })).json).config;
    for (const field of Object.keys(rich).filter((k) => k !== "name")) {
      expect((after as Record<string, unknown>)[field], `field ${field} after a PATCH that omitted it`).toEqual(
        (defaults as Record<string, unknown>)[field],
      );
    }
  },
);

check("deleting an agent returns {ok: true} and the agent is then a 404", ["agents.delete-ok"], async () => {
  const agent = await createAgent();
  const deleted = await callOp("agent.delete", { agent_id: agent.id });
  expect(deleted.status, describe(deleted)).toBe(200);
  expect(deleted.json, describe(deleted)).toEqual({ ok: true });
  const after = await callOp("agent.get", { agent_id: agent.id });
  expect(after.status, describe(after)).toBe(404);
});
