// Text conversations (4, 6.2, 7): send a message (deduped by client_message_id), list conversations
// (profile path, newest first by start), page items oldest first (ceiling 500), and the event stream.
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { type Conversation, MessageBody } from "../../../spec/conversations.ts";
import { ApiError } from "../../shared/api-error.ts";
import type { PlatformContext } from "../context.ts";
import { conversationTopic, itemCreatedFrame, snapshotFrame } from "../conversations/frames.ts";
import { acceptUserItem } from "../conversations/intake.ts";
import { conversationRuntime, conversationsOf } from "../conversations/runtime.ts";
import type { ConversationRecord } from "../conversations/state.ts";
import { requireRole } from "../http/auth.ts";
import { pageOf, parsePaging } from "../http/paging.ts";
import { parse } from "../http/parse.ts";
import { mintId } from "../ids.ts";
import type { SseFrame } from "../sse/frame.ts";

const ConversationParams = z.object({ conversation_id: z.uuid() });

/** The planted `client-message-id-optional` body: the server makes an id when none is sent (planted faults only). */
const MessageBodyIdOptional = MessageBody.extend({ client_message_id: z.uuid().optional() });

/** The planted `client-message-id-any-string` body: any non-empty string is an id (planted faults only). */
const MessageBodyIdAnyString = MessageBody.extend({ client_message_id: z.string().min(1) });

/** The message body as the served faults read it. */
function messageBody(ctx: PlatformContext, body: unknown): MessageBody {
  if (ctx.faults.has("client-message-id-optional")) {
    const read = parse(ctx, MessageBodyIdOptional, body, "body");
    return { ...read, client_message_id: read.client_message_id ?? mintId(ctx) };
  }
  if (ctx.faults.has("client-message-id-any-string")) return parse(ctx, MessageBodyIdAnyString, body, "body");
  return parse(ctx, MessageBody, body, "body");
}

export function conversationsRoutes(app: FastifyInstance, ctx: PlatformContext): void {
  const runtime = conversationRuntime(app, ctx);
  const { hub } = runtime;
  const stateOf = (workspaceId: string) => conversationsOf(ctx, workspaceId);

  function find(workspaceId: string, params: unknown): ConversationRecord {
    const { conversation_id } = parse(ctx, ConversationParams, params, "path");
    const record = stateOf(workspaceId).conversations.get(conversation_id);
    if (record === undefined) throw new ApiError(404, "conversation not found");
    return record;
  }

  /** The agent a new conversation is bound to: it must exist here and have a published version. */
  function agentFor(workspaceId: string, agentId: string | undefined) {
    if (agentId === undefined && ctx.variants.has("conversation-needs-agent")) {
      throw ApiError.validation(["agent_id: required to start a conversation"]);
    }
    if (agentId === undefined) return { agent_id: null, agent_version: null };
    const agent = ctx.store.workspace(workspaceId).agents.get(agentId);
    if (agent === undefined) throw new ApiError(404, "agent not found");
    if (agent.published_version === null) throw new ApiError(400, "the agent has no published version to answer with");
    return { agent_id: agent.id, agent_version: agent.published_version };
  }

  app.post("/v1/conversations/messages", async (request, reply) => {
    requireRole(request.principal, "EDITOR");
    const body = messageBody(ctx, request.body);
    const { workspaceId } = request.principal;
    const state = stateOf(workspaceId);
    // 7: a re-sent client_message_id is ignored and answered with the item it already made.
    const earlier = state.byClientMessageId.get(body.client_message_id);
    if (earlier !== undefined && !ctx.faults.has("message-not-deduped")) {
      return reply.status(202).send({ conversation_id: earlier.conversation_id, item: earlier });
    }
    const now = new Date(ctx.clock.now()).toISOString();
    let record: ConversationRecord;
    if (body.conversation_id !== undefined) {
      record = find(workspaceId, { conversation_id: body.conversation_id });
      if (body.agent_id !== undefined && body.agent_id !== record.conversation.agent_id) {
        throw new ApiError(400, "agent_id does not match the agent of this conversation");
      }
    } else {
      const conversation: Conversation = {
        id: mintId(ctx),
        channel: "text",
        ...agentFor(workspaceId, body.agent_id),
        started_at: now,
        updated_at: now,
      };
      record = state.add(conversation);
    }
    // The planted bug: a provider key sent in a header is honoured for this turn (1, 5 item 7 forbid it).
    const header = ctx.faults.has("header-provider-key-honoured") ? request.headers["x-provider-key"] : undefined;
    const headerKey = typeof header === "string" ? header : undefined;
    const item = acceptUserItem(ctx, runtime, workspaceId, record, { ...body, headerKey });
    state.byClientMessageId.set(body.client_message_id, item);
    return reply.status(202).send({ conversation_id: record.conversation.id, item });
  });

  app.get("/v1/conversations", async (request) => {
    const paging = parsePaging(ctx, request.query);
    const rows = stateOf(request.principal.workspaceId).newestFirst();
    // The planted bug sorts by the last item (updated_at) instead of by start.
    if (ctx.faults.has("conversations-by-last-activity")) {
      rows.sort((a, b) => Date.parse(b.updated_at) - Date.parse(a.updated_at));
    }
    return pageOf(ctx, rows, paging);
  });

  app.get("/v1/conversations/:conversation_id/items", async (request) => {
    // The planted bug reads the items by conversation id alone: an id the workspace does not hold is an empty page.
    if (ctx.faults.has("items-unknown-empty-page")) {
      const { conversation_id } = parse(ctx, ConversationParams, request.params, "path");
      const held = stateOf(request.principal.workspaceId).conversations.has(conversation_id);
      if (!held) return pageOf(ctx, [], parsePaging(ctx, request.query, 500));
    }
    const record = find(request.principal.workspaceId, request.params);
    // The planted bug takes the lists' usual ceiling of 200, not the 500 of 8.
    const paging = parsePaging(ctx, request.query, ctx.faults.has("items-ceiling-200") ? 200 : 500);
    const items = ctx.faults.has("items-newest-first") ? [...record.items].reverse() : record.items;
    // The planted bug answers the rows alone, without the page envelope.
    if (ctx.faults.has("items-bare-array")) return pageOf(ctx, items, paging).items;
    return pageOf(ctx, items, paging);
  });

  // 6.2: the lookup (404) comes first; only a conversation that exists gets an opened stream. Query
  // parameters are ignored (see sse/hub.ts).
  app.get("/v1/conversations/:conversation_id/events", async (request, reply) => {
    const { workspaceId } = request.principal;
    let record: ConversationRecord;
    try {
      record = find(workspaceId, request.params);
    } catch (error) {
      if (!(error instanceof ApiError && error.status === 404 && ctx.faults.has("sse-error-frame-for-unknown"))) {
        throw error;
      }
      const opened = hub.open(reply, { topic: "unknown", snapshot: () => ({ event: "error", data: error.body }) });
      opened.end();
      return reply;
    }
    // The planted bug: a stream for editors, as the message-sending route next to it is.
    if (ctx.faults.has("conversation-stream-editor-only")) requireRole(request.principal, "EDITOR");
    hub.open(reply, {
      topic: conversationTopic(workspaceId, record.conversation.id),
      snapshot: () => plantedSnapshot(ctx, record, request.query) ?? snapshotFrame(record),
      replay: plantedReplay(ctx, record),
      // The late replay reads the missed items from the store first.
      ...(ctx.faults.has("sse-last-event-id-replay-late") ? { replayDelayMs: LATE_REPLAY_MS } : {}),
    });
    return reply;
  });
}

/** The snapshot as the planted faults write it, or undefined on a conforming platform (planted faults only). */
function plantedSnapshot(ctx: PlatformContext, record: ConversationRecord, query: unknown): SseFrame | undefined {
  const { conversation } = record;
  // The items-list code with the request's own query, so ?limit and ?offset narrow the snapshot.
  if (ctx.faults.has("snapshot-paged-by-query")) {
    const { items } = pageOf(ctx, record.items, parsePaging(ctx, query, 500));
    return { event: "conversation.snapshot", data: { conversation, items } };
  }
  // The items newest first, the order the chat view renders them.
  if (ctx.faults.has("snapshot-items-newest-first")) {
    return { event: "conversation.snapshot", data: { conversation, items: [...record.items].reverse() } };
  }
  return undefined;
}

/** The planted late replay's store read: longer than a glance at a reconnected stream, shorter than a watch. */
const LATE_REPLAY_MS = 800;

/** What the planted replay faults send behind the snapshot; nothing on a conforming platform (rule 2). */
function plantedReplay(ctx: PlatformContext, record: ConversationRecord) {
  if (ctx.faults.has("sse-last-event-id-replay") || ctx.faults.has("sse-last-event-id-replay-late")) {
    return (lastEventId: string | undefined) => {
      const at = record.items.findIndex((item) => item.id === lastEventId);
      return at < 0 ? [] : record.items.slice(at + 1).map((item) => itemCreatedFrame(ctx, item));
    };
  }
  if (ctx.faults.has("sse-replay-running-turn")) return () => [...record.turnFrames];
  return undefined;
}
