// 2.9 agent configuration, 2.10 tool references and inline tools, 2.11 agent override.
// Required markers and defaults are not shown (2.13): every field but `name` is optional here,
// and the defaults a server applies are learnt from a minimal create, never assumed.
import { z } from "zod";
import { Uuid } from "./common.ts";

const str = z.string();
const bool = z.boolean();
const num = z.number();
const int = z.int();
const obj = z.record(z.string(), z.unknown());

export const BuiltinTool = z.object({ type: str, config: obj.optional() });

const llmCore = {
  provider: str,
  model: str,
  priority: bool.optional(),
  builtin_tools: z.array(BuiltinTool).optional(),
};
export const LlmSlot = z.object({ ...llmCore, fallback: z.object(llmCore).optional() });
export const SttSlot = z.object({
  provider: str,
  model: str,
  fallback: z.object({ provider: str, model: str }).optional(),
});
const ttsCore = {
  provider: str,
  model: str,
  voice: str.optional(),
  voice_name: str.optional(),
  speed: num.optional(),
  stability: num.optional(),
  similarity_boost: num.optional(),
  expressive: bool.optional(),
};
export const TtsSlot = z.object({ ...ttsCore, fallback: z.object(ttsCore).optional() });
export const RealtimeSlot = z.object({
  provider: str,
  model: str,
  voice: str.optional(),
  voice_name: str.optional(),
  speed: num.optional(),
});
export const AvatarSlot = z.object({ provider: str, model: str, avatar_id: str.optional(), name: str.optional() });

export const Operation = z.object({
  kind: str,
  config: z
    .object({
      url: str.optional(),
      body: z.unknown().optional(),
      headers: obj.optional(),
      query: obj.optional(),
      timeout: num.optional(),
    })
    .optional(),
  background_execution: bool.optional(),
  on_error: str.optional(),
  publish_fields: z.array(z.object({ path: str, key: str })).optional(),
  silent: bool.optional(),
});

/** 2.10 inline tool; also the body of a tool create (profile). */
export const InlineTool = z.object({
  name: str.min(1),
  description: str.optional(),
  disable_interruptions: bool.optional(),
  json_schema: obj.optional(),
  long_running_task: bool.optional(),
  silent: bool.optional(),
  operations: z.array(Operation).optional(),
});
export type InlineTool = z.infer<typeof InlineTool>;

/** 2.10: either an inline `tool` or a `tool_id` with an integer `tool_version`. */
export const ToolReference = z.object({
  tool: InlineTool.optional(),
  tool_id: Uuid.optional(),
  tool_version: int.optional(),
});

const agentFields = {
  channel: str,
  prompt: str,
  greeting: str,
  language: str,
  timezone: str,
  kb_ids: z.array(str),
  llm: LlmSlot,
  stt: SttSlot,
  tts: TtsSlot,
  realtime: RealtimeSlot,
  avatar: AvatarSlot,
  analysis: z.object({
    enabled: bool.optional(),
    summary: bool.optional(),
    fields: z.array(z.object({ name: str, description: str.optional(), type: str.optional() })).optional(),
    outcome: z.object({ prompt: str }).optional(),
    model: z.object(llmCore).optional(),
  }),
  background_audio: z.object({
    enabled: bool.optional(),
    ambient: str.optional(),
    ambient_volume: num.optional(),
    thinking: str.optional(),
    thinking_volume: num.optional(),
  }),
  conversation: z.object({
    context: str.optional(),
    initialize_userdata: bool.optional(),
    summary_limit: int.optional(),
  }),
  handoffs: z.array(
    z.object({
      name: str,
      description: str.optional(),
      agent_id: Uuid.optional(),
      context: str.optional(),
      message: str.optional(),
      recent_turns: int.optional(),
      summary_prompt: str.optional(),
    }),
  ),
  mcps: z.array(
    z.object({
      integration_id: Uuid.optional(),
      mcp: z
        .object({
          name: str,
          url: str,
          allowed_tools: z.array(str).optional(),
          headers: obj.optional(),
          tools_namespace: str.optional(),
        })
        .optional(),
    }),
  ),
  noise_cancellation: z.object({
    enabled: bool.optional(),
    provider: str.optional(),
    model: str.optional(),
    enhancement_level: num.optional(),
  }),
  recording: z.object({ enabled: bool.optional(), consent: str.optional(), consent_notice: str.optional() }),
  turn_handling: z.object({
    endpointing: z.object({ min_silence_duration: num.optional(), max_silence_duration: num.optional() }).optional(),
    interruption: z
      .object({
        enabled: bool.optional(),
        min_speech_duration: num.optional(),
        min_words: int.optional(),
        false_interruption_timeout: num.optional(),
        resume_false_interruption: bool.optional(),
        discard_audio_if_uninterruptible: bool.optional(),
      })
      .optional(),
    preemptive_generation: z
      .object({
        enabled: bool.optional(),
        max_retries: int.optional(),
        max_speech_duration: num.optional(),
        preemptive_tts: bool.optional(),
      })
      .optional(),
  }),
  vars: z.array(
    z.object({ name: str, default: str.optional(), description: str.optional(), required: bool.optional() }),
  ),
  vision_input: z.object({ screenshare: z.object({ enabled: bool.optional(), record: bool.optional() }).optional() }),
  on_enter: ToolReference,
  on_exit: ToolReference,
  on_user_turn_completed: ToolReference,
  tools: z.array(ToolReference),
};

/** 2.9: the agent is written whole; `name` is the only field the profile requires (names are unique). */
export const AgentConfig = z
  .object({ name: str.min(1), ...agentFields })
  .partial()
  .required({ name: true });
export type AgentConfig = z.infer<typeof AgentConfig>;

/** 2.11: the same names, all partial, no channel. */
export const AgentOverride = AgentConfig.omit({ channel: true }).partial();
export type AgentOverride = z.infer<typeof AgentOverride>;

/** The model slots an agent may name, with the catalog key each is checked against (2.8). */
export const MODEL_SLOTS = ["llm", "stt", "tts", "realtime", "avatar"] as const;
export const CASCADE_SLOTS = ["stt", "llm", "tts"] as const;

/**
 * The stored agent as the default profile reads it back (record shape not shown, 2.13):
 * the draft config, and the published version (an integer, 9) with its config.
 */
export const AgentRecord = z.object({
  id: Uuid,
  name: str,
  config: AgentConfig,
  published_version: int.nullable(),
  published_config: AgentConfig.nullable(),
  created_at: z.iso.datetime({ offset: true }),
  updated_at: z.iso.datetime({ offset: true }),
});
export type AgentRecord = z.infer<typeof AgentRecord>;

/**
 * What the harness needs of an agent record it reads back: the id, the name and the draft config; the
 * published version and its config once there is one. The rest of the profile's record (timestamps, a null
 * before the first publish, a `name` repeated in the config) a server may leave out (2.13: not shown).
 */
export const AgentRecordRead = AgentRecord.extend({
  config: AgentConfig.partial(),
  published_version: int.nullable().optional(),
  published_config: AgentConfig.partial().nullable().optional(),
  created_at: AgentRecord.shape.created_at.optional(),
  updated_at: AgentRecord.shape.updated_at.optional(),
});
export type AgentRecordRead = z.infer<typeof AgentRecordRead>;
