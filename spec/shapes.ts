// Shapes: every record the harness reads and every body it writes where the spec does not show the fields
// (2.13, 4.1, 6.1, 6.2 gaps). Each names the reference's schema (its keys are the fields, by the reference's
// names), the fields whose name the spec itself gives (never moved), the fields that hold another shape, and
// the fields whose values are a word list. A profile's field map (`fields.call_session.status: "state"`)
// says where a server puts each field; spec/reshape.ts reads and writes through it.
import type { z } from "zod";
import { AgentRecord } from "./agent.ts";
import { MaskedRow, ProviderKeyWrite, SecretWrite } from "./byok.ts";
import {
  CallBatch,
  CallSession,
  CallToken,
  CallTokenBody,
  MediaRecording,
  OutboundCallBody,
  TranscriptRow,
} from "./calls.ts";
import {
  AvatarCatalogItem,
  AvatarCatalogPage,
  AvatarFacets,
  AvatarQuery,
  VoiceCatalogItem,
  VoiceCatalogPage,
  VoiceFacets,
  VoiceQuery,
} from "./catalog.ts";
import {
  CONVERSATION_FRAME_SCHEMAS,
  Conversation,
  ConversationItem,
  MessageAccepted,
  MessageBody,
} from "./conversations.ts";
import { BuildKnowledgeBody, KbSnapshotFrame, KnowledgePage } from "./knowledge.ts";
import { TaskRecord, TaskRun, TaskRunsQuery } from "./task.ts";
import {
  PhoneImport,
  PhoneImportAnswer,
  PhoneNumberPatch,
  PhoneNumbersQuery,
  TelephonyAccount,
  TelephonyAccountCreate,
} from "./telephony.ts";
import { ToolRecord, ValidationResult } from "./tool.ts";
import { DeliveryRecord, Webhook, WebhookCreate, WebhookEnvelope, WebhookUpdate } from "./webhook.ts";
import type { WordListName } from "./words.ts";

export interface ShapeSpec {
  /** What it is, for the assumption row. */
  readonly title: string;
  readonly section: string;
  /** The reference's shape: its keys are the fields. */
  readonly schema: z.ZodObject;
  /** Fields whose name the spec gives: they stay where they are. */
  readonly given?: readonly string[];
  /** Fields the harness never reads or writes, left out of the map. */
  readonly unused?: readonly string[];
  /** Fields holding another shape: an object, or (`each`) an array of them. */
  readonly nested?: Readonly<Record<string, { readonly shape: string; readonly each?: true }>>;
  /** Fields whose value is a word of a list (3.3: states not shown). */
  readonly words?: Readonly<Record<string, WordListName>>;
  /** A query string: its fields are parameter names, never dotted paths. */
  readonly query?: true;
  /** Its map is a single profile value's (kept from before field maps), not `fields.<shape>`. */
  readonly derived?: "byok_body_field" | "phone_numbers_account_filter" | "task_text_fields";
}

const keysOf = (schema: z.ZodObject) => Object.keys(schema.shape);

export const SHAPES = {
  agent_record: {
    title: "agent record",
    section: "2.13, 3.3",
    schema: AgentRecord,
  },
  tool_record: { title: "tool record", section: "2.13, 3.3", schema: ToolRecord },
  publish_answer: {
    title: "publish answer (beside the record's fields)",
    section: "3.3",
    schema: ValidationResult.pick({ warnings: true }),
  },
  task: {
    title: "task record and bodies (2.13 shows none of its fields beyond name)",
    section: "2.13, 4",
    schema: TaskRecord,
    given: ["name"],
    unused: ["id", "agent_id", "created_at", "updated_at"],
    derived: "task_text_fields",
  },
  task_run: { title: "task run history row", section: "2.13, 4", schema: TaskRun },
  task_runs_query: { title: "task run history filter", section: "4", schema: TaskRunsQuery, query: true },
  kb_build: { title: "build_kb body", section: "4.1", schema: BuildKnowledgeBody },
  kb_page: { title: "knowledge-base page row", section: "4", schema: KnowledgePage },
  kb_frame: {
    title: "knowledge-base stream frames (snapshot, progress, status)",
    section: "6.2",
    schema: KbSnapshotFrame,
    given: ["event"],
  },
  phone_import: { title: "import_phone_numbers body", section: "4.1", schema: PhoneImport },
  phone_import_answer: {
    title: "import_phone_numbers answer",
    section: "4.1",
    schema: PhoneImportAnswer,
    // The imported rows are 2.5's phone numbers.
  },
  phone_update: { title: "phone-number update body", section: "4.1", schema: PhoneNumberPatch },
  telephony_account: { title: "telephony account record", section: "4.1", schema: TelephonyAccount },
  telephony_account_create: {
    title: "telephony account create body",
    section: "4.1",
    schema: TelephonyAccountCreate,
  },
  webhook: {
    title: "webhook record (2.6 names its fields; its status values are not shown)",
    section: "2.6, 3.3",
    schema: Webhook,
    given: keysOf(Webhook),
    words: { status: "webhook_status" },
  },
  webhook_create: {
    title: "webhook create body",
    section: "4.1",
    schema: WebhookCreate,
    words: { status: "webhook_status" },
  },
  webhook_update: {
    title: "webhook update body",
    section: "4.1",
    schema: WebhookUpdate,
    words: { status: "webhook_status" },
  },
  webhook_envelope: {
    title: "webhook envelope",
    section: "6.1",
    schema: WebhookEnvelope,
    given: ["type", "agent_id"],
  },
  delivery_record: {
    title: "webhook delivery row",
    section: "2.13",
    schema: DeliveryRecord,
    words: { status: "delivery_status" },
  },
  byok_put: {
    title: "provider-key write body",
    section: "4.1",
    schema: ProviderKeyWrite,
    derived: "byok_body_field",
  },
  phone_numbers_query: {
    title: "phone-number list's carrier-account filter",
    section: "4",
    schema: PhoneNumbersQuery,
    query: true,
    derived: "phone_numbers_account_filter",
  },
  secret_put: { title: "secret write body", section: "4.1", schema: SecretWrite },
  masked_row: { title: "secret and provider-key list rows", section: "2.13, 5", schema: MaskedRow },
  outbound_call: { title: "outbound call body", section: "4.1", schema: OutboundCallBody },
  call_token_body: { title: "web call token body", section: "4.1", schema: CallTokenBody },
  call_token: { title: "web call token answer", section: "4.1", schema: CallToken },
  call_session: {
    title: "call session record (GET /v1/calls/{session_id}, the calls list, the session events' data)",
    section: "2.13, 6.1",
    schema: CallSession,
    // 6.1 names the payload's groups, and 7 close_reason; the path names session_id.
    given: [
      "session_id",
      "close_reason",
      "userdata",
      "analysis",
      "transcript",
      "cost",
      "recording",
      "screen_recording",
      "transfer",
    ],
    nested: {
      transcript: { shape: "transcript_row", each: true },
      recording: { shape: "media_recording" },
      screen_recording: { shape: "media_recording" },
    },
    words: { status: "session_status" },
  },
  transcript_row: { title: "transcript row", section: "6.1", schema: TranscriptRow },
  media_recording: {
    title: "recording and screen_recording (four fields each)",
    section: "6.1",
    schema: MediaRecording,
  },
  batch: {
    title: "batch record (the create answer and GET of one batch)",
    section: "2.13, 4.1",
    schema: CallBatch,
    nested: { counts: { shape: "batch_counts" } },
    words: { status: "batch_status" },
  },
  batch_counts: { title: "batch recipient counts", section: "2.13", schema: CallBatch.shape.counts },
  message_body: {
    title: "conversation message body",
    section: "4.1",
    schema: MessageBody,
    given: ["client_message_id"],
  },
  message_accepted: {
    title: "conversation message answer",
    section: "4.1",
    schema: MessageAccepted,
    nested: { item: { shape: "conversation_item" } },
  },
  conversation_item: {
    title: "conversation item (the items list, the stream's item.created and snapshot)",
    section: "4.1, 6.2",
    schema: ConversationItem,
    // 6.2 rule 4 and the assistant.started row name them.
    given: ["trigger_item_id"],
    words: { role: "item_role" },
  },
  conversation: { title: "conversation record", section: "2.1, 4.1", schema: Conversation },
  turn_frame: {
    title: "turn frame (the turn lifecycle)",
    section: "6.2",
    schema: CONVERSATION_FRAME_SCHEMAS.turn,
    given: ["event"],
    // A turn's frames are tied to it by naming its triggering item anywhere in their body.
    unused: ["turn_id", "trigger_item_id", "error"],
    words: { status: "turn_status" },
  },
  conversation_snapshot: {
    title: "conversation.snapshot frame (the conversation and all items)",
    section: "6.2",
    schema: CONVERSATION_FRAME_SCHEMAS["conversation.snapshot"],
    given: ["event"],
    nested: { conversation: { shape: "conversation" }, items: { shape: "conversation_item", each: true } },
  },
  voice_gallery: {
    title: "voice gallery page (its own envelope: 2.1 names has_more and total_count)",
    section: "2.1",
    schema: VoiceCatalogPage,
    given: ["has_more", "total_count"],
    nested: { items: { shape: "voice_row", each: true }, facets: { shape: "voice_facets" } },
  },
  voice_facets: { title: "voice gallery facets", section: "2.1", schema: VoiceFacets },
  voice_row: {
    title: "voice gallery row (2.8's voice entry and what its facets filter on)",
    section: "2.1, 2.8",
    schema: VoiceCatalogItem,
    given: ["id", "description", "gender", "name", "sample_url", "tags"],
  },
  voice_query: {
    title: "voice gallery filters",
    section: "4",
    schema: VoiceQuery.omit({ limit: true, offset: true }),
    query: true,
  },
  avatar_gallery: {
    title: "avatar gallery page (its own envelope: 2.1 names has_more and total_count)",
    section: "2.1",
    schema: AvatarCatalogPage,
    given: ["has_more", "total_count"],
    nested: { items: { shape: "avatar_row", each: true }, facets: { shape: "avatar_facets" } },
  },
  avatar_facets: { title: "avatar gallery facets", section: "2.1", schema: AvatarFacets },
  avatar_row: { title: "avatar gallery row", section: "2.1", schema: AvatarCatalogItem },
  avatar_query: {
    title: "avatar gallery filters",
    section: "4",
    schema: AvatarQuery.omit({ limit: true, offset: true }),
    query: true,
  },
} as const satisfies Record<string, ShapeSpec>;

export type ShapeName = keyof typeof SHAPES;

/** A profile's field maps: per shape, a field by the reference's name -> the dotted path where a server puts it. */
export type FieldMaps = Partial<Record<ShapeName, Record<string, string>>>;
export const SHAPE_NAMES = Object.keys(SHAPES) as ShapeName[];

/** The fields of a shape a profile may move: every key of its schema but the given and unused ones. */
export function movableFields(name: ShapeName): string[] {
  const spec: ShapeSpec = SHAPES[name];
  const fixed = new Set([...(spec.given ?? []), ...(spec.unused ?? [])]);
  return keysOf(spec.schema).filter((field) => !fixed.has(field));
}

/**
 * The record a webhook event's data is, by its type (the payload fields are not shown, 6.1): a session event's
 * is the session record (session.completed "agrees with GET /v1/calls/{session_id}"), batch.completed's the batch.
 */
export function eventDataShape(type: string): ShapeName | undefined {
  if (type.startsWith("session.") || type === "recording.ready") return "call_session";
  if (type === "batch.completed") return "batch";
  return undefined;
}
