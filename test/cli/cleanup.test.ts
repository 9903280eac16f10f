// `cleanup` end to end: prefixed resources of every sweepable kind go (one of them on a second page of its list,
// a tool named with the prefix in its identifier form), everything else stays; a list that cannot be read is
// exit 1 naming it, without the token.
import { mkdtempSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { request } from "undici";
import { afterAll, beforeAll, expect, test } from "vitest";
import { type Stack, startStack } from "../../simulators/stack.ts";
import { pool, runCli } from "../helpers/cli.ts";

const dir = mkdtempSync(join(tmpdir(), "cap-cleanup-"));
const targetFile = join(dir, "target.json");
const PREFIX = "capct-c1ea11-";
let stack: Stack;

beforeAll(async () => {
  stack = await startStack({ minuteMs: 50 });
  writeFileSync(targetFile, JSON.stringify(stack.target), { mode: 0o600 });
});

afterAll(async () => {
  await stack?.close();
});

async function api(method: string, path: string, body?: unknown): Promise<{ status: number; json: unknown }> {
  const response = await request(`${stack.target.regions[0]!.base_url}${path}`, {
    method: method as "GET",
    headers: {
      authorization: `Bearer ${stack.target.credentials.admin}`,
      ...(body === undefined ? {} : { "content-type": "application/json" }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
    headersTimeout: 10_000,
    bodyTimeout: 10_000,
    signal: AbortSignal.timeout(10_000),
  });
  const text = await response.body.text();
  return { status: response.statusCode, json: text === "" ? undefined : JSON.parse(text) };
}

async function created(method: string, path: string, body: unknown): Promise<Record<string, unknown>> {
  const { status, json } = await api(method, path, body);
  expect(status, `${method} ${path}: ${JSON.stringify(json)}`).toBeLessThan(300);
  return json as Record<string, unknown>;
}

/** Every row of a list (pages of 200). */
async function rows(path: string): Promise<Array<Record<string, unknown>>> {
  const all: Array<Record<string, unknown>> = [];
  for (;;) {
    const { json } = await api("GET", `${path}?limit=200&offset=${all.length}`);
    const page = json as { items: Array<Record<string, unknown>>; has_more: boolean };
    all.push(...page.items);
    if (!page.has_more) return all;
  }
}

/** A number bought at the carrier simulator under `name`, imported into the wired account. */
async function phoneNumber(name: string): Promise<Record<string, unknown>> {
  const sid = stack.target.carrier_account!.accountSid;
  const carrier = await request(`${stack.target.simulators.carrier}/_admin/accounts/${sid}/numbers`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ friendly_name: name }),
    signal: AbortSignal.timeout(10_000),
  });
  const bought = (await carrier.body.json()) as { sid: string };
  const account = (await rows("/v1/telephony/accounts")).find((a) => a.provider_account_id === sid);
  const imported = await created("POST", `/v1/telephony/accounts/${account!.id}/import`, {
    provider_number_ids: [bought.sid],
  });
  return (imported.items as Array<Record<string, unknown>>)[0]!;
}

const tool = (name: string) => ({
  name,
  description: "Looks up an order by its number.",
  json_schema: { type: "object", properties: { order_id: { type: "string" } } },
  operations: [{ kind: "http", config: { url: "https://example.com/orders", timeout: 5 }, on_error: "abort" }],
});
const webhook = (name: string) => ({ url: `https://hooks.example.com/${name}`, status: "disabled" });
const account = (label: string) => ({
  provider: "twilio",
  label,
  account_sid: `AC${label.length}x`,
  auth_token: "t0k3n-unused",
});

test("cleanup deletes every prefixed resource of every kind, reading whole lists, and nothing else", {
  timeout: 120_000,
}, async () => {
  const mine = [
    // Created first, so 200 newer agents push it to the second page of the newest-first list.
    await created("POST", "/v1/agents", { name: `${PREFIX}agent-old` }),
  ];
  const others = await pool(
    4,
    Array.from({ length: 200 }, (_, i) => () => created("POST", "/v1/agents", { name: `kept-agent-${i}` })),
  );
  mine.push(
    await created("POST", "/v1/agents", { name: `${PREFIX}agent-new` }),
    await created("POST", "/v1/tools", tool(`${PREFIX}tool`)),
    // A run whose profile reads tool names as identifiers (readings.tool_names) wrote the prefix with `_`.
    await created("POST", "/v1/tools", tool("capct_c1ea11_tool_7_abcdef")),
    await created("POST", "/v1/tasks", { name: `${PREFIX}task` }),
    await created("POST", "/v1/webhooks", webhook(`${PREFIX}hook`)),
    await created("POST", "/v1/telephony/accounts", account(`${PREFIX}account`)),
    await phoneNumber(`${PREFIX}number`),
  );
  await created("PUT", `/v1/secrets/${PREFIX}secret`, { value: "s3cret-value-1" });
  others.push(
    await created("POST", "/v1/tools", tool("kept-tool")),
    await created("POST", "/v1/tools", tool("capct_c1ea12_tool_7_abcdef")),
    await created("POST", "/v1/tasks", { name: "kept-task" }),
    await created("POST", "/v1/webhooks", webhook("kept-hook")),
    await created("POST", "/v1/telephony/accounts", account("kept-account")),
    await phoneNumber("kept-number"),
  );
  await created("PUT", "/v1/secrets/kept-secret", { value: "s3cret-value-2" });

  const result = await runCli(["cleanup", "--target", targetFile, "--prefix", PREFIX], { timeoutMs: 60_000 });
  expect(result.code, result.stdout + result.stderr).toBe(0);
  expect(result.stdout).toContain(`Deleted 9 resource(s) named ${PREFIX}*`);

  const lists = ["/v1/agents", "/v1/tools", "/v1/tasks", "/v1/webhooks", "/v1/telephony/accounts"];
  const left = (await Promise.all([...lists, "/v1/telephony/phone-numbers", "/v1/secrets"].map(rows))).flat();
  const ids = new Set(left.map((row) => row.id ?? row.name));
  for (const row of mine) expect(ids.has(row.id), `${row.id} (${row.name ?? row.label ?? row.url})`).toBe(false);
  for (const row of others) expect(ids.has(row.id), `${row.id} (${row.name ?? row.label ?? row.url})`).toBe(true);
  expect(ids.has(`${PREFIX}secret`)).toBe(false);
  expect(ids.has("kept-secret")).toBe(true);
  // Nothing left: a second sweep deletes nothing and is still exit 0.
  const again = await runCli(["cleanup", "--target", targetFile, "--prefix", PREFIX], { timeoutMs: 60_000 });
  expect(again.code, again.stdout + again.stderr).toBe(0);
  expect(again.stdout).toContain("Deleted 0 resource(s)");
});

test("a list the server will not answer is exit 1 naming it, and the token is never printed", {
  timeout: 60_000,
}, async () => {
  const broken: Server = createServer((_, response) => {
    response.writeHead(500, { "content-type": "application/json" }).end('{"detail":{"message":"down"}}');
  });
  await new Promise<void>((resolve) => broken.listen(0, "127.0.0.1", resolve));
  const port = (broken.address() as { port: number }).port;
  try {
    const token = "cleanup-token-never-printed";
    const result = await runCli(
      ["cleanup", "--base-url", `http://127.0.0.1:${port}`, "--token-admin", token, "--prefix", PREFIX],
      { timeoutMs: 30_000 },
    );
    expect(result.code, result.stdout + result.stderr).toBe(1);
    expect(result.stderr).toContain("could not list r1 agents: GET /v1/agents answered 500");
    expect(result.stderr).toContain("could not list r1 webhooks");
    expect(result.stdout + result.stderr).not.toContain(token);
  } finally {
    broken.close();
  }
});

test("a server whose profile moves a record's id and name is swept where the profile says they are", {
  timeout: 120_000,
}, async () => {
  // 2.1 shows no agent record: a vendor may write its id and name under keys of its own.
  const profileFile = join(dir, "moved-keys.json");
  writeFileSync(
    profileFile,
    JSON.stringify({ name: "moved-keys", fields: { agent_record: { id: "agent_id", name: "title" } } }),
  );
  const moved = await startStack({ minuteMs: 50, profile: profileFile });
  try {
    const movedTarget = join(dir, "moved-target.json");
    writeFileSync(movedTarget, JSON.stringify(moved.target), { mode: 0o600 });
    const base = moved.target.regions[0]!.base_url;
    const headers = {
      authorization: `Bearer ${moved.target.credentials.admin}`,
      "content-type": "application/json",
    };
    const agentNamed = async (name: string) => {
      const response = await request(`${base}/v1/agents`, {
        method: "POST",
        headers,
        body: JSON.stringify({ name }),
        signal: AbortSignal.timeout(10_000),
      });
      const json = (await response.body.json()) as Record<string, unknown>;
      expect(json.title, JSON.stringify(json)).toBe(name);
      return String(json.agent_id);
    };
    const mine = await agentNamed(`${PREFIX}moved`);
    const kept = await agentNamed("kept-moved");

    const result = await runCli(["cleanup", "--target", movedTarget, "--prefix", PREFIX], { timeoutMs: 60_000 });
    expect(result.code, result.stdout + result.stderr).toBe(0);
    expect(result.stdout).toContain(`Deleted 1 resource(s) named ${PREFIX}*`);
    const left = await request(`${base}/v1/agents?limit=200`, { headers, signal: AbortSignal.timeout(10_000) });
    const ids = ((await left.body.json()) as { items: Array<{ agent_id: string }> }).items.map((row) => row.agent_id);
    expect(ids).not.toContain(mine);
    expect(ids).toContain(kept);
  } finally {
    await moved.close();
  }
});
