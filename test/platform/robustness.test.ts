// The reference platform cannot be crashed: generated malformed input to every route it registers
// (wrong types, huge and deep bodies, invalid JSON, bad UTF-8, odd methods and paths) gets a 4xx
// with the error envelope, never a 5xx. The routes are read from the platform, so new ones are covered.
import fc from "fast-check";
import { request } from "undici";
import { afterAll, beforeAll, expect, test } from "vitest";
import type { RunningPlatform } from "../../simulators/platform/server.ts";
import { type Stack, startStack } from "../../simulators/stack.ts";
import { ErrorEnvelope } from "../../spec/errors.ts";

let stack: Stack;
let platform: RunningPlatform;
let token = "";

beforeAll(async () => {
  stack = await startStack({ minuteMs: 50 });
  platform = stack.platforms[0]!;
  token = stack.target.credentials.admin;
});

afterAll(async () => {
  await stack.close();
});

const pathValue = fc.oneof(
  fc.uuid(),
  fc.constantFrom("..", "%00", "%E0%A4%A", "a".repeat(2_000), "-1", "null", "%2F%2E%2E"),
  fc.string({ maxLength: 12 }).map(encodeURIComponent),
);

const deep = (depth: number) => "[".repeat(depth) + "]".repeat(depth);
const body = fc.oneof(
  fc.jsonValue().map((v) => ({ text: JSON.stringify(v), type: "application/json" })),
  fc.record({ name: fc.anything() }).map((v) => ({
    text: JSON.stringify(v, (_k, x) => (typeof x === "bigint" ? 1 : x)) ?? "{}",
    type: "application/json",
  })),
  fc.constantFrom(
    { text: "{not json", type: "application/json" },
    { text: deep(50_000), type: "application/json" },
    { text: JSON.stringify({ name: "x".repeat(600_000) }), type: "application/json" },
    { text: JSON.stringify({ a: "b" }), type: "text/plain" },
    { text: "\u0000\u0001", type: "application/json" },
  ),
);

async function send(method: string, path: string, payload?: { text: string | Buffer; type: string }) {
  const response = await request(`${platform.url}${path}`, {
    method: method as "GET",
    headers: { authorization: `Bearer ${token}`, ...(payload ? { "content-type": payload.type } : {}) },
    body: payload?.text,
    headersTimeout: 10_000,
    bodyTimeout: 10_000,
  });
  const text = await response.body.text();
  return { status: response.statusCode, text };
}

function expectClean(where: string, response: { status: number; text: string }): void {
  expect(response.status, `${where} → ${response.status} ${response.text.slice(0, 200)}`).toBeLessThan(500);
  if (response.status >= 400) {
    expect(ErrorEnvelope.safeParse(JSON.parse(response.text)).success, `${where}: envelope`).toBe(true);
  }
}

test("every route survives generated malformed input with a 4xx envelope", { timeout: 120_000 }, async () => {
  const routes = platform.routes.filter((r) => !r.url.includes("/events"));
  expect(routes.length).toBeGreaterThan(5);
  await fc.assert(
    fc.asyncProperty(
      fc.constantFrom(...routes),
      fc.array(pathValue, { minLength: 4, maxLength: 4 }),
      body,
      fc.dictionary(fc.constantFrom("limit", "offset", "start", "x"), fc.string({ maxLength: 6 })),
      async (route, values, payload, query) => {
        let i = 0;
        const path = route.url.replace(/:[a-z_]+/g, () => values[i++] ?? "x");
        const qs = new URLSearchParams(query).toString();
        const target = `${path}${qs ? `?${qs}` : ""}`;
        const withBody = ["POST", "PUT", "PATCH"].includes(route.method);
        expectClean(`${route.method} ${target}`, await send(route.method, target, withBody ? payload : undefined));
      },
    ),
    { seed: 20261122, numRuns: 300 },
  );
});

test("bad UTF-8, odd methods and odd paths are refused cleanly", async () => {
  const bad = Buffer.from([0x7b, 0x22, 0x6e, 0x22, 0x3a, 0x22, 0xc3, 0x28, 0x22, 0x7d]);
  for (const route of platform.routes.filter((r) => ["POST", "PUT", "PATCH"].includes(r.method))) {
    const path = route.url.replace(/:[a-z_]+/g, "00000000-0000-4000-8000-000000000000");
    expectClean(
      `${route.method} ${path} (bad UTF-8)`,
      await send(route.method, path, { text: bad, type: "application/json" }),
    );
  }
  for (const method of ["PUT", "DELETE", "OPTIONS", "PATCH"])
    expectClean(`${method} /health`, await send(method, "/health"));
  for (const path of ["/", "/v2/agents", "/v1/../../etc/passwd", "/v1/agents/%", `/${"x".repeat(8_000)}`]) {
    expectClean(`GET ${path}`, await send("GET", path));
  }
});
