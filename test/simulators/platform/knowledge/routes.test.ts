// The knowledge routes' rules the conformance suite cannot see through the spec: private seeds refused at
// create, build_kb only from review and only with URLs discovery found, writes need EDITOR, delete stops
// the crawl. Runs on the real clock, so a crawl is still discovering when the next request arrives.
import { afterAll, beforeAll, expect, it } from "vitest";
import { type Stack, startStack } from "../../../../simulators/stack.ts";

let stack: Stack;
let base: string;

beforeAll(async () => {
  stack = await startStack({ minuteMs: 60_000 });
  base = stack.target.regions[0]!.base_url;
});
afterAll(() => stack.close());

/** The fields these tests read: a header's id and status, or the error envelope. */
interface Body {
  id: string;
  status: string;
  detail: { message: string; errors: string[] };
}

async function api(method: string, path: string, body?: unknown, who: "admin" | "viewer" = "admin") {
  const response = await fetch(base + path, {
    method,
    headers: {
      authorization: `Bearer ${stack.target.credentials[who]}`,
      ...(body === undefined ? {} : { "content-type": "application/json" }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
    signal: AbortSignal.timeout(5_000),
  });
  return { status: response.status, json: (await response.json()) as Body };
}

async function untilStatus(id: string, status: string) {
  const until = Date.now() + 5_000;
  for (;;) {
    const kb = await api("GET", `/v1/knowledge/${id}`);
    if (kb.json.status === status || Date.now() > until) return kb.json;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

it("refuses private and metadata seeds at create with one line per URL", async () => {
  const site = stack.target.simulators.website!;
  const response = await api("POST", "/v1/knowledge", {
    name: "private",
    urls: [`${site}/`, "http://169.254.169.254/latest/meta-data", "http://10.0.0.8/"],
  });
  expect(response.status).toBe(400);
  expect(response.json.detail.errors).toEqual([
    "urls.1: http://169.254.169.254 is not a public address",
    "urls.2: http://10.0.0.8 is not a public address",
  ]);
});

it("refuses build_kb while discovering, and stops the crawl on delete", async () => {
  const site = stack.target.simulators.website!;
  const created = await api("POST", "/v1/knowledge", { name: "slow crawl", urls: [`${site}/`] });
  expect(created.status).toBe(201);
  const build = await api("POST", `/v1/knowledge/${created.json.id}/build`, { urls: [`${site}/`] });
  expect(build.status).toBe(400);
  expect(build.json.detail.message).toBe("the knowledge base is discovering; build_kb needs review");
  expect(await api("DELETE", `/v1/knowledge/${created.json.id}`)).toEqual({ status: 200, json: { ok: true } });
  expect((await api("GET", `/v1/knowledge/${created.json.id}`)).status).toBe(404);
  expect((await api("GET", `/v1/knowledge/${created.json.id}/pages`)).status).toBe(404);
});

it("build_kb takes only URLs discovery found, and at least one", async () => {
  const created = await api("POST", "/v1/knowledge", { name: "no seeds" });
  await untilStatus(created.json.id, "review");
  const unknown = await api("POST", `/v1/knowledge/${created.json.id}/build`, { urls: ["https://example.com/"] });
  expect(unknown.status).toBe(400);
  // One problem: the line is the message and errors is empty (7: errors lists lines only for a 422 or a publish).
  expect(unknown.json.detail.message).toBe("urls.0: not among the pages discovery found");
  expect(unknown.json.detail.errors).toEqual([]);
  const empty = await api("POST", `/v1/knowledge/${created.json.id}/build`, { urls: [] });
  expect(empty.status).toBe(422);
  expect(empty.json.detail.message).toBe("urls: select at least one URL");
});

it("a VIEWER reads but cannot create", async () => {
  expect((await api("POST", "/v1/knowledge", { name: "viewer" }, "viewer")).status).toBe(403);
  const created = await api("POST", "/v1/knowledge", { name: "read by viewer" });
  expect((await api("GET", `/v1/knowledge/${created.json.id}`, undefined, "viewer")).status).toBe(200);
});
