// An OpenAPI 3.1 document of every path the reference platform implements, generated from the zod
// schemas in spec/ (zod 4's z.toJSONSchema gives JSON Schema 2020-12, the dialect OpenAPI 3.1 uses).
// Paths the spec does not show are the default profile's; each operation names the section it comes from.
import { z } from "zod";
import { AgentConfig, AgentRecord } from "./agent.ts";
import { EmailSender, MaskedRow, ObservabilitySink, ProviderKeyWrite } from "./byok.ts";
import {
  CallBatch,
  CallBatchBody,
  CallSession,
  CallsQuery,
  CallToken,
  CallTokenBody,
  OutboundCallBody,
} from "./calls.ts";
import { AvatarCatalogPage, Catalog, VoiceCatalogPage } from "./catalog.ts";
import { OkResult } from "./common.ts";
import { Conversation, ConversationItem, MessageAccepted, MessageBody } from "./conversations.ts";
import { ErrorEnvelope } from "./errors.ts";
import { McpTool, Trigger } from "./integration.ts";
import { BuildKnowledgeBody, CreateKnowledgeBody, KnowledgeBase, KnowledgePage } from "./knowledge.ts";
import { TaskCreate, TaskPatch, TaskRecord, TaskRun } from "./task.ts";
import {
  PhoneImport,
  PhoneNumber,
  PhoneNumberPatch,
  PhoneNumbersQuery,
  RemoteNumber,
  TelephonyAccount,
  TelephonyAccountCreate,
} from "./telephony.ts";
import { ToolCreate, ToolPatch, ToolRecord, ValidationResult } from "./tool.ts";
import {
  DeliveryRecord,
  EventTypes,
  TestFireResult,
  Webhook,
  WebhookCreate,
  WebhookUpdate,
  WebhookWithSecret,
} from "./webhook.ts";

type Method = "get" | "post" | "put" | "patch" | "delete";

interface OperationDef {
  method: Method;
  /** OpenAPI path template, e.g. /v1/agents/{agent_id}. */
  path: string;
  summary: string;
  /** The spec section the operation comes from (a profile path says so in its summary). */
  section: string;
  body?: z.ZodType;
  /** Query parameters (other than paging, see `paged`). */
  query?: z.ZodObject;
  /** A page envelope (2.1) of this item, with limit/offset up to the ceiling. */
  paged?: { item: z.ZodType; ceiling: 200 | 500 };
  response?: z.ZodType;
  /** An SSE stream (6.2) instead of a JSON body. */
  stream?: true;
  status?: 200 | 201 | 202;
  /** Only GET /health needs no credential. */
  public?: true;
}

const PublishResult = (record: z.ZodObject) => record.extend({ warnings: z.array(z.string()) });
const Health = z.object({ status: z.string() });

const op = (
  method: Method,
  path: string,
  section: string,
  summary: string,
  rest: Omit<OperationDef, "method" | "path" | "section" | "summary"> = {},
): OperationDef => ({ method, path, section, summary, ...rest });

/** Every operation the reference platform registers, test-control and carrier callbacks aside. */
export const OPENAPI_OPERATIONS: OperationDef[] = [
  op("get", "/health", "4", "Liveness of the API process", { response: Health, public: true }),

  op("post", "/v1/agents", "4", "Create an agent (profile path)", {
    body: AgentConfig,
    response: AgentRecord,
    status: 201,
  }),
  op("get", "/v1/agents", "2.1", "List agents, newest first by last edit", {
    paged: { item: AgentRecord, ceiling: 200 },
  }),
  op("get", "/v1/agents/{agent_id}", "4", "Read an agent (profile path)", { response: AgentRecord }),
  op("patch", "/v1/agents/{agent_id}", "4", "Write the agent whole (replace, not merge)", {
    body: AgentConfig,
    response: AgentRecord,
  }),
  op("delete", "/v1/agents/{agent_id}", "2.7", "Delete an agent (profile path)", { response: OkResult }),
  op("post", "/v1/agents/{agent_id}/validate", "4", "Validate the draft: always 200", { response: ValidationResult }),
  op("post", "/v1/agents/{agent_id}/publish", "4", "Publish the draft; 400 with validate's errors", {
    response: PublishResult(AgentRecord),
  }),

  op("post", "/v1/tools", "4", "Create a tool (profile path)", { body: ToolCreate, response: ToolRecord, status: 201 }),
  op("get", "/v1/tools", "2.1", "List tools, newest first by last edit", { paged: { item: ToolRecord, ceiling: 200 } }),
  op("get", "/v1/tools/{tool_id}", "4", "Read a tool (profile path)", { response: ToolRecord }),
  op("patch", "/v1/tools/{tool_id}", "4", "Merge top-level fields; operations replaced whole", {
    body: ToolPatch,
    response: ToolRecord,
  }),
  op("delete", "/v1/tools/{tool_id}", "2.7", "Delete a tool (profile path)", { response: OkResult }),
  op("post", "/v1/tools/{tool_id}/validate", "4", "Validate the draft: always 200", { response: ValidationResult }),
  op("post", "/v1/tools/{tool_id}/publish", "3.3", "Publish the draft (profile path)", {
    response: PublishResult(ToolRecord),
  }),

  op("post", "/v1/tasks", "4", "Create a task (profile path)", { body: TaskCreate, response: TaskRecord, status: 201 }),
  op("get", "/v1/tasks", "4", "List tasks (profile path)", { paged: { item: TaskRecord, ceiling: 200 } }),
  op("get", "/v1/tasks/{task_id}", "4", "Read a task (profile path)", { response: TaskRecord }),
  op("patch", "/v1/tasks/{task_id}", "4", "Merge a task (profile path; null clears)", {
    body: TaskPatch,
    response: TaskRecord,
  }),
  op("delete", "/v1/tasks/{task_id}", "4", "Delete a task; its run history survives", { response: OkResult }),
  op("get", "/v1/task-runs", "4", "Task run history, also of deleted tasks (profile path)", {
    query: z.object({ task_id: z.uuid().optional() }),
    paged: { item: TaskRun, ceiling: 200 },
  }),

  op("get", "/v1/catalog", "2.8", "The catalog", { response: Catalog }),
  op("get", "/v1/catalog/voices", "2.1", "Voice gallery in its own envelope", {
    query: z.object({
      limit: z.int().min(1).max(200).optional(),
      offset: z.int().min(0).optional(),
      gender: z.string().optional(),
      language: z.string().optional(),
      provider: z.string().optional(),
    }),
    response: VoiceCatalogPage,
  }),
  op("get", "/v1/catalog/avatars", "2.1", "Avatar gallery in its own envelope", {
    query: z.object({
      limit: z.int().min(1).max(200).optional(),
      offset: z.int().min(0).optional(),
      gender: z.string().optional(),
      provider: z.string().optional(),
    }),
    response: AvatarCatalogPage,
  }),

  op("get", "/v1/byok", "4.1", "Provider-key list: name and masked tail (profile path)", {
    paged: { item: MaskedRow, ceiling: 200 },
  }),
  op(
    "put",
    "/v1/byok/{provider}",
    "4",
    "Store a provider key after verifying it (ADMIN; body field is a profile assumption)",
    { body: ProviderKeyWrite, response: MaskedRow },
  ),
  op("delete", "/v1/byok/{provider}", "4", "Remove the provider key (ADMIN)", { response: OkResult }),
  op("get", "/v1/secrets", "4.1", "Secret list: name and masked tail (profile path)", {
    paged: { item: MaskedRow, ceiling: 200 },
  }),
  op("put", "/v1/secrets/{name}", "4.1", "Create or replace a secret (ADMIN, profile path)", {
    body: z.object({ value: z.string() }),
    response: MaskedRow,
  }),
  op("delete", "/v1/secrets/{name}", "4.1", "Delete a secret (ADMIN, profile path)", { response: OkResult }),

  op("get", "/v1/integrations/{integration_id}/triggers", "4", "Triggers of an integration", {
    paged: { item: Trigger, ceiling: 200 },
  }),
  op("get", "/v1/integrations/{integration_id}/mcp-tools", "4", "MCP tools of an integration, unpaged", {
    response: z.array(McpTool),
  }),
  op("get", "/v1/email/senders", "4", "Email senders, unpaged", { response: z.array(EmailSender) }),
  op("get", "/v1/observability", "4", "Observability sinks, unpaged", { response: z.array(ObservabilitySink) }),

  op("post", "/v1/knowledge", "4", "Create a knowledge base (discovery starts)", {
    body: CreateKnowledgeBody,
    response: KnowledgeBase,
    status: 201,
  }),
  op("get", "/v1/knowledge/{kb_id}", "4.1", "Read a knowledge base (get_kb, profile path)", {
    response: KnowledgeBase,
  }),
  op("delete", "/v1/knowledge/{kb_id}", "2.7", "Delete a knowledge base (profile path)", { response: OkResult }),
  op("post", "/v1/knowledge/{kb_id}/build", "4.1", "Build from reviewed URLs (build_kb, profile path)", {
    body: BuildKnowledgeBody,
    response: KnowledgeBase,
  }),
  op("get", "/v1/knowledge/{kb_id}/pages", "4", "Pages of a knowledge base, oldest first", {
    paged: { item: KnowledgePage, ceiling: 500 },
  }),
  op("get", "/v1/knowledge/{kb_id}/events", "6.2", "Build event stream", { stream: true }),

  op("get", "/v1/telephony/accounts", "4.1", "Carrier accounts (profile path)", {
    paged: { item: TelephonyAccount, ceiling: 200 },
  }),
  op("post", "/v1/telephony/accounts", "4.1", "Connect a carrier account (profile path)", {
    body: TelephonyAccountCreate,
    response: TelephonyAccount,
    status: 201,
  }),
  op("delete", "/v1/telephony/accounts/{account_id}", "4.1", "Remove a carrier account (profile path)", {
    response: OkResult,
  }),
  op("get", "/v1/telephony/accounts/{account_id}/remote-numbers", "4", "Numbers the carrier account owns, read live", {
    paged: { item: RemoteNumber, ceiling: 200 },
  }),
  op(
    "post",
    "/v1/telephony/accounts/{account_id}/import",
    "4.1",
    "Import numbers (import_phone_numbers, profile path)",
    { body: PhoneImport, response: z.object({ items: z.array(PhoneNumber) }), status: 201 },
  ),
  op("get", "/v1/telephony/phone-numbers", "4", "Phone numbers", {
    query: PhoneNumbersQuery,
    paged: { item: PhoneNumber, ceiling: 200 },
  }),
  op("get", "/v1/telephony/phone-numbers/{phone_number_id}", "4.1", "Read a phone number (profile path)", {
    response: PhoneNumber,
  }),
  op("patch", "/v1/telephony/phone-numbers/{phone_number_id}", "4.1", "Update a phone number (profile path)", {
    body: PhoneNumberPatch,
    response: PhoneNumber,
  }),
  op("delete", "/v1/telephony/phone-numbers/{phone_number_id}", "4.1", "Release a phone number (profile path)", {
    response: OkResult,
  }),

  op("post", "/v1/calls/token", "4", "Media room token for a browser (EDITOR; 402 without credits)", {
    body: CallTokenBody,
    response: CallToken,
  }),
  op("post", "/v1/calls/outbound", "4", "Place one phone call (402 without credits)", {
    body: OutboundCallBody,
    response: CallSession,
    status: 201,
  }),
  op("get", "/v1/calls", "4", "Calls, newest first", { query: CallsQuery, paged: { item: CallSession, ceiling: 200 } }),
  op("get", "/v1/calls/{session_id}", "4", "Call record", { response: CallSession }),
  op("post", "/v1/calls/batches", "2.12", "Create a call batch", {
    body: CallBatchBody,
    response: CallBatch,
    status: 201,
  }),
  op("get", "/v1/calls/batches/{batch_id}", "2.13", "Read a batch (profile path)", { response: CallBatch }),
  op("post", "/v1/calls/batches/{batch_id}/cancel", "3.3", "Cancel a batch (profile path)", { response: CallBatch }),

  op("post", "/v1/conversations/messages", "4", "Send a text message (client_message_id dedupes)", {
    body: MessageBody,
    response: MessageAccepted,
    status: 202,
  }),
  op("get", "/v1/conversations", "2.1", "Conversations, newest first (profile path)", {
    paged: { item: Conversation, ceiling: 200 },
  }),
  op("get", "/v1/conversations/{conversation_id}/items", "4", "Items, oldest first", {
    paged: { item: ConversationItem, ceiling: 500 },
  }),
  op("get", "/v1/conversations/{conversation_id}/events", "6.2", "Conversation event stream", { stream: true }),

  op("get", "/v1/webhooks", "4", "Webhooks with masked secret_hint", { paged: { item: Webhook, ceiling: 200 } }),
  op("post", "/v1/webhooks", "4.1", "Create a webhook (profile path)", {
    body: WebhookCreate,
    response: WebhookWithSecret,
    status: 201,
  }),
  op("get", "/v1/webhooks/event-types", "4", "Event types: all and live", { response: EventTypes }),
  op("get", "/v1/webhooks/{webhook_id}", "4.1", "Read a webhook (profile path)", { response: Webhook }),
  op("patch", "/v1/webhooks/{webhook_id}", "4.1", "Update a webhook (profile path)", {
    body: WebhookUpdate,
    response: Webhook,
  }),
  op("delete", "/v1/webhooks/{webhook_id}", "4.1", "Delete a webhook (profile path)", { response: OkResult }),
  op("post", "/v1/webhooks/{webhook_id}/rotate-secret", "4.1", "Rotate the signing secret (profile path)", {
    response: WebhookWithSecret,
  }),
  op("post", "/v1/webhooks/{webhook_id}/test", "4.1", "Test-fire (profile path)", { response: TestFireResult }),
  op("get", "/v1/webhooks/{webhook_id}/deliveries", "4", "Delivery log", {
    paged: { item: DeliveryRecord, ceiling: 200 },
  }),
];

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

function queryParameters(def: OperationDef) {
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

function successContent(def: OperationDef) {
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
    const operation: Record<string, unknown> = {
      operationId: `${def.method}${def.path.replace(/[{}]/g, "").replace(/[/-](\w)/g, (_, c: string) => c.toUpperCase())}`,
      summary: def.summary,
      description: `Spec section ${def.section}.`,
      parameters: [...pathParameters(def.path), ...queryParameters(def)],
      responses: {
        [String(def.status ?? 200)]: { description: "Success", ...(content === undefined ? {} : { content }) },
        "4XX": errorRef,
        "5XX": errorRef,
      },
      ...(def.public ? { security: [] } : {}),
    };
    if (def.body !== undefined) {
      operation.requestBody = {
        required: true,
        content: { "application/json": { schema: schemaOf(def.body, "input") } },
      };
    }
    paths[def.path] ??= {};
    paths[def.path]![def.method] = operation;
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
