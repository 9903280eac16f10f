// One assistant turn: resolve the answering agent (its published version, 9) and its provider key, run its
// on_user_turn_completed tool (2.9), stream the reply from the provider as assistant.* frames, store the
// reply as an item and send it out on the conversation's channel. A turn that cannot start at all (no key,
// provider unreachable or refusing) is a turn.failed frame, because no worker ever owned it (6.2).
import type { AgentConfig } from "../../../spec/agent.ts";
import type { ConversationItem } from "../../../spec/conversations.ts";
import { liveAgent } from "../agents/live.ts";
import { listedProviderId } from "../catalog/variant-catalog.ts";
import type { PlatformContext } from "../context.ts";
import { mintId } from "../ids.ts";
import type { SseFrame } from "../sse/frame.ts";
import type { SseHub } from "../sse/hub.ts";
import { runToolReference } from "../tools/runner.ts";
import { deliverReply } from "./channel-delivery.ts";
import { conversationTopic, itemCreatedFrame } from "./frames.ts";
import { providerKey } from "./provider-key.ts";
import { type ChatMessage, openChatStream, ProviderUnavailable } from "./provider-stream.ts";
import type { ConversationRecord } from "./state.ts";
import { touchWindow } from "./window.ts";

/** What answers a conversation without an agent: the reference's `simai` chat model, under its listed id. */
const defaultModel = (ctx: PlatformContext) => ({
  provider: listedProviderId(ctx, "simai"),
  model: "sim-chat-1",
  prompt: "You are a helpful assistant.",
});

export interface TurnInput {
  ctx: PlatformContext;
  hub: SseHub;
  workspaceId: string;
  record: ConversationRecord;
  trigger: ConversationItem;
  /** Aborted when the instance closes. */
  signal: AbortSignal;
  /** A provider key from a request header: set only by the planted `header-provider-key-honoured`. */
  headerKey?: string | undefined;
}

/** The agent config a turn runs: the published version, also for a conversation a trigger started (2.3). */
function answeringConfig(input: TurnInput, agentId: string): AgentConfig | undefined {
  const { ctx, workspaceId, record } = input;
  // The planted bug: the trigger handler loads the agent as stored, i.e. its draft.
  if (record.channel !== undefined && ctx.faults.has("trigger-runs-draft")) {
    return ctx.store.workspace(workspaceId).agents.get(agentId)?.config;
  }
  return liveAgent(ctx, workspaceId, agentId);
}

/** The published version of the conversation's agent answers; without an agent, the default path. */
function answerer(input: TurnInput) {
  const fallback = defaultModel(input.ctx);
  const agentId = input.record.conversation.agent_id;
  if (agentId === null) return { ...fallback, config: undefined };
  const config = answeringConfig(input, agentId);
  if (config === undefined) return undefined;
  return {
    provider: config.llm?.provider ?? fallback.provider,
    model: config.llm?.model ?? fallback.model,
    prompt: config.prompt ?? fallback.prompt,
    config,
  };
}

export async function runTurn(input: TurnInput): Promise<void> {
  const { ctx, hub, workspaceId, record, trigger } = input;
  const topic = conversationTopic(workspaceId, record.conversation.id);
  const turn_id = mintId(ctx);
  const trigger_item_id = trigger.id;
  const keepFrames = ctx.faults.has("sse-replay-running-turn");
  record.turnFrames = [];
  const emit = (frame: SseFrame) => {
    // The planted fault keeps the turn lifecycle in the log only.
    if (frame.event === "turn" && ctx.faults.has("turn-frames-missing")) return;
    // The planted bug names each lifecycle frame after its state: turn.queued, turn.started, turn.completed.
    if (frame.event === "turn" && ctx.faults.has("turn-frames-named-by-state")) {
      hub.publish(topic, { ...frame, event: `turn.${String(frame.data.status)}` });
      return;
    }
    hub.publish(topic, frame);
    if (keepFrames) record.turnFrames.push(frame);
  };
  // A server that queues every turn first reports its failure in the lifecycle (6.2: turn.failed is for a turn
  // "the API could not queue ... at all"); the reference could not queue one it has no agent, key or provider for.
  const queuedFirst = ctx.variants.has("turn-failure-in-lifecycle");
  if (queuedFirst) emit({ event: "turn", data: { turn_id, trigger_item_id, status: "queued" } });
  const failed = (reason: string) => {
    if (queuedFirst) emit({ event: "turn", data: { turn_id, trigger_item_id, status: "failed", error: reason } });
    // The planted bug: a turn the API could not queue is dropped without a word.
    else if (!ctx.faults.has("turn-failed-dropped"))
      emit({ event: "turn.failed", data: { turn_id, trigger_item_id, reason } });
  };

  const model = answerer(input);
  if (model === undefined) return failed("the conversation's agent has no published version");
  const key = input.headerKey ?? (await providerKey(ctx, workspaceId, model.provider));
  if (key === undefined) return failed(`no provider key is stored for ${model.provider}`);
  // The user's turn is complete: the agent's hook tool runs (its referenced version) before the reply.
  await runToolReference(ctx, workspaceId, model.config?.on_user_turn_completed, input.signal);
  // The history as it stood at the trigger: messages sent after it wait for their own turn.
  const at = record.items.indexOf(trigger);
  const history = record.items.filter((item, i) => i <= at || item.role === "assistant");
  const messages: ChatMessage[] = [
    { role: "system", content: model.prompt },
    ...history.map((item) => ({ role: item.role, content: item.text })),
  ];
  let stream: AsyncIterable<string>;
  try {
    const metadata = ctx.variants.has("provider-requests-name-no-run")
      ? undefined
      : { conversation_id: record.conversation.id, session_id: record.window?.session.session_id };
    stream = await openChatStream(ctx, { key, model: model.model, messages, metadata, signal: input.signal });
  } catch (error) {
    return failed(error instanceof ProviderUnavailable ? error.message : "the model provider did not answer");
  }

  const item_id = mintId(ctx);
  emit({ event: "turn", data: { turn_id, trigger_item_id, status: "started" } });
  const startedBy = ctx.faults.has("assistant-started-names-reply") ? item_id : trigger_item_id;
  emit({ event: "assistant.started", data: { turn_id, trigger_item_id: startedBy, item_id } });
  const deltas: string[] = [];
  try {
    for await (const chunk of stream) {
      deltas.push(chunk);
      const delta = ctx.faults.has("delta-cumulative") ? deltas.join("") : chunk;
      emit({ event: "assistant.delta", data: { turn_id, item_id, delta } });
    }
  } catch {
    emit({
      event: "turn",
      data: { turn_id, trigger_item_id, status: "failed", error: "the reply stream broke" },
    });
    return;
  }
  const text = (ctx.faults.has("completed-text-drops-first-delta") ? deltas.slice(1) : deltas).join("");
  emit({ event: "assistant.completed", data: { turn_id, item_id, text } });

  const item: ConversationItem = {
    id: item_id,
    conversation_id: record.conversation.id,
    role: "assistant",
    text: deltas.join(""),
    client_message_id: null,
    trigger_item_id,
    created_at: new Date(ctx.clock.now()).toISOString(),
  };
  record.items.push(item);
  record.conversation.updated_at = item.created_at;
  emit(itemCreatedFrame(ctx, item));
  await deliverReply(ctx, record, item, emit, input.signal);
  emit({ event: "turn", data: { turn_id, trigger_item_id, status: "completed" } });
  record.turnFrames = [];
  touchWindow(ctx, workspaceId, record, Date.parse(item.created_at));
}
