// Regions (1, 5, 9): one token works in every region, nothing a workspace owns is shared between regions,
// no region field anywhere, and the control host's paths are a 404 on a regional host. Needs two regions.

import { expect } from "vitest";
import { type ApiResponse, call, explain } from "../runner/client/http-client.ts";
import { assertDeleted, track, uniqueName } from "../runner/client/resources.ts";
import { runConfig } from "../runner/client/run-config.ts";
import { check } from "../runner/framework/check.ts";
import { expectBody, expectStatus } from "../runner/framework/response.ts";
import { checksSideBySide } from "../runner/framework/side-by-side.ts";
import { CONTROL_HOST_PATHS } from "../spec/operations.ts";
import { createAgent } from "./helpers/agents.ts";
import { RecordId } from "./helpers/body-shapes.ts";
import { placeCall } from "./helpers/calls.ts";
import { rowKey } from "./helpers/pages.ts";
import { callOp } from "./helpers/profile.ts";
import { createTask } from "./helpers/tasks.ts";
import { importFreshNumber } from "./helpers/telephony.ts";
import { createTool } from "./helpers/tools.ts";

checksSideBySide("each check reads or makes resources of its own in one region and looks for them in the other");

const TWO = { needs: ["two-regions" as const] };
const regions = () => runConfig().target.regions.map((_, i) => i);
const others = () => regions().slice(1);

check(
  "one token works in every region, for every role",
  ["regions.token-every-region"],
  async () => {
    for (const region of regions()) {
      for (const as of ["admin", "editor", "viewer"] as const) {
        // A read 5 item 6 opens to every role: the secret list.
        const response = await callOp("secret.list", {}, { region, as });
        expectStatus(response, 200, `region #${region + 1} as ${as}`);
      }
    }
  },
  TWO,
);

check(
  "an agent created in one region is a 404 in every other region and absent from its list",
  ["regions.agent-not-in-other-region"],
  async () => {
    const agent = await createAgent();
    for (const region of others()) {
      const response = await callOp("agent.get", { agent_id: agent.id }, { region });
      expectStatus(response, 404, `region #${region + 1}`);
      const listed = await callOp("agent.list", {}, { region, query: { limit: 200 } });
      const ids = ((listed.json as { items?: unknown[] }).items ?? []).map(rowKey);
      expect(ids, `region #${region + 1}'s agent list`).not.toContain(agent.id);
    }
    const home = await callOp("agent.get", { agent_id: agent.id });
    expectStatus(home, 200, "its own region");
  },
  TWO,
);

check(
  "a tool created in one region does not exist in another",
  ["regions.tools-not-shared"],
  async () => {
    const tool = await createTool();
    for (const region of others()) {
      const response = await callOp("tool.get", { tool_id: tool.id }, { region });
      expectStatus(response, 404, `region #${region + 1}`);
    }
  },
  TWO,
);

check(
  "a task and a knowledge base created in one region do not exist in another",
  ["regions.other-resources-not-shared"],
  async () => {
    const task = await createTask();
    const kb = await callOp("kb.create", {}, { body: { name: uniqueName("kb"), urls: [] } });
    const kbId = expectBody(kb, "2xx", RecordId).id;
    track(`knowledge base ${kbId}`, async () => {
      assertDeleted(await callOp("kb.delete", { kb_id: kbId }, {}));
    });
    for (const region of others()) {
      const taskThere = await callOp("task.get", { task_id: task.id }, { region });
      expectStatus(taskThere, 404, `task in region #${region + 1}`);
      const kbThere = await callOp("kb.get", { kb_id: kbId }, { region });
      expectStatus(kbThere, 404, `knowledge base in region #${region + 1}`);
    }
  },
  TWO,
);

/** Paths of every key named `region` in a JSON value. */
function regionKeys(value: unknown, at = "$"): string[] {
  if (Array.isArray(value)) return value.flatMap((item, i) => regionKeys(item, `${at}[${i}]`));
  if (typeof value !== "object" || value === null) return [];
  return Object.entries(value).flatMap(([key, child]) => [
    ...(key.toLowerCase() === "region" ? [`${at}.${key}`] : []),
    ...regionKeys(child, `${at}.${key}`),
  ]);
}

check("no response carries a region field (the base URL is the region)", ["regions.no-region-field"], async () => {
  const agent = await createAgent();
  const tool = await createTool();
  const task = await createTask();
  const seen: ApiResponse[] = [];
  for (const region of regions()) {
    seen.push(await call("/health", { region, as: "none" }));
    seen.push(await callOp("catalog.get", {}, { region }));
    seen.push(await callOp("catalog.voices", {}, { region, query: { limit: 3 } }));
    seen.push(await callOp("agent.list", {}, { region, query: { limit: 5 } }));
    seen.push(await callOp("tool.list", {}, { region, query: { limit: 5 } }));
    seen.push(await callOp("task.list", {}, { region, query: { limit: 5 } }));
    seen.push(await callOp("secret.list", {}, { region }));
    seen.push(await callOp("byok.list", {}, { region }));
    seen.push(await callOp("email-sender.list", {}, { region }));
    seen.push(await callOp("observability.list", {}, { region }));
  }
  seen.push(await callOp("agent.get", { agent_id: agent.id }));
  seen.push(await callOp("tool.get", { tool_id: tool.id }));
  seen.push(await callOp("task.get", { task_id: task.id }));
  seen.push(await callOp("agent.validate", { agent_id: agent.id }));
  for (const response of seen) {
    expect(regionKeys(response.json), `region fields in ${explain(response)}`).toEqual([]);
  }
});

check(
  "sign-in, workspace, member, role, token and payment paths are a 404 on every regional host",
  ["regions.control-host-paths-404"],
  async () => {
    for (const region of regions()) {
      for (const [method, path] of CONTROL_HOST_PATHS) {
        const response = await call(path, { method, region, ...(method === "POST" ? { body: {} } : {}) });
        expectStatus(response, 404, `region #${region + 1}`);
      }
    }
  },
);

check(
  "a call placed in one region is neither readable nor listed in another",
  ["regions.calls-not-shared"],
  async () => {
    const session = await placeCall();
    const home = await callOp("call.get", { session_id: session.session_id });
    expectStatus(home, 200, "its own region");
    for (const region of others()) {
      const response = await callOp("call.get", { session_id: session.session_id }, { region });
      expectStatus(response, 404, `region #${region + 1}`);
      const listed = await callOp("call.list", {}, { region, query: { limit: 200 } });
      expectStatus(listed, 200);
      const ids = ((listed.json as { items?: Array<{ session_id?: unknown }> }).items ?? []).map(
        (row) => row.session_id,
      );
      expect(ids, `region #${region + 1}'s call list`).not.toContain(session.session_id);
    }
  },
  { needs: ["two-regions", "wiring"] },
);

check(
  "a phone number imported in one region is not listed in another",
  ["regions.phone-numbers-not-shared"],
  async () => {
    const number = await importFreshNumber();
    const home = await callOp("phone.get", { phone_number_id: number.id });
    expectStatus(home, 200, "its own region");
    for (const region of others()) {
      const listed = await callOp("phone.list", {}, { region, query: { limit: 200 } });
      expectStatus(listed, 200);
      const ids = ((listed.json as { items?: unknown[] }).items ?? []).map(rowKey);
      expect(ids, `region #${region + 1}'s phone numbers`).not.toContain(number.id);
      const read = await callOp("phone.get", { phone_number_id: number.id }, { region });
      expectStatus(read, 404, `region #${region + 1}`);
    }
  },
  { needs: ["two-regions", "wiring"] },
);
