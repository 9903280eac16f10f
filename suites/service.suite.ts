// Service-wide rules (1, 4, 7): every path under /v1, the general PATCH rule (omitted kept, null clears;
// checked on the profile's task, phone-number and webhook PATCHes), no idempotency key, and the two
// unpaged lists.

import { expect } from "vitest";
import { type ApiResponse, call, explain } from "../runner/client/http-client.ts";
import { assertDeleted, track, uniqueName } from "../runner/client/resources.ts";
import { check } from "../runner/framework/check.ts";
import { expectStatus } from "../runner/framework/response.ts";
import { checksSideBySide } from "../runner/framework/side-by-side.ts";
import { createAgent, minimalAgent } from "./helpers/agents.ts";
import { expectNameTaken } from "./helpers/names.ts";
import { callOp, opPath } from "./helpers/profile.ts";
import { createTask } from "./helpers/tasks.ts";
import { importFreshNumber } from "./helpers/telephony.ts";
import { seed, testControl } from "./helpers/test-control.ts";
import { createWebhook, publicUrl } from "./helpers/webhooks.ts";

checksSideBySide("each check makes and reads back resources of its own");

check(
  "every path is under /v1: the same paths without the prefix (or under /v2) are a 404; /health is the exception",
  ["service.v1-prefix"],
  async () => {
    const agent = await createAgent();
    for (const path of ["/agents", `/agents/${agent.id}`, "/catalog", "/tools", "/tasks", "/webhooks", "/v2/agents"]) {
      const response = await call(path);
      expectStatus(response, 404);
    }
    const withPrefix = await callOp("agent.get", { agent_id: agent.id });
    expectStatus(withPrefix, 200);
    const health = await call("/health", { as: "none" });
    expectStatus(health, 200);
  },
);

/**
 * The two text fields of a task the merge PATCH writes (2.13: task fields are not shown), by the reference's
 * names: callOp writes and reads them where the profile's task_text_fields say.
 */
const taskFields = () => ["description", "instructions"] as const;

check(
  "a general PATCH leaves a field omitted from the body as it is",
  ["service.patch-merge-omitted-kept"],
  async () => {
    const [kept, sent] = taskFields();
    const task = await createTask({ [kept]: "weekly report", [sent]: "summarise the week" });
    const response = await callOp("task.update", { task_id: task.id }, { body: { [sent]: "summarise the month" } });
    expectStatus(response, "2xx");
    const after = (await callOp("task.get", { task_id: task.id })).json as Record<string, unknown>;
    expect(after[kept], "the omitted field").toBe("weekly report");
    expect(after[sent], "the sent field").toBe("summarise the month");
  },
);

check("a general PATCH clears a field sent as explicit null", ["service.patch-null-clears"], async () => {
  const [cleared, kept] = taskFields();
  const task = await createTask({ [cleared]: "weekly report", [kept]: "summarise the week" });
  const response = await callOp("task.update", { task_id: task.id }, { body: { [cleared]: null } });
  expectStatus(response, "2xx");
  const after = (await callOp("task.get", { task_id: task.id })).json as Record<string, unknown>;
  // Cleared: null or gone (a record may leave out what has no value); an emptied string says the same.
  expect(clearedString(after[cleared]), `the field sent as null reads back ${JSON.stringify(after[cleared])}`).toBe(
    true,
  );
  expect(after[kept], "the omitted field").toBe("summarise the week");
});

/** A field is cleared when it reads back null or absent; a string one may read back empty instead. */
const clearedString = (value: unknown) => value === null || value === undefined || value === "";

check(
  "a phone number PATCH clears label and inbound_agent_id sent as explicit null, each leaving the other as it is",
  ["service.patch-null-clears"],
  async () => {
    const agent = await createAgent();
    const number = await importFreshNumber({ inbound_agent_id: agent.id });
    const params = { phone_number_id: number.id };
    const labelled = await callOp("phone.update", params, { body: { label: "front desk" } });
    expectStatus(labelled, "2xx");

    const unlabelled = await callOp("phone.update", params, { body: { label: null } });
    expectStatus(unlabelled, "2xx");
    const read = async () => (await callOp("phone.get", params)).json as Record<string, unknown>;
    let after = await read();
    expect(clearedString(after.label), `label sent as null reads back ${JSON.stringify(after.label)}`).toBe(true);
    expect(after.inbound_agent_id, "the omitted inbound_agent_id").toBe(agent.id);

    const unrouted = await callOp("phone.update", params, { body: { inbound_agent_id: null } });
    expectStatus(unrouted, "2xx");
    after = await read();
    expect(after.inbound_agent_id ?? null, "inbound_agent_id sent as null").toBeNull();
    expect(clearedString(after.label), `the omitted label stays cleared, not ${JSON.stringify(after.label)}`).toBe(
      true,
    );
  },
  { needs: ["wiring"] },
);

check(
  "a webhook PATCH clears subscribed_events sent as explicit null (back to every type), leaving the rest as it is",
  ["service.patch-null-clears"],
  async () => {
    const webhook = await createWebhook({ subscribed_events: ["session.started", "session.completed"] });
    const response = await callOp("webhook.update", { webhook_id: webhook.id }, { body: { subscribed_events: null } });
    expectStatus(response, "2xx");
    const after = (await callOp("webhook.get", { webhook_id: webhook.id })).json as Record<string, unknown>;
    expect(after.subscribed_events ?? [], "subscribed_events sent as null (2.6: empty means every type)").toEqual([]);
    expect(after.url, "the omitted url").toBe(webhook.url);
    expect(after.status, "the omitted status").toBe(webhook.status);
  },
);

check(
  "a webhook PATCH of subscribed_events, url or status alone changes that field and leaves the other two as they are",
  ["service.patch-merge-omitted-kept"],
  async () => {
    const webhook = await createWebhook({ subscribed_events: ["webhook.test", "session.completed"] });
    // Compared as sets: 2.6 gives the list no order.
    const shape = (fields: Record<string, unknown>) => ({
      url: fields.url,
      subscribed_events: Array.isArray(fields.subscribed_events)
        ? [...fields.subscribed_events].sort()
        : fields.subscribed_events,
      status: fields.status,
    });
    const expected: Record<string, unknown> = { ...webhook };
    // Subscribed to test events only before it is activated, so no live event is ever sent to the made-up URL.
    const changes: Record<string, unknown>[] = [
      { subscribed_events: ["webhook.test"] },
      { url: publicUrl("moved") },
      { status: webhook.status === "active" ? "disabled" : "active" },
    ];
    for (const change of changes) {
      const response = await callOp("webhook.update", { webhook_id: webhook.id }, { body: change });
      expectStatus(response, "2xx", `PATCH ${JSON.stringify(change)}`);
      Object.assign(expected, change);
      const after = (await callOp("webhook.get", { webhook_id: webhook.id })).json as Record<string, unknown>;
      expect(shape(after), `the webhook read back after PATCH ${JSON.stringify(change)}`).toEqual(shape(expected));
    }
  },
);

function trackAgent(response: ApiResponse): void {
  const id = (response.json as { id?: unknown } | undefined)?.id;
  if (response.status < 300 && typeof id === "string") {
    track(`agent ${id}`, async () => {
      assertDeleted(await callOp("agent.delete", { agent_id: id }));
    });
  }
}

check(
  "an Idempotency-Key header changes nothing: a retried POST is a second request",
  ["service.no-idempotency-key"],
  async () => {
    const headers = { "idempotency-key": uniqueName("idem") };
    const [a, b] = [uniqueName("idem-a"), uniqueName("idem-b")];
    const first = await callOp("agent.create", {}, { body: minimalAgent(a), headers });
    trackAgent(first);
    const second = await callOp("agent.create", {}, { body: minimalAgent(b), headers });
    trackAgent(second);
    expectStatus(first, "2xx");
    expectStatus(second, "2xx", "same key, another body");
    expect((second.json as { id: string }).id, "a second resource").not.toBe((first.json as { id: string }).id);
    const retried = await callOp("agent.create", {}, { body: minimalAgent(a), headers });
    trackAgent(retried);
    expectNameTaken(retried, "the same POST retried with its key (the duplicate name shows the first create worked)");
  },
);

/** The rows of an unpaged list, failing on a page envelope. */
function wholeList(response: ApiResponse): Array<Record<string, unknown>> {
  expectStatus(response, 200);
  const body = response.json as unknown;
  if (Array.isArray(body)) return body;
  for (const key of ["has_more", "limit", "offset"]) {
    expect(Object.hasOwn((body ?? {}) as object, key), `no page envelope (${key}) in ${explain(response)}`).toBe(false);
  }
  const items = (body as { items?: unknown }).items;
  expect(Array.isArray(items), `a list in ${explain(response)}`).toBe(true);
  return items as Array<Record<string, unknown>>;
}

for (const [operation, clause, seedPath, row] of [
  [
    "email-sender.list",
    "service.email-senders-unpaged",
    "/email-senders",
    (i: number) => ({ email: `sender${i}@example.com`, name: `Sender ${i}` }),
  ],
  [
    "observability.list",
    "service.observability-unpaged",
    "/observability",
    (i: number) => ({ kind: "otlp", name: `sink ${i}` }),
  ],
] as const) {
  check(`GET ${opPath(operation)} answers 200 with the whole list, no page envelope`, [clause], async () => {
    wholeList(await callOp(operation));
  });

  check(
    `GET ${opPath(operation)} answers every row, whatever paging query is sent`,
    [clause],
    async () => {
      const seeded: string[] = [];
      for (let i = 0; i < 3; i++) {
        const made = await seed<{ id: string }>(seedPath, row(i));
        track(`${seedPath} ${made.id}`, async () => {
          await testControl("DELETE", `${seedPath}/${made.id}`);
        });
        seeded.push(made.id);
      }
      const ids = wholeList(await callOp(operation, {}, { query: { limit: 1, offset: 1 } })).map((r) => r.id);
      for (const id of seeded) expect(ids, `seeded row ${id}`).toContain(id);
    },
    { needs: ["test-control"] },
  );
}
