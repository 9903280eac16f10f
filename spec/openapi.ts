// An OpenAPI 3.2 document of every operation of the table (spec/operations.ts), generated from the zod
// schemas in spec/ (zod 4's z.toJSONSchema gives JSON Schema 2020-12, the dialect OpenAPI 3.1 and 3.2 use).
// Paths the spec does not show are the default profile's; each operation names the section it comes from.
// Requests are described as the reference platform parses them (the same zod schemas, so they agree); what a
// request the schemas accept can still be refused for is listed as the operation's rules (400, section 7).
// ARCHITECTURE.md, "The OpenAPI document".
import { z } from "zod";
import { AgentConfig, AgentOverride, AgentRecord, InlineTool, ToolReference } from "./agent.ts";
import { MaskedRow } from "./byok.ts";
import { AgentTeam, CallBatch, CallSession } from "./calls.ts";
import { Catalog } from "./catalog.ts";
import { OkResult, pagingQuery } from "./common.ts";
import { Conversation, ConversationItem } from "./conversations.ts";
import { ErrorEnvelope } from "./errors.ts";
import { Trigger } from "./integration.ts";
import { KnowledgeBase, KnowledgePage } from "./knowledge.ts";
import { type OperationLinks, operationLinks } from "./openapi-links.ts";
import { type OperationName, type OperationRow, operationRows } from "./operations.ts";
import { PATH_PARAMS, type PathParamName } from "./path-params.ts";
import { TaskRecord, TaskRun } from "./task.ts";
import { PhoneNumber, RemoteNumber, TelephonyAccount } from "./telephony.ts";
import { ToolRecord, ValidationResult } from "./tool.ts";
import { DeliveryRecord, Webhook, WebhookWithSecret } from "./webhook.ts";

type Row = OperationRow & { name: OperationName };

/** Every operation of the table (spec/operations.ts), test-control and carrier callbacks aside. */
export const OPENAPI_OPERATIONS: Row[] = operationRows();

type JsonSchema = Record<string, unknown>;

/** Schemas named under components and referenced, so the document stays small; requests and answers apart. */
const NAMED_ANSWERS: Array<[string, z.ZodType]> = [
  ["AgentRecord", AgentRecord],
  ["ToolRecord", ToolRecord],
  ["TaskRecord", TaskRecord],
  ["TaskRun", TaskRun],
  ["ValidationResult", ValidationResult],
  ["Catalog", Catalog],
  ["MaskedRow", MaskedRow],
  ["Trigger", Trigger],
  ["KnowledgeBase", KnowledgeBase],
  ["KnowledgePage", KnowledgePage],
  ["TelephonyAccount", TelephonyAccount],
  ["RemoteNumber", RemoteNumber],
  ["PhoneNumber", PhoneNumber],
  ["CallSession", CallSession],
  ["CallBatch", CallBatch],
  ["Conversation", Conversation],
  ["ConversationItem", ConversationItem],
  ["Webhook", Webhook],
  ["WebhookWithSecret", WebhookWithSecret],
  ["DeliveryRecord", DeliveryRecord],
  ["OkResult", OkResult],
  ["ErrorEnvelope", ErrorEnvelope],
];
const NAMED_REQUESTS: Array<[string, z.ZodType]> = [
  ["AgentConfig", AgentConfig],
  ["AgentOverride", AgentOverride],
  ["AgentTeam", AgentTeam],
  ["InlineTool", InlineTool],
  ["ToolReference", ToolReference],
];

const pascal = (name: string) => name.replace(/(^|[.\-_])(\w)/g, (_, _sep, c: string) => c.toUpperCase());

/** One registry per direction: a request is described as it is parsed (input), an answer as it is sent. */
class Components {
  private readonly registry = z.registry<{ id: string }>();
  private readonly names = new Map<z.ZodType, string>();

  constructor(
    private readonly io: "input" | "output",
    named: Array<[string, z.ZodType]>,
  ) {
    for (const [name, schema] of named) this.name(schema, name);
  }

  /** The schema's component name, registering it under `fallback` the first time. */
  name(schema: z.ZodType, fallback: string): string {
    const known = this.names.get(schema);
    if (known !== undefined) return known;
    this.registry.add(schema, { id: fallback });
    this.names.set(schema, fallback);
    return fallback;
  }

  ref(schema: z.ZodType, fallback: string): JsonSchema {
    return { $ref: `#/components/schemas/${this.name(schema, fallback)}` };
  }

  schemas(): Record<string, JsonSchema> {
    const { schemas } = z.toJSONSchema(this.registry, {
      io: this.io,
      unrepresentable: "any",
      target: "draft-2020-12",
      uri: (id) => `#/components/schemas/${id}`,
    }) as { schemas: Record<string, JsonSchema> };
    // A component is found by its place in the document; an `$id` with a fragment is not valid JSON Schema.
    for (const schema of Object.values(schemas)) {
      delete schema.$id;
      delete schema.$schema;
    }
    return schemas;
  }
}

/** A small schema written in place (parameters), from the same zod schema the platform parses with. */
function inline(schema: z.ZodType): JsonSchema {
  const json = z.toJSONSchema(schema, { io: "input", unrepresentable: "any", target: "draft-2020-12" }) as JsonSchema;
  delete json.$schema;
  return json;
}

function pathParameters(path: string) {
  return [...path.matchAll(/\{(\w+)\}/g)].map(([, name]) => ({
    name,
    in: "path",
    required: true,
    schema: inline(PATH_PARAMS[name as PathParamName]),
  }));
}

/** Paging (2.1, 8) and the other query parameters, as the platform reads them. */
function queryParameters(def: Row) {
  const schema = def.paged === undefined ? def.query : pagingQuery(def.paged.ceiling).extend(def.query?.shape ?? {});
  if (schema === undefined) return [];
  const json = inline(schema) as { properties?: Record<string, JsonSchema>; required?: string[] };
  return Object.entries(json.properties ?? {}).map(([name, property]) => ({
    name,
    in: "query",
    required: json.required?.includes(name) ?? false,
    schema: property,
  }));
}

/** 2.1: all four fields always present, no total, no cursor. */
function pageSchema(item: JsonSchema): JsonSchema {
  return {
    type: "object",
    properties: {
      items: { type: "array", items: item },
      has_more: { type: "boolean" },
      limit: { type: "integer" },
      offset: { type: "integer" },
    },
    required: ["items", "has_more", "limit", "offset"],
    additionalProperties: false,
  };
}

/**
 * 6.2: one item of the stream is one frame, read by an SSE client as {event, data, id}: the frame's name, and
 * its data line, the JSON of the frame (whose own `event` repeats the name). OpenAPI 3.2's itemSchema.
 */
function streamContent(def: Row, answers: Components) {
  const frames = Object.entries(def.frames ?? {}).map(([event, schema]) => ({
    type: "object",
    required: event === "item.created" ? ["event", "data", "id"] : ["event", "data"],
    properties: {
      event: { const: event },
      data: {
        type: "string",
        contentMediaType: "application/json",
        contentSchema: answers.ref(schema, `${pascal(def.name)}${pascal(event)}Frame`),
      },
      id: { type: "string" },
    },
  }));
  return {
    "text/event-stream": {
      description: "Server-sent events (6.2): the first frame is a snapshot; a line starting with : is a keep-alive.",
      itemSchema: { oneOf: frames },
    },
  };
}

/** 6.2: response headers every stream carries. */
const STREAM_HEADERS = {
  "Cache-Control": { required: true, schema: { type: "string", const: "no-cache" } },
  "X-Accel-Buffering": { required: true, schema: { type: "string", const: "no" } },
};

function successContent(def: Row, answers: Components) {
  const answer = (schema: z.ZodType, suffix: string) => answers.ref(schema, `${pascal(def.name)}${suffix}`);
  if (def.stream) return streamContent(def, answers);
  if (def.paged !== undefined) return { "application/json": { schema: pageSchema(answer(def.paged.item, "Item")) } };
  return def.response === undefined ? undefined : { "application/json": { schema: answer(def.response, "Answer") } };
}

const errorContent = { "application/json": { schema: { $ref: "#/components/schemas/ErrorEnvelope" } } };
const errorRef = { $ref: "#/components/responses/Error" };
const UPSTREAM = {
  carrier: "the carrier API",
  provider: "the model, speech or gallery provider",
} as const;

const operationId = (def: Row) =>
  `${def.method.toLowerCase()}${def.path.replace(/[{}]/g, "").replace(/[/-](\w)/g, (_, c: string) => c.toUpperCase())}`;

function linksOf(def: Row, links: OperationLinks) {
  const out = links.get(def.name);
  if (out === undefined) return {};
  const byName = new Map(OPENAPI_OPERATIONS.map((row) => [row.name, row]));
  return {
    links: Object.fromEntries(
      [...out].map(([to, parameters]) => [to, { operationId: operationId(byName.get(to)!), parameters }]),
    ),
  };
}

function responses(def: Row, answers: Components, links: OperationLinks) {
  const content = successContent(def, answers);
  return {
    [String(def.status ?? 200)]: {
      description: "Success",
      ...(content === undefined ? {} : { content }),
      ...(def.stream ? { headers: STREAM_HEADERS } : {}),
      ...linksOf(def, links),
    },
    ...(def.rules === undefined
      ? {}
      : {
          "400": {
            description: `The request matched the schema but a rule rejected it (7): ${def.rules.join("; ")}.`,
            content: errorContent,
          },
        }),
    ...(def.upstream === undefined
      ? {}
      : {
          "502": {
            description: `The service called ${UPSTREAM[def.upstream]} on the caller's behalf and got no answer (7). Not a verdict on the request.`,
            content: errorContent,
          },
        }),
    "4XX": errorRef,
    "5XX": errorRef,
  };
}

/** The whole document; deterministic, so it can be diffed between versions. */
export function openApiDocument(version = "0.1.0") {
  const answers = new Components("output", NAMED_ANSWERS);
  const requests = new Components("input", NAMED_REQUESTS);
  const links = operationLinks(OPENAPI_OPERATIONS);
  const paths: Record<string, Record<string, unknown>> = {};
  for (const def of OPENAPI_OPERATIONS) {
    const method = def.method.toLowerCase();
    const operation: Record<string, unknown> = {
      operationId: operationId(def),
      summary: def.profile === "assumed" ? `${def.summary} (profile path)` : def.summary,
      description: `Spec section ${def.section}.${def.role === "not shown" ? "" : ` Role: ${def.role}.`}`,
      parameters: [...pathParameters(def.path), ...queryParameters(def)],
      ...(def.body === undefined
        ? {}
        : {
            requestBody: {
              required: true,
              content: { "application/json": { schema: requests.ref(def.body, `${pascal(def.name)}Body`) } },
            },
          }),
      responses: responses(def, answers, links),
      ...(def.rules === undefined ? {} : { "x-cap-rules": def.rules }),
      ...(def.upstream === undefined ? {} : { "x-cap-upstream": def.upstream }),
      ...(def.role === "none" ? { security: [] } : {}),
    };
    paths[def.path] ??= {};
    paths[def.path]![method] = operation;
  }
  const answerSchemas = answers.schemas();
  const requestSchemas = requests.schemas();
  const clash = Object.keys(requestSchemas).find((name) => name in answerSchemas);
  if (clash !== undefined) throw new Error(`component ${clash} names both a request and an answer schema`);
  return {
    openapi: "3.2.0",
    info: {
      title: "Conversational Agent Platform regional API",
      version,
      description:
        "Generated by cap-conformance from its zod schemas. Paths the spec does not show follow the default profile. " +
        "x-cap-rules lists what a request the schema accepts can still be refused for (400, section 7); " +
        "x-cap-upstream names the service whose silence is a 502.",
    },
    servers: [{ url: "{base_url}", variables: { base_url: { default: "http://127.0.0.1:7100" } } }],
    security: [{ bearer: [] }],
    paths,
    components: {
      securitySchemes: { bearer: { type: "http", scheme: "bearer" } },
      schemas: { ...answerSchemas, ...requestSchemas },
      responses: {
        Error: { description: "Any error: {detail: {message, errors}} (7)", content: errorContent },
      },
    },
  };
}
