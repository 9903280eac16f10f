// Real rows for every path parameter the platform routes, so malformed input reaches body validation
// instead of stopping at a 404, and one valid body per write route (the "unknown fields" input adds a
// field to it). The rows are created through the API the way a client would.
import { randomInt, randomUUID } from "node:crypto";
import { request } from "undici";
import type { Stack } from "../../../../simulators/stack.ts";
import { created, type RawClient } from "../../../helpers/robustness/client.ts";

export interface Resources {
  /** The value of path parameter `param` in route `url` (e.g. `agent_id` of /v1/agents/:agent_id). */
  param(url: string, param: string): string;
  /** A body the route accepts, or undefined for a route that takes none. */
  validBody(method: string, url: string): Record<string, unknown> | undefined;
}

let serial = 0;
const unique = (label: string) => `robust-${label}-${process.pid}-${++serial}`;

/** A number bought at the carrier simulator for the wired account (not imported). */
async function buyNumber(stack: Stack, accountSid: string): Promise<string> {
  // Outside the carrier's outcome pattern (+1 555 0...), so a call to it just answers.
  const e164 = `+1777${String(randomInt(0, 10_000_000)).padStart(7, "0")}`;
  const response = await request(`${stack.target.simulators!.carrier}/_admin/accounts/${accountSid}/numbers`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ phone_number: e164 }),
    signal: AbortSignal.timeout(5_000),
  });
  const body = (await response.body.json()) as { sid: string };
  if (response.statusCode !== 201) throw new Error(`setup: the carrier answered ${response.statusCode}`);
  return body.sid;
}

export async function createResources(stack: Stack, client: RawClient): Promise<Resources> {
  const agent = await created<{ id: string; name: string }>(client, "POST", "/v1/agents", { name: unique("agent") });
  const tool = await created<{ id: string }>(client, "POST", "/v1/tools", {
    name: unique("tool"),
    description: "a tool",
  });
  const task = await created<{ id: string }>(client, "POST", "/v1/tasks", { name: unique("task"), agent_id: agent.id });
  const kb = await created<{ id: string }>(client, "POST", "/v1/knowledge", { name: unique("kb") });
  const integration = await created<{ id: string }>(client, "POST", "/_test/integrations", {});
  await created(client, "PUT", "/v1/secrets/robust-secret", { value: "s3cret-value" });
  const accounts = await created<{ items: Array<{ id: string; provider_account_id: string }> }>(
    client,
    "GET",
    "/v1/telephony/accounts",
  );
  const account = accounts.items[0]!;
  const numberSid = await buyNumber(stack, account.provider_account_id);
  const imported = await created<{ items: Array<{ id: string }> }>(
    client,
    "POST",
    `/v1/telephony/accounts/${account.id}/import`,
    { provider_number_ids: [numberSid] },
  );
  const phone = imported.items[0]!;
  const outbound = { from_phone_number_id: phone.id, to: "+15550090001", agent_id: agent.id };
  const call = await created<{ session_id: string }>(client, "POST", "/v1/calls/outbound", outbound);
  const batchBody = { from_phone_number_id: phone.id, agent_id: agent.id, recipients: [{ to: "+15550090002" }] };
  const batch = await created<{ id: string }>(client, "POST", "/v1/calls/batches", batchBody);
  // Disabled: no event of the run is ever sent to the internet because of it.
  const webhookBody = { url: "https://hooks.example.com/robustness", status: "disabled" };
  const webhook = await created<{ id: string }>(client, "POST", "/v1/webhooks", webhookBody);
  const message = await created<{ conversation_id: string }>(client, "POST", "/v1/conversations/messages", {
    client_message_id: randomUUID(),
    text: "hello",
  });
  const sender = await created<{ id: string }>(client, "POST", "/_test/email-senders", {
    email: "robust@example.com",
    name: "robust",
  });
  const sink = await created<{ id: string }>(client, "POST", "/_test/observability", { kind: "otlp", name: "robust" });
  await created(client, "PUT", "/_test/webhooks/dns/robust.example.com", { addresses: ["93.184.216.34"] });

  const params: Record<string, string> = {
    agent_id: agent.id,
    tool_id: tool.id,
    task_id: task.id,
    kb_id: kb.id,
    integration_id: integration.id,
    provider: "openai",
    name: "robust-secret",
    account_id: account.id,
    phone_number_id: phone.id,
    session_id: call.session_id,
    batch_id: batch.id,
    webhook_id: webhook.id,
    conversation_id: message.conversation_id,
    hostname: "robust.example.com",
  };

  const bodies: Record<string, () => Record<string, unknown>> = {
    "POST /v1/agents": () => ({ name: unique("agent") }),
    "PATCH /v1/agents/:agent_id": () => ({ name: agent.name }),
    "PUT /v1/byok/:provider": () => ({ api_key: "sk-robustness" }),
    "POST /v1/tasks": () => ({ name: unique("task") }),
    "PATCH /v1/tasks/:task_id": () => ({ description: "patched" }),
    "POST /_test/task-runs": () => ({ task_id: task.id }),
    "POST /v1/tools": () => ({ name: unique("tool"), description: "a tool" }),
    "PATCH /v1/tools/:tool_id": () => ({ description: "patched" }),
    "POST /v1/conversations/messages": () => ({
      client_message_id: randomUUID(),
      text: "again",
      conversation_id: message.conversation_id,
    }),
    "POST /v1/knowledge": () => ({ name: unique("kb") }),
    "POST /v1/knowledge/:kb_id/build": () => ({ urls: ["https://example.com/"] }),
    "PUT /v1/secrets/:name": () => ({ value: "another-value" }),
    "PUT /_test/credits": () => ({ balance: 1_000_000 }),
    "POST /_test/calls/:session_id/transfer": () => ({ to: "+15550090003" }),
    "POST /v1/telephony/accounts": () => ({ account_sid: "AC-robustness", auth_token: "token" }),
    "POST /v1/telephony/accounts/:account_id/import": () => ({ provider_number_ids: [numberSid] }),
    "PATCH /v1/telephony/phone-numbers/:phone_number_id": () => ({ label: "front desk" }),
    "POST /v1/calls/token": () => ({ agent_id: agent.id }),
    "POST /v1/calls/outbound": () => outbound,
    "POST /v1/calls/batches": () => batchBody,
    "POST /v1/webhooks": () => webhookBody,
    "PATCH /v1/webhooks/:webhook_id": () => ({ status: "disabled" }),
    "PUT /_test/webhooks/dns/:hostname": () => ({ addresses: ["93.184.216.34"] }),
    "POST /_test/webhooks/publish": () => ({ type: "webhook.test" }),
    "POST /_test/integrations": () => ({}),
    "POST /_test/integrations/:integration_id/triggers": () => ({ agent_id: agent.id }),
    "POST /_test/integrations/:integration_id/inbound": () => ({ thread: "t1", text: "hi" }),
    "POST /_test/email-senders": () => ({ email: "robust@example.com", name: "robust" }),
    "POST /_test/observability": () => ({ kind: "otlp", name: "robust" }),
  };

  return {
    param(url, param) {
      // The two seeded-row routes share the name `id`.
      if (param === "id") return url.startsWith("/_test/email-senders") ? sender.id : sink.id;
      const value = params[param];
      if (value === undefined) throw new Error(`no resource for path parameter ${param} of ${url}: add one`);
      return value;
    },
    validBody: (method, url) => bodies[`${method} ${url}`]?.(),
  };
}
