// An OpenAPI 3.1 document of every operation of the table (spec/operations.ts), generated from the zod
// schemas in spec/ (zod 4's z.toJSONSchema gives JSON Schema 2020-12, the dialect OpenAPI 3.1 uses).
// Paths the spec does not show are the default profile's; each operation names the section it comes from.
import { z } from "zod";
import { AgentRecord } from "./agent.ts";
import { MaskedRow } from "./byok.ts";
import { CallBatch, CallSession } from "./calls.ts";
import { Catalog } from "./catalog.ts";
import { OkResult } from "./common.ts";
import { Conversation, ConversationItem } from "./conversations.ts";
import { ErrorEnvelope } from "./errors.ts";
import { Trigger } from "./integration.ts";
import { KnowledgeBase, KnowledgePage } from "./knowledge.ts";
import { type OperationRow, operationRows } from "./operations.ts";
import { TaskRecord, TaskRun } from "./task.ts";
import { PhoneNumber, RemoteNumber, TelephonyAccount } from "./telephony.ts";
import { ToolRecord, ValidationResult } from "./tool.ts";
import { DeliveryRecord, Webhook, WebhookWithSecret } from "./webhook.ts";

/** Every operation of the table (spec/operations.ts), test-control and carrier callbacks aside. */
export const OPENAPI_OPERATIONS: OperationRow[] = operationRows();

type JsonSchema = Record<string, unknown>;

function schemaOf(schema: z.ZodType, io: "input" | "output"): JsonSchema {
  const json = z.toJSONSchema(schema, { io, unrepresentable: "any", target: "draft-2020-12" }) as JsonSchema;
  delete json.$schema;
  return json;
}

function pathParameters(path: string) {
  return [...path.matchAll(/\{(\w+)\}/g)].map(([, name]) => ({
    name,
    in: "path",
    required: true,
    schema: name!.endsWith("_id") ? { type: "string", format: "uuid" } : { type: "string" },
  }));
}

function queryParameters(def: OperationRow) {
  const params: JsonSchema[] = [];
  if (def.paged !== undefined) {
    params.push(
      {
        name: "limit",
        in: "query",
        required: false,
        schema: { type: "integer", minimum: 1, maximum: def.paged.ceiling, default: 200 },
      },
      { name: "offset", in: "query", required: false, schema: { type: "integer", minimum: 0, default: 0 } },
    );
  }
  if (def.query !== undefined) {
    const json = schemaOf(def.query, "input") as { properties?: Record<string, JsonSchema>; required?: string[] };
    for (const [name, schema] of Object.entries(json.properties ?? {})) {
      params.push({ name, in: "query", required: json.required?.includes(name) ?? false, schema });
    }
  }
  return params;
}

/** Response schemas named once under components and referenced, so the document stays small. */
const NAMED: Array<[string, z.ZodType]> = [
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
];
const nameOf = new Map<z.ZodType, string>(NAMED.map(([name, schema]) => [schema, name]));

function responseSchema(schema: z.ZodType): JsonSchema {
  const name = nameOf.get(schema);
  return name === undefined ? schemaOf(schema, "output") : { $ref: `#/components/schemas/${name}` };
}

/** 2.1: all four fields always present, no total, no cursor. */
function pageSchema(item: z.ZodType): JsonSchema {
  return {
    type: "object",
    properties: {
      items: { type: "array", items: responseSchema(item) },
      has_more: { type: "boolean" },
      limit: { type: "integer" },
      offset: { type: "integer" },
    },
    required: ["items", "has_more", "limit", "offset"],
    additionalProperties: false,
  };
}

function successContent(def: OperationRow) {
  if (def.stream)
    return { "text/event-stream": { schema: { type: "string", description: "Server-sent events (6.2)" } } };
  if (def.paged !== undefined) return { "application/json": { schema: pageSchema(def.paged.item) } };
  return def.response === undefined ? undefined : { "application/json": { schema: responseSchema(def.response) } };
}

const errorRef = { $ref: "#/components/responses/Error" };

/** The whole document; deterministic, so it can be diffed between versions. */
export function openApiDocument(version = "0.1.0") {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const def of OPENAPI_OPERATIONS) {
    const content = successContent(def);
    const method = def.method.toLowerCase();
    const operation: Record<string, unknown> = {
      operationId: `${method}${def.path.replace(/[{}]/g, "").replace(/[/-](\w)/g, (_, c: string) => c.toUpperCase())}`,
      summary: def.profile === "assumed" ? `${def.summary} (profile path)` : def.summary,
      description: `Spec section ${def.section}.${def.role === "not shown" ? "" : ` Role: ${def.role}.`}`,
      parameters: [...pathParameters(def.path), ...queryParameters(def)],
      responses: {
        [String(def.status ?? 200)]: { description: "Success", ...(content === undefined ? {} : { content }) },
        "4XX": errorRef,
        "5XX": errorRef,
      },
      ...(def.role === "none" ? { security: [] } : {}),
    };
    if (def.body !== undefined) {
      operation.requestBody = {
        required: true,
        content: { "application/json": { schema: schemaOf(def.body, "input") } },
      };
    }
    paths[def.path] ??= {};
    paths[def.path]![method] = operation;
  }
  return {
    openapi: "3.1.0",
    info: {
      title: "Conversational Agent Platform regional API",
      version,
      description:
        "Generated by cap-conformance from its zod schemas. Paths the spec does not show follow the default profile.",
    },
    servers: [{ url: "{base_url}", variables: { base_url: { default: "http://127.0.0.1:7100" } } }],
    security: [{ bearer: [] }],
    paths,
    components: {
      securitySchemes: { bearer: { type: "http", scheme: "bearer" } },
      schemas: {
        ErrorEnvelope: schemaOf(ErrorEnvelope, "output"),
        ...Object.fromEntries(NAMED.map(([name, schema]) => [name, schemaOf(schema, "output")])),
      },
      responses: {
        Error: {
          description: "Any error: {detail: {message, errors}} (7)",
          content: { "application/json": { schema: { $ref: "#/components/schemas/ErrorEnvelope" } } },
        },
      },
    },
  };
}
