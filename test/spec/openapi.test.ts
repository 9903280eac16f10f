// The OpenAPI document (spec/openapi.ts): 3.1 structure, and exactly the paths the reference platform
// registers (test-control hooks and carrier callbacks aside), each with its methods.
import { Validator } from "@seriousme/openapi-schema-validator";
import { afterAll, beforeAll, expect, test } from "vitest";
import { startPlatform } from "../../simulators/platform/server.ts";
import { createClock } from "../../simulators/shared/clock.ts";
import { openApiDocument } from "../../spec/openapi.ts";
import { runCli } from "../helpers/cli.ts";

let platform: Awaited<ReturnType<typeof startPlatform>>;
beforeAll(async () => {
  platform = await startPlatform({
    region: "r1",
    clock: createClock(60_000),
    wiring: { controlPlaneUrl: "http://127.0.0.1:9" },
  });
});
afterAll(async () => {
  await platform.close();
});

const doc = openApiDocument();
const METHODS = ["get", "put", "post", "delete", "patch"];

/** "GET /v1/agents/{agent_id}" for every operation the platform serves to clients. */
function implemented(): string[] {
  return platform.routes
    .filter((route) => !/^\/_(test|carrier)\//.test(route.url))
    .map((route) => `${route.method} ${route.url.replace(/:(\w+)/g, "{$1}")}`)
    .sort();
}

function documented(): string[] {
  return Object.entries(doc.paths)
    .flatMap(([path, item]) => Object.keys(item).map((method) => `${method.toUpperCase()} ${path}`))
    .sort();
}

test("the document is valid against the official OpenAPI 3.1 schema", async () => {
  const validator = new Validator();
  // The validator keeps what it is given; a copy keeps the shared document untouched.
  const result = await validator.validate(structuredClone(doc));
  expect(result.errors ?? [], "OpenAPI 3.1 schema violations").toEqual([]);
  expect(result.valid).toBe(true);
  expect(validator.version).toBe("3.1");
  // The validator can say no: a response without its required description is refused.
  const broken = structuredClone(doc) as { paths: Record<string, Record<string, { responses: object }>> };
  const [path, item] = Object.entries(broken.paths)[0]!;
  item[Object.keys(item)[0]!]!.responses = { "200": {} };
  expect((await new Validator().validate(broken)).valid, `a broken ${path}`).toBe(false);
});

test("the document is OpenAPI 3.1 with info, paths and the error component", () => {
  expect(doc.openapi).toMatch(/^3\.1\.\d+$/);
  expect(doc.info.title.length).toBeGreaterThan(0);
  expect(doc.info.version.length).toBeGreaterThan(0);
  expect(doc.components.schemas.ErrorEnvelope).toMatchObject({ type: "object" });
  expect(doc.components.securitySchemes.bearer).toEqual({ type: "http", scheme: "bearer" });
});

test("every path the reference platform implements is documented, and nothing else", () => {
  expect(documented()).toEqual(implemented());
});

test("every operation is well formed: unique id, path parameters declared, a success and an error response", () => {
  const ids = new Set<string>();
  for (const [path, item] of Object.entries(doc.paths)) {
    expect(path.startsWith("/v1/") || path === "/health", path).toBe(true);
    for (const [method, raw] of Object.entries(item)) {
      expect(METHODS, `${method} ${path}`).toContain(method);
      const operation = raw as {
        operationId: string;
        parameters: Array<{ name: string; in: string; required: boolean }>;
        responses: Record<string, { content?: Record<string, { schema: unknown }>; $ref?: string }>;
        requestBody?: { content: Record<string, { schema: unknown }> };
      };
      expect(ids.has(operation.operationId), `duplicate id ${operation.operationId}`).toBe(false);
      ids.add(operation.operationId);
      for (const [, name] of path.matchAll(/\{(\w+)\}/g)) {
        const param = operation.parameters.find((p) => p.name === name && p.in === "path");
        expect(param?.required, `path parameter ${name} of ${method} ${path}`).toBe(true);
      }
      const codes = Object.keys(operation.responses);
      expect(
        codes.some((code) => /^2\d\d$/.test(code)),
        `a 2xx of ${method} ${path}`,
      ).toBe(true);
      expect(operation.responses["4XX"]?.$ref, `errors of ${method} ${path}`).toBe("#/components/responses/Error");
      if (operation.requestBody !== undefined) {
        expect(operation.requestBody.content["application/json"]?.schema, `body of ${method} ${path}`).toBeDefined();
      }
    }
  }
});

test("every $ref points at a component that exists", () => {
  const refs = JSON.stringify(doc).match(/"\$ref":"[^"]+"/g) ?? [];
  for (const ref of new Set(refs)) {
    const [, kind, name] = /#\/components\/(\w+)\/(\w+)/.exec(ref) ?? [];
    expect((doc.components as Record<string, Record<string, unknown>>)[kind!]?.[name!], ref).toBeDefined();
  }
});

test("the paged lists take limit up to their ceiling and answer the page envelope", () => {
  const items = doc.paths["/v1/conversations/{conversation_id}/items"]!.get as {
    parameters: Array<{ name: string; schema: { maximum?: number } }>;
  };
  expect(items.parameters.find((p) => p.name === "limit")?.schema.maximum).toBe(500);
  const agents = doc.paths["/v1/agents"]!.get as {
    responses: { "200": { content: { "application/json": { schema: { required: string[] } } } } };
  };
  expect(agents.responses["200"].content["application/json"].schema.required.sort()).toEqual([
    "has_more",
    "items",
    "limit",
    "offset",
  ]);
});

test("`cap-conformance openapi` prints the same document", async () => {
  const result = await runCli(["openapi"], { timeoutMs: 30_000 });
  expect(result.code, result.stderr).toBe(0);
  const printed = JSON.parse(result.stdout) as { openapi: string; paths: Record<string, unknown> };
  expect(printed.openapi).toBe(doc.openapi);
  expect(Object.keys(printed.paths).sort()).toEqual(Object.keys(doc.paths).sort());
});
