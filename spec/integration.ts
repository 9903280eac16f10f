// 2.3 integration triggers and the mcp-tools list (4). Integrations themselves are seeded through test
// control: their create path and record fields are not shown (2.13).
import { z } from "zod";
import { Timestamp, Uuid } from "./common.ts";

export const TRIGGER_TYPE = /^[a-z0-9_-]+\.message\.inbound$/;

export const Trigger = z.object({
  id: Uuid,
  integration_id: Uuid,
  agent_id: Uuid,
  trigger_type: z.string().regex(TRIGGER_TYPE, "shaped <messaging_provider>.message.inbound"),
  reply_mode: z.string(),
  status: z.string(),
  enabled: z.boolean(),
  metadata: z.record(z.string(), z.unknown()),
  provider_subscription_ref: z.string(),
  created_at: Timestamp,
  updated_at: Timestamp,
});
export type Trigger = z.infer<typeof Trigger>;

/** An MCP tool an integration exposes (fields not shown; the profile reads name, description, input_schema). */
export const McpTool = z.object({
  name: z.string().min(1).max(200),
  description: z.string().max(10_000).default(""),
  input_schema: z.record(z.string(), z.unknown()).default({ type: "object" }),
});
export type McpTool = z.infer<typeof McpTool>;

/** Test control: seed an integration of a messaging provider, with its MCP tools. */
export const IntegrationSeed = z.object({
  provider: z
    .string()
    .regex(/^[a-z0-9_-]{1,40}$/)
    .default("simchat"),
  mcp_tools: z.array(McpTool).max(1000).default([]),
  /**
   * Where the reference sends the channel's outbound messages (the messaging provider's send endpoint,
   * not shown): a JSON POST per reply. Without one, replies stay in the conversation.
   */
  channel_url: z
    .url({ protocol: /^https?$/ })
    .max(2000)
    .optional(),
});
export type IntegrationSeed = z.input<typeof IntegrationSeed>;

/** Test control: seed one trigger on an integration. */
export const TriggerSeed = z.object({
  agent_id: Uuid.optional(),
  reply_mode: z.string().max(100).default("public_reply"),
  status: z.string().max(100).default("active"),
  enabled: z.boolean().default(true),
  metadata: z.record(z.string(), z.unknown()).default({}),
});
export type TriggerSeed = z.input<typeof TriggerSeed>;

/**
 * Test control: one inbound message on the integration's messaging channel, as its provider would report
 * it. Messages of one `thread` continue one conversation per trigger.
 */
export const InboundMessage = z.object({
  thread: z.string().min(1).max(200),
  text: z.string().min(1).max(32_000),
});
export type InboundMessage = z.infer<typeof InboundMessage>;

/** Test control's answer: the conversation each matching trigger fed, and the item the message became. */
export const InboundAccepted = z.object({
  conversations: z.array(z.object({ trigger_id: Uuid, conversation_id: Uuid, item_id: Uuid })),
});
export type InboundAccepted = z.infer<typeof InboundAccepted>;
