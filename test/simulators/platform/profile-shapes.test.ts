// The reference platform served with the stranger's profile answers in its shapes and words at the HTTP
// boundary: requests are read from where the profile puts each field, answers written there, a word the profile
// does not list is refused, and a 422 line names a field where the request put it.
import { randomUUID } from "node:crypto";
import { join } from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { type Stack, startStack } from "../../../simulators/stack.ts";
import { ROOT } from "../../helpers/cli.ts";

const STRANGER = join(ROOT, "examples/profiles/stranger.json");
let stack: Stack;

beforeAll(async () => {
  stack = await startStack({ minuteMs: 60_000, profile: STRANGER });
});
afterAll(() => stack.close());

type Json = Record<string, unknown>;

async function api(method: string, path: string, body?: unknown) {
  const response = await fetch(stack.target.regions[0]!.base_url + path, {
    method,
    headers: {
      authorization: `Bearer ${stack.target.credentials.admin}`,
      ...(body === undefined ? {} : { "content-type": "application/json" }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
    signal: AbortSignal.timeout(5_000),
  });
  return { status: response.status, json: (await response.json()) as Json };
}

it("an agent is written and read under the stranger's paths and field names", async () => {
  const created = await api("POST", "/v1/assistants", { name: `stranger-${randomUUID()}`, prompt: "Hi." });
  expect(created.status).toBe(201);
  expect(created.json).toHaveProperty("draft.prompt", "Hi.");
  expect(created.json).not.toHaveProperty("config");
  const read = await api("GET", `/v1/assistants/${created.json.id}`);
  expect(read.json).toHaveProperty("draft.prompt", "Hi.");
  await api("DELETE", `/v1/assistants/${created.json.id}`);
});

it("a webhook takes and answers the stranger's words, and refuses the reference's", async () => {
  const url = `${stack.target.simulators.webhook_sink}/hooks/stranger`;
  const created = await api("POST", "/v1/hooks", { url, event_types: ["webhook.test"], status: "paused" });
  expect(created.status).toBe(201);
  expect(created.json).toMatchObject({ status: "paused", subscribed_events: ["webhook.test"] });
  const refused = await api("POST", "/v1/hooks", { url, status: "disabled" });
  expect(refused.status).toBe(422);
  expect((refused.json.detail as { errors: string[] }).errors.join(" ")).toMatch(/^status: /);
  await api("DELETE", `/v1/hooks/${created.json.id}`);
});

it("a 422 line names a field where the stranger's body puts it", async () => {
  const refused = await api("POST", "/v1/conversations/messages", {
    client_message_id: randomUUID(),
    thread_id: 5,
    content: "x",
  });
  expect(refused.status).toBe(422);
  expect(String((refused.json.detail as { message: string }).message)).toMatch(/^thread_id: /);
});
