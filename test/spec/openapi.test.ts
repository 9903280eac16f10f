// The OpenAPI document (spec/openapi.ts): 3.2 structure, exactly the paths the reference platform registers
// (test-control hooks and carrier callbacks aside) with their methods, request bodies as strict as the
// platform's schemas, the streams' frames, the 400 rules and 502 services, and links that lead somewhere.
// test/spec/openapi-schemathesis.test.ts runs Schemathesis through it against `serve`.
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Validator } from "@seriousme/openapi-schema-validator";
import { afterAll, beforeAll, expect, test } from "vitest";
import { z } from "zod";
import { startPlatform } from "../../simulators/platform/server.ts";
import { createClock } from "../../simulators/shared/clock.ts";
import { CONVERSATION_FRAMES } from "../../spec/conversations.ts";
import { KB_FRAME_NAMES } from "../../spec/knowledge.ts";
import { OPENAPI_OPERATIONS, openApiDocument } from "../../spec/openapi.ts";
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

test("the document is valid against the official OpenAPI 3.2 schema", async () => {
  const validator = new Validator();
  // The validator keeps what it is given; a copy keeps the shared document untouched.
  const result = await validator.validate(structuredClone(doc));
  expect(result.errors ?? [], "OpenAPI 3.2 schema violations").toEqual([]);
  expect(result.valid).toBe(true);
  expect(validator.version).toBe("3.2");
  // The validator can say no: a response whose content is not a map of media types is refused.
  const broken = structuredClone(doc) as { paths: Record<string, Record<string, { responses: object }>> };
  const [path, item] = Object.entries(broken.paths)[0]!;
  item[Object.keys(item)[0]!]!.responses = { "200": { description: "Success", content: "application/json" } };
  expect((await new Validator().validate(broken)).valid, `a broken ${path}`).toBe(false);
});

test("the document is OpenAPI 3.2 with info, paths and the error component", () => {
  expect(doc.openapi).toMatch(/^3\.2\.\d+$/);
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

type Json = Record<string, unknown>;
interface Operation {
  operationId: string;
  parameters: Array<{ name: string; in: string }>;
  requestBody?: { content: { "application/json": { schema: Json } } };
  responses: Record<string, { description?: string; content?: Record<string, Json>; headers?: Json; links?: Json }>;
  "x-cap-rules"?: string[];
  "x-cap-upstream"?: string;
}

const operationOf = (row: { path: string; method: string }) =>
  (doc.paths[row.path] as Record<string, Operation>)[row.method.toLowerCase()]!;

/** A schema with its `$ref` to a component followed. */
function resolved(schema: Json): Json {
  const ref = schema.$ref as string | undefined;
  if (ref === undefined) return schema;
  return (doc.components.schemas as Record<string, Json>)[ref.replace("#/components/schemas/", "")]!;
}

test("each stream (6.2) describes its frames as OpenAPI 3.2 itemSchema: every frame name, its data as the frame's JSON, the stream headers", () => {
  const streams = OPENAPI_OPERATIONS.filter((row) => row.stream);
  expect(streams.map((row) => row.path).sort()).toEqual([
    "/v1/conversations/{conversation_id}/events",
    "/v1/knowledge/{kb_id}/events",
  ]);
  const named = {
    "/v1/conversations/{conversation_id}/events": CONVERSATION_FRAMES,
    "/v1/knowledge/{kb_id}/events": KB_FRAME_NAMES,
  };
  for (const row of streams) {
    const success = operationOf(row).responses["200"]!;
    const media = success.content?.["text/event-stream"] as { itemSchema: { oneOf: Json[] } };
    const frames = media.itemSchema.oneOf as Array<{ properties: { event: { const: string }; data: Json } }>;
    expect(frames.map((frame) => frame.properties.event.const).sort(), row.path).toEqual(
      [...named[row.path as keyof typeof named]].sort(),
    );
    for (const frame of frames) {
      const name = frame.properties.event.const;
      expect(frame.properties.data.contentMediaType, name).toBe("application/json");
      // The data's own `event` repeats the frame's name (6.2).
      const data = resolved(frame.properties.data.contentSchema as Json) as {
        properties: { event: { const: string } };
      };
      expect(data.properties.event.const, name).toBe(name);
    }
    expect(Object.keys(success.headers ?? {}).sort(), row.path).toEqual(["Cache-Control", "X-Accel-Buffering"]);
  }
});

test("a request body refuses unknown fields exactly where the platform's schema does (additionalProperties false)", () => {
  const verdicts = new Set<boolean>();
  for (const row of OPENAPI_OPERATIONS) {
    if (!(row.body instanceof z.ZodObject)) continue;
    const strict = row.body.def.catchall?._zod.def.type === "never";
    const schema = resolved(operationOf(row).requestBody!.content["application/json"].schema);
    expect(schema.additionalProperties === false, `${row.name} body`).toBe(strict);
    verdicts.add(strict);
  }
  // Both kinds exist, so the comparison can fail either way.
  expect([...verdicts].sort()).toEqual([false, true]);
});

test("what a request the schema accepts can still be refused for is stated: a 400 listing the rules (7), a 502 naming the service", () => {
  for (const row of OPENAPI_OPERATIONS) {
    const operation = operationOf(row);
    expect(operation["x-cap-rules"], row.name).toEqual(row.rules);
    expect(operation.responses["400"]?.description === undefined, row.name).toBe(row.rules === undefined);
    for (const rule of row.rules ?? []) expect(operation.responses["400"]!.description, row.name).toContain(rule);
    expect(operation["x-cap-upstream"], row.name).toBe(row.upstream);
    expect(operation.responses["502"]?.description === undefined, row.name).toBe(row.upstream === undefined);
  }
});

test("every link leads to an operation that exists, fills a parameter it has, from a value its source has", () => {
  const byId = new Map<string, { path: string; operation: Operation }>();
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const operation of Object.values(item as Record<string, Operation>))
      byId.set(operation.operationId, { path, operation });
  }
  const chains: string[] = [];
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const source of Object.values(item as Record<string, Operation>)) {
      const [, success] = Object.entries(source.responses).find(([code]) => /^2\d\d$/.test(code))!;
      for (const [name, raw] of Object.entries(success.links ?? {})) {
        const link = raw as { operationId: string; parameters: Record<string, string> };
        const target = byId.get(link.operationId);
        expect(target, `${source.operationId} → ${name}`).toBeDefined();
        for (const [qualified, expression] of Object.entries(link.parameters)) {
          const [where, param] = qualified.includes(".") ? qualified.split(".") : ["path", qualified];
          expect(
            target!.operation.parameters.some((p) => p.name === param && p.in === where),
            `${link.operationId} has ${where} parameter ${param}`,
          ).toBe(true);
          const fromBody = /^\$response\.body#\/(\w+)/.exec(expression);
          const fromPath = /^\$request\.path\.(\w+)$/.exec(expression);
          if (fromBody !== null) {
            const answer = resolved(success.content!["application/json"]!.schema as Json) as { properties: Json };
            expect(Object.keys(answer.properties), `${source.operationId} answers ${fromBody[1]}`).toContain(
              fromBody[1],
            );
          } else {
            expect(fromPath, expression).not.toBeNull();
            expect(path, `${source.operationId} has path parameter ${fromPath![1]}`).toContain(`{${fromPath![1]}}`);
          }
        }
        chains.push(`${source.operationId} → ${link.operationId}`);
      }
    }
  }
  // The chains a stateful tool needs most: create → read → write → delete.
  expect(chains).toEqual(
    expect.arrayContaining([
      "postV1Agents → getV1AgentsAgent_id",
      "postV1Agents → patchV1AgentsAgent_id",
      "postV1Agents → deleteV1AgentsAgent_id",
      "postV1Webhooks → deleteV1WebhooksWebhook_id",
      "postV1Tasks → getV1TaskRuns",
      "putV1SecretsName → deleteV1SecretsName",
    ]),
  );
});

test("`cap-conformance openapi --schemathesis-config` writes the Schemathesis settings of every operation with rules or a service", async () => {
  const dir = mkdtempSync(join(tmpdir(), "cap-openapi-"));
  const file = join(dir, "schemathesis.toml");
  const result = await runCli(["openapi", "--out", join(dir, "openapi.json"), "--schemathesis-config", file], {
    timeoutMs: 30_000,
  });
  expect(result.code, result.stderr).toBe(0);
  const config = readFileSync(file, "utf8");
  const tables = config.split("[[operations]]").slice(1);
  const tableOf = (row: { method: string; path: string }) =>
    tables.find((table) => table.includes(`include-name = "${row.method} ${row.path}"`));
  for (const row of OPENAPI_OPERATIONS) {
    const table = tableOf(row) ?? "";
    expect(/positive_data_acceptance\.expected-statuses = \[[^\]]*"400"/.test(table), row.name).toBe(
      row.rules !== undefined,
    );
    expect(/not_a_server_error\.expected-statuses = \[[^\]]*"502"/.test(table), row.name).toBe(
      row.upstream !== undefined,
    );
    expect(table.includes("max-stream-events = 1"), row.name).toBe(row.stream === true);
  }
  // The credential is a placeholder Schemathesis fills from the environment, never a value.
  // biome-ignore lint/suspicious/noTemplateCurlyInString: the placeholder itself is what is checked.
  expect(config).toContain('Authorization = "Bearer ${CAP_TOKEN_ADMIN}"');
});
