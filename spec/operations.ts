// The one table of operations (ARCHITECTURE.md, "The operations table"): every operation the harness knows, by
// the name the profile and the suites call it by, with its method and path, the spec section it comes from, the
// role the spec requires, paging (ceiling and order), and its request and response schemas. The OpenAPI
// document (openapi.ts), the profile's default operations (profile.ts), the paged lists the paging checks run
// over, the auth checks' list of endpoints and the load scenarios' paths are all derived from it.
import { z } from "zod";
import { AgentConfig, AgentRecord } from "./agent.ts";
import { EmailSender, MaskedRow, ObservabilitySink, ProviderKeyWrite, SecretWrite } from "./byok.ts";
import {
  CallBatch,
  CallBatchBody,
  CallSession,
  CallsQuery,
  CallToken,
  CallTokenBody,
  OutboundCallBody,
} from "./calls.ts";
import { AvatarCatalogPage, AvatarQuery, Catalog, VoiceCatalogPage, VoiceQuery } from "./catalog.ts";
import { OkResult } from "./common.ts";
import {
  CONVERSATION_FRAME_SCHEMAS,
  Conversation,
  ConversationItem,
  MessageAccepted,
  MessageBody,
} from "./conversations.ts";
import { McpTool, Trigger } from "./integration.ts";
import {
  BuildKnowledgeBody,
  CreateKnowledgeBody,
  KB_FRAME_SCHEMAS,
  KnowledgeBase,
  KnowledgePage,
} from "./knowledge.ts";
import type { OptionalBehaviourId } from "./optional-behaviours.ts";
import type { ShapeName } from "./shapes.ts";
import { TaskCreate, TaskPatch, TaskRecord, TaskRun, TaskRunsQuery } from "./task.ts";
import {
  PhoneImport,
  PhoneImportAnswer,
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

export type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

/**
 * The role the spec requires (5 item 6 and the section 4 table): `none` for GET /health only, `any` for any
 * authenticated member, `EDITOR` or `ADMIN`; `not shown` where the spec leaves it open.
 */
export type Role = "none" | "any" | "EDITOR" | "ADMIN" | "not shown";

/** 2.1: agents and tools newest first by last edit, calls and conversations by start; items and pages oldest
 * first; the order of the other lists is not shown. */
export type PageOrder = "newest-first" | "oldest-first" | "not shown";

export interface OperationRow {
  method: Method;
  /** Path template under the base URL, `{name}` for path parameters. */
  path: string;
  /** The spec section the operation (or, for an assumed path, the assumption) comes from. */
  section: string;
  summary: string;
  role: Role;
  /**
   * Called by the harness through the profile, by this name (spec/profile.ts DEFAULT_OPERATIONS), so `--profile`
   * can move it: `assumed` where the spec does not show the path (4.1), `given` where it does and the row is
   * listed so every suite calls such operations one way.
   */
  profile?: "assumed" | "given";
  /** A page envelope (2.1) of this item, with limit/offset up to the ceiling (8). */
  paged?: { item: z.ZodType; ceiling: 200 | 500; order: PageOrder };
  /** Query parameters other than paging. */
  query?: z.ZodObject;
  body?: z.ZodType;
  response?: z.ZodType;
  /**
   * Where the spec shows no fields, the records and bodies (spec/shapes.ts) the harness reads and writes
   * through the profile's field maps and words: the request body, the query, the response (of a paged list:
   * each item; several shapes: their fields side by side) and a stream's frames by name.
   */
  shapes?: {
    body?: ShapeName;
    query?: ShapeName;
    response?: readonly ShapeName[];
    frames?: Readonly<Record<string, ShapeName>>;
  };
  /** An SSE stream (6.2) instead of a JSON body; the frames are `frames`, by name. */
  stream?: true;
  frames?: Readonly<Record<string, z.ZodType>>;
  /**
   * Why a request the schemas accept can still be refused, with 400 (7: "the request matched the schema but a
   * rule rejected it"): what no schema of one request can carry (a name taken, a version not published, the
   * target's catalog). The OpenAPI document lists them on the operation.
   */
  rules?: readonly string[];
  /**
   * Its refusal lists every problem in detail.errors by a sentence of its own, one line or many, so 7's "errors is
   * an empty array ... when the failure had one problem" does not judge it: a publish with validation errors
   * answers "those lines in detail.errors" (4, 3.3).
   */
  errorLines?: true;
  /**
   * The optional behaviour (spec/optional-behaviours.ts) the operation is: a server whose profile declares it
   * `must-be-absent` does not have the operation, so nothing else is asked of it there.
   */
  optional?: OptionalBehaviourId;
  /** The service the operation calls on the caller's behalf: its silence is a 502 (7), not a verdict on the request. */
  upstream?: "carrier" | "provider";
  /** The reference platform's success status; the spec fixes none but 200 for validate (4). */
  status?: 200 | 201 | 202;
}

const Health = z.object({ status: z.string() });
const PublishResult = (record: z.ZodObject) => record.extend({ warnings: z.array(z.string()) });

const NAME_TAKEN = "the name is taken: names are unique per workspace (4)";
const CATALOG = "a provider/model pair, voice, language or builtin tool the catalog does not list (2.8)";
const TOOL_REFS = "a tool_id whose tool_version is not published, or an operation tree no run could execute (2.10, 7)";
const AGENT_RULES = [NAME_TAKEN, CATALOG, "realtime together with a cascade slot (2.9)", TOOL_REFS];
const TOOL_RULES = [NAME_TAKEN, "an operation tree no run could execute (7): an operation kind or publish key twice"];
const PUBLISH_RULES = ["the draft has validation errors: the same lines validate reports (3.3)"];
const AGENT_SOURCE = [
  "an agent_version that is not published (9)",
  "a from phone number that cannot call out, or whose carrier account is gone",
];
const PUBLIC_URL = "a URL on a private, internal or cloud-metadata address (6.1)";

type RowRest = Omit<OperationRow, "method" | "path" | "section" | "summary" | "role"> & { role?: Role };

/** A row; its `profile` and `paged` keep their literal types, so names can be selected by them. */
const row = <R extends RowRest>(
  method: Method,
  path: string,
  section: string,
  summary: string,
  rest: R = {} as R,
): OperationRow & R => ({ method, path, section, summary, role: "not shown", ...rest });

const newest = (item: z.ZodType) => ({ item, ceiling: 200, order: "newest-first" }) as const;
const unordered = (item: z.ZodType) => ({ item, ceiling: 200, order: "not shown" }) as const;
const oldest500 = (item: z.ZodType) => ({ item, ceiling: 500, order: "oldest-first" }) as const;

export const OPERATIONS = {
  health: row("GET", "/health", "4", "Liveness of the API process", { role: "none", response: Health }),

  "agent.create": row("POST", "/v1/agents", "4", "Create an agent", {
    shapes: { response: ["agent_record"] },
    rules: AGENT_RULES,
    profile: "assumed",
    body: AgentConfig,
    response: AgentRecord,
    status: 201,
  }),
  "agent.list": row("GET", "/v1/agents", "2.1", "List agents, newest first by last edit", {
    shapes: { response: ["agent_record"] },
    profile: "assumed",
    paged: newest(AgentRecord),
  }),
  "agent.get": row("GET", "/v1/agents/{agent_id}", "4", "Read an agent", {
    shapes: { response: ["agent_record"] },
    profile: "assumed",
    response: AgentRecord,
  }),
  "agent.patch": row("PATCH", "/v1/agents/{agent_id}", "4", "Write the agent whole (replace, not merge)", {
    shapes: { response: ["agent_record"] },
    rules: AGENT_RULES,
    profile: "given",
    body: AgentConfig,
    response: AgentRecord,
  }),
  "agent.delete": row("DELETE", "/v1/agents/{agent_id}", "2.7", "Delete an agent", {
    profile: "assumed",
    response: OkResult,
  }),
  "agent.validate": row("POST", "/v1/agents/{agent_id}/validate", "4", "Validate the draft: always 200", {
    profile: "given",
    response: ValidationResult,
  }),
  "agent.publish": row("POST", "/v1/agents/{agent_id}/publish", "4", "Publish the draft; 400 with validate's errors", {
    shapes: { response: ["agent_record", "publish_answer"] },
    rules: PUBLISH_RULES,
    errorLines: true,
    profile: "given",
    response: PublishResult(AgentRecord),
  }),

  "tool.create": row("POST", "/v1/tools", "4", "Create a tool", {
    shapes: { response: ["tool_record"] },
    rules: TOOL_RULES,
    profile: "assumed",
    body: ToolCreate,
    response: ToolRecord,
    status: 201,
  }),
  "tool.list": row("GET", "/v1/tools", "2.1", "List tools, newest first by last edit", {
    shapes: { response: ["tool_record"] },
    profile: "assumed",
    paged: newest(ToolRecord),
  }),
  "tool.get": row("GET", "/v1/tools/{tool_id}", "4", "Read a tool", {
    shapes: { response: ["tool_record"] },
    profile: "assumed",
    response: ToolRecord,
  }),
  "tool.patch": row("PATCH", "/v1/tools/{tool_id}", "4", "Merge top-level fields; operations replaced whole", {
    shapes: { response: ["tool_record"] },
    rules: TOOL_RULES,
    profile: "given",
    body: ToolPatch,
    response: ToolRecord,
  }),
  "tool.delete": row("DELETE", "/v1/tools/{tool_id}", "2.7", "Delete a tool", {
    profile: "assumed",
    response: OkResult,
  }),
  "tool.validate": row("POST", "/v1/tools/{tool_id}/validate", "4", "Validate the draft: always 200", {
    profile: "given",
    response: ValidationResult,
  }),
  "tool.publish": row("POST", "/v1/tools/{tool_id}/publish", "3.3", "Publish the draft", {
    shapes: { response: ["tool_record", "publish_answer"] },
    rules: PUBLISH_RULES,
    errorLines: true,
    profile: "assumed",
    response: PublishResult(ToolRecord),
  }),

  "task.create": row("POST", "/v1/tasks", "4", "Create a task", {
    shapes: { body: "task", response: ["task"] },
    rules: [NAME_TAKEN],
    profile: "assumed",
    body: TaskCreate,
    response: TaskRecord,
    status: 201,
  }),
  "task.list": row("GET", "/v1/tasks", "4", "List tasks", {
    shapes: { response: ["task"] },
    profile: "assumed",
    paged: unordered(TaskRecord),
  }),
  "task.get": row("GET", "/v1/tasks/{task_id}", "4", "Read a task", {
    shapes: { response: ["task"] },
    profile: "assumed",
    response: TaskRecord,
  }),
  "task.update": row("PATCH", "/v1/tasks/{task_id}", "4", "Merge a task (null clears)", {
    shapes: { body: "task", response: ["task"] },
    rules: [NAME_TAKEN],
    profile: "assumed",
    body: TaskPatch,
    response: TaskRecord,
  }),
  "task.delete": row("DELETE", "/v1/tasks/{task_id}", "4", "Delete a task; its run history survives", {
    profile: "assumed",
    response: OkResult,
  }),
  // 4: a deleted task's run history survives; where it is read is not shown.
  "task.runs": row("GET", "/v1/task-runs", "4", "Task run history, also of deleted tasks", {
    shapes: { query: "task_runs_query", response: ["task_run"] },
    profile: "assumed",
    query: TaskRunsQuery,
    paged: unordered(TaskRun),
  }),

  "catalog.get": row("GET", "/v1/catalog", "2.8", "The catalog", { response: Catalog }),
  "catalog.voices": row("GET", "/v1/catalog/voices", "2.1", "Voice gallery in its own envelope", {
    shapes: { query: "voice_query", response: ["voice_gallery"] },
    query: VoiceQuery,
    response: VoiceCatalogPage,
    upstream: "provider",
  }),
  "catalog.avatars": row("GET", "/v1/catalog/avatars", "2.1", "Avatar gallery in its own envelope", {
    shapes: { query: "avatar_query", response: ["avatar_gallery"] },
    query: AvatarQuery,
    response: AvatarCatalogPage,
    upstream: "provider",
  }),

  "byok.list": row("GET", "/v1/byok", "4.1", "Provider-key list: name and masked tail", {
    shapes: { response: ["masked_row"] },
    role: "any",
    profile: "assumed",
    paged: unordered(MaskedRow),
  }),
  "byok.put": row("PUT", "/v1/byok/{provider}", "4", "Store a provider key after verifying it", {
    shapes: { body: "byok_put", response: ["masked_row"] },
    rules: ["a provider the catalog does not list (2.8)", "the provider rejected the key"],
    upstream: "provider",
    role: "ADMIN",
    body: ProviderKeyWrite,
    response: MaskedRow,
  }),
  "byok.delete": row("DELETE", "/v1/byok/{provider}", "4", "Remove the provider key", {
    role: "ADMIN",
    response: OkResult,
  }),
  "secret.list": row("GET", "/v1/secrets", "4.1", "Secret list: name and masked tail", {
    shapes: { response: ["masked_row"] },
    role: "any",
    profile: "assumed",
    paged: unordered(MaskedRow),
  }),
  "secret.put": row("PUT", "/v1/secrets/{name}", "4.1", "Create or replace a secret", {
    shapes: { body: "secret_put", response: ["masked_row"] },
    role: "ADMIN",
    profile: "assumed",
    body: SecretWrite,
    response: MaskedRow,
  }),
  "secret.delete": row("DELETE", "/v1/secrets/{name}", "4.1", "Delete a secret", {
    role: "ADMIN",
    profile: "assumed",
    response: OkResult,
  }),

  "trigger.list": row("GET", "/v1/integrations/{integration_id}/triggers", "4", "Triggers of an integration", {
    paged: unordered(Trigger),
  }),
  "mcp-tool.list": row("GET", "/v1/integrations/{integration_id}/mcp-tools", "4", "MCP tools of an integration", {
    response: z.array(McpTool),
  }),
  "email-sender.list": row("GET", "/v1/email/senders", "4", "Email senders, unpaged", {
    response: z.array(EmailSender),
  }),
  "observability.list": row("GET", "/v1/observability", "4", "Observability sinks, unpaged", {
    response: z.array(ObservabilitySink),
  }),

  "kb.create": row("POST", "/v1/knowledge", "4", "Create a knowledge base (discovery starts)", {
    rules: ["a URL on a private or internal address"],
    body: CreateKnowledgeBody,
    response: KnowledgeBase,
    status: 201,
  }),
  "kb.get": row("GET", "/v1/knowledge/{kb_id}", "4.1", "Read a knowledge base (get_kb)", {
    profile: "assumed",
    response: KnowledgeBase,
  }),
  // Not named by the spec at all: used only to clean up after a run (a server without it leaves leftovers).
  "kb.delete": row("DELETE", "/v1/knowledge/{kb_id}", "4.1", "Delete a knowledge base", {
    profile: "assumed",
    optional: "knowledge-delete",
    response: OkResult,
  }),
  "kb.build": row("POST", "/v1/knowledge/{kb_id}/build", "4.1", "Build from reviewed URLs (build_kb)", {
    shapes: { body: "kb_build" },
    rules: ["a knowledge base not in review (3.1)", "a URL discovery did not find"],
    profile: "assumed",
    body: BuildKnowledgeBody,
    response: KnowledgeBase,
  }),
  "kb.pages": row("GET", "/v1/knowledge/{kb_id}/pages", "4", "Pages of a knowledge base, oldest first", {
    shapes: { response: ["kb_page"] },
    paged: oldest500(KnowledgePage),
  }),
  "kb.events": row("GET", "/v1/knowledge/{kb_id}/events", "6.2", "Build event stream", {
    shapes: { frames: { snapshot: "kb_frame", progress: "kb_frame", status: "kb_frame" } },
    role: "any",
    stream: true,
    frames: KB_FRAME_SCHEMAS,
  }),

  "telephony.account.list": row("GET", "/v1/telephony/accounts", "4.1", "Carrier accounts", {
    shapes: { response: ["telephony_account"] },
    profile: "assumed",
    paged: unordered(TelephonyAccount),
  }),
  "telephony.account.create": row("POST", "/v1/telephony/accounts", "4.1", "Connect a carrier account", {
    shapes: { body: "telephony_account_create", response: ["telephony_account"] },
    rules: ["a region with no carrier to connect to"],
    profile: "assumed",
    body: TelephonyAccountCreate,
    response: TelephonyAccount,
    status: 201,
  }),
  "telephony.account.delete": row("DELETE", "/v1/telephony/accounts/{account_id}", "4.1", "Remove a carrier account", {
    rules: ["the region's own carrier account, or one that still has imported numbers"],
    profile: "assumed",
    response: OkResult,
  }),
  "remote-number.list": row(
    "GET",
    "/v1/telephony/accounts/{account_id}/remote-numbers",
    "4",
    "Numbers the carrier account owns, read live",
    { paged: unordered(RemoteNumber), upstream: "carrier" },
  ),
  "phone.import": row(
    "POST",
    "/v1/telephony/accounts/{account_id}/import",
    "4.1",
    "Import numbers (import_phone_numbers)",
    {
      shapes: { body: "phone_import", response: ["phone_import_answer"] },
      rules: ["a number the carrier account does not own, or one already imported"],
      upstream: "carrier",
      profile: "assumed",
      body: PhoneImport,
      response: PhoneImportAnswer,
      status: 201,
    },
  ),
  "phone.list": row("GET", "/v1/telephony/phone-numbers", "4", "Phone numbers", {
    shapes: { query: "phone_numbers_query" },
    query: PhoneNumbersQuery,
    paged: unordered(PhoneNumber),
  }),
  "phone.get": row("GET", "/v1/telephony/phone-numbers/{phone_number_id}", "4.1", "Read a phone number", {
    profile: "assumed",
    response: PhoneNumber,
  }),
  "phone.update": row("PATCH", "/v1/telephony/phone-numbers/{phone_number_id}", "4.1", "Update a phone number", {
    shapes: { body: "phone_update" },
    profile: "assumed",
    body: PhoneNumberPatch,
    response: PhoneNumber,
  }),
  "phone.delete": row("DELETE", "/v1/telephony/phone-numbers/{phone_number_id}", "4.1", "Release a phone number", {
    profile: "assumed",
    response: OkResult,
  }),

  "call.token": row("POST", "/v1/calls/token", "4", "Media room token for a browser (402 without credits)", {
    shapes: { body: "call_token_body", response: ["call_token"] },
    rules: [AGENT_SOURCE[0]!],
    role: "EDITOR",
    body: CallTokenBody,
    response: CallToken,
  }),
  "call.outbound": row("POST", "/v1/calls/outbound", "4", "Place one phone call (402 without credits)", {
    shapes: { body: "outbound_call", response: ["call_session"] },
    rules: [...AGENT_SOURCE, "the carrier refused the call"],
    upstream: "carrier",
    body: OutboundCallBody,
    response: CallSession,
    status: 201,
  }),
  "call.list": row("GET", "/v1/calls", "4", "Calls, newest first", {
    shapes: { response: ["call_session"] },
    query: CallsQuery,
    paged: newest(CallSession),
  }),
  "call.get": row("GET", "/v1/calls/{session_id}", "4", "Call record", {
    shapes: { response: ["call_session"] },
    response: CallSession,
  }),
  "batch.create": row("POST", "/v1/calls/batches", "2.12", "Create a call batch", {
    shapes: { response: ["batch"] },
    rules: AGENT_SOURCE,
    body: CallBatchBody,
    response: CallBatch,
    status: 201,
  }),
  "batch.get": row("GET", "/v1/calls/batches/{batch_id}", "2.13", "Read a batch", {
    shapes: { response: ["batch"] },
    profile: "assumed",
    response: CallBatch,
  }),
  "batch.cancel": row("POST", "/v1/calls/batches/{batch_id}/cancel", "3.3", "Cancel a batch", {
    shapes: { response: ["batch"] },
    rules: ["a batch that already ended"],
    profile: "assumed",
    response: CallBatch,
  }),

  "message.send": row("POST", "/v1/conversations/messages", "4", "Send a text message (client_message_id dedupes)", {
    shapes: { body: "message_body", response: ["message_accepted"] },
    rules: ["an agent with no published version, or an agent_id other than the conversation's"],
    body: MessageBody,
    response: MessageAccepted,
    status: 202,
  }),
  "conversation.list": row("GET", "/v1/conversations", "2.1", "Conversations, newest first", {
    shapes: { response: ["conversation"] },
    profile: "assumed",
    paged: newest(Conversation),
  }),
  "conversation.items": row("GET", "/v1/conversations/{conversation_id}/items", "4", "Items, oldest first", {
    shapes: { response: ["conversation_item"] },
    paged: oldest500(ConversationItem),
  }),
  "conversation.events": row("GET", "/v1/conversations/{conversation_id}/events", "6.2", "Conversation event stream", {
    shapes: {
      frames: {
        "conversation.snapshot": "conversation_snapshot",
        "item.created": "conversation_item",
        turn: "turn_frame",
      },
    },
    role: "any",
    stream: true,
    frames: CONVERSATION_FRAME_SCHEMAS,
  }),

  "webhook.list": row("GET", "/v1/webhooks", "4", "Webhooks with masked secret_hint", {
    shapes: { response: ["webhook"] },
    paged: unordered(Webhook),
  }),
  "webhook.create": row("POST", "/v1/webhooks", "4.1", "Create a webhook", {
    shapes: { body: "webhook_create", response: ["webhook"] },
    rules: [PUBLIC_URL],
    profile: "assumed",
    body: WebhookCreate,
    response: WebhookWithSecret,
    status: 201,
  }),
  "webhook.event-types": row("GET", "/v1/webhooks/event-types", "4", "Event types: all and live", {
    response: EventTypes,
  }),
  "webhook.get": row("GET", "/v1/webhooks/{webhook_id}", "4.1", "Read a webhook", {
    shapes: { response: ["webhook"] },
    profile: "assumed",
    response: Webhook,
  }),
  "webhook.update": row("PATCH", "/v1/webhooks/{webhook_id}", "4.1", "Update a webhook", {
    shapes: { body: "webhook_update", response: ["webhook"] },
    rules: [PUBLIC_URL],
    profile: "assumed",
    body: WebhookUpdate,
    response: Webhook,
  }),
  "webhook.delete": row("DELETE", "/v1/webhooks/{webhook_id}", "4.1", "Delete a webhook", {
    profile: "assumed",
    response: OkResult,
  }),
  "webhook.rotate-secret": row("POST", "/v1/webhooks/{webhook_id}/rotate-secret", "4.1", "Rotate the signing secret", {
    shapes: { response: ["webhook"] },
    profile: "assumed",
    response: WebhookWithSecret,
  }),
  "webhook.test": row("POST", "/v1/webhooks/{webhook_id}/test", "4.1", "Test-fire", {
    rules: ["a disabled webhook (6.1: 400 webhook is disabled)"],
    profile: "assumed",
    response: TestFireResult,
  }),
  "webhook.deliveries": row("GET", "/v1/webhooks/{webhook_id}/deliveries", "4", "Delivery log", {
    shapes: { response: ["delivery_record"] },
    paged: unordered(DeliveryRecord),
  }),
} as const satisfies Record<string, OperationRow>;

export type OperationName = keyof typeof OPERATIONS;

/** 1 and 9: every path is prefixed `/v1`. */
export const PATH_PREFIX = "/v1";

/** A path under the prefix that no row names: what a server answers for a route it does not have. */
export const unroutedPath = (name: string): string => `${PATH_PREFIX}/${encodeURIComponent(name)}`;

/**
 * 1: "Sign-in, workspaces, members, roles, personal access tokens and payments live on a separate global control
 * host ... A 404 from a regional base URL for one of those paths means the client is aimed at the wrong host."
 * The control host's paths are not shown: these are the ones such a client would most likely send.
 */
export const CONTROL_HOST_PATHS: ReadonlyArray<readonly [Method, string]> = [
  ["POST", `${PATH_PREFIX}/auth/sign-in`],
  ["GET", `${PATH_PREFIX}/workspaces`],
  ["GET", `${PATH_PREFIX}/members`],
  ["GET", `${PATH_PREFIX}/roles`],
  ["GET", `${PATH_PREFIX}/tokens`],
  ["POST", `${PATH_PREFIX}/tokens`],
  ["GET", `${PATH_PREFIX}/payments`],
];

/** The operations the harness calls through the profile (by name, overridable with --profile). */
export type ProfileOperationName = {
  [K in OperationName]: (typeof OPERATIONS)[K] extends { profile: string } ? K : never;
}[OperationName];

/** Every row, with its name. */
export function operationRows(): Array<OperationRow & { name: OperationName }> {
  return Object.entries(OPERATIONS).map(([name, r]) => ({ ...r, name: name as OperationName }));
}

/** Every operation's path template by name: what the k6 bundle carries instead of the table (load/bundle.ts). */
export function operationPaths(): Record<OperationName, string> {
  return Object.fromEntries(operationRows().map((r) => [r.name, r.path])) as Record<OperationName, string>;
}

/** The shapes of every stream's frames by frame name (the six streams' frame names do not meet). */
export function streamFrameShapes(): Record<string, ShapeName> {
  const shapes: Record<string, ShapeName> = {};
  for (const row of operationRows()) {
    for (const [event, shape] of Object.entries(row.shapes?.frames ?? {})) {
      if (shapes[event] !== undefined) throw new Error(`two streams shape a frame named ${event}`);
      shapes[event] = shape;
    }
  }
  return shapes;
}
