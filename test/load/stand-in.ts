// A small stand-in for the platform, used by the load smoke tests while the reference platform
// lacks the endpoints a scenario needs (tools, conversations, calls). It follows the spec where
// the load scenarios look (paging 2.1, validate/publish 3.3, streams 6.2) and answers every
// error in the envelope; nothing else. `startStandIn()` answers the same shape as startStack().
import { randomUUID } from "node:crypto";
import type { FastifyInstance, FastifyReply } from "fastify";
import { z } from "zod";
import { ApiError, parsePart } from "../../simulators/shared/api-error.ts";
import { createServer, listenLoopback } from "../../simulators/shared/server.ts";
import { pagingQuery } from "../../spec/common.ts";
import type { Target } from "../../spec/target.ts";

export interface StandIn {
  target: Target;
  close(): Promise<void>;
}

const TOKEN = "stand-in-admin-token";
const KEEPALIVE_MS = 1_000;
const Named = z.object({ name: z.string().min(1) }).passthrough();
const Message = z.object({
  conversation_id: z.uuid().optional(),
  client_message_id: z.uuid(),
  text: z.string().min(1),
});
const Outbound = z.object({ from_phone_number_id: z.uuid(), to: z.string().min(1), agent_id: z.uuid() });
const Batch = z.object({
  from_phone_number_id: z.uuid(),
  name: z.string().min(1),
  recipients: z.array(z.object({ to: z.string().min(1) }).passthrough()).min(1),
  agent_id: z.uuid(),
});
const Id = z.object({ id: z.uuid() });

interface Row {
  id: string;
  name: string;
  body: Record<string, unknown>;
  seq: number;
}

interface Conversation {
  id: string;
  items: Array<{ id: string; role: string; text: string; client_message_id?: string }>;
  streams: Set<FastifyReply>;
}

interface CallRecord {
  session_id: string;
  batch_id?: string;
  status: "queued" | "in_progress" | "ended";
  to: string;
}

export interface StandInOptions {
  /** Every Nth platform request answers 503: proves a smoke's thresholds can fail. */
  failEvery?: number;
  /**
   * Requests naming an agent or tool whose name contains this (an instance's prefix, `-i2-`) answer
   * 503, deletes excepted: one instance of a split run fails, the others do not.
   */
  failNamesContaining?: string;
}

export async function startStandIn(options: StandInOptions = {}): Promise<StandIn> {
  const app = createServer();
  let requests = 0;
  const timers = new Set<NodeJS.Timeout>();
  const later = (ms: number, fn: () => void) => {
    const timer = setTimeout(() => {
      timers.delete(timer);
      fn();
    }, ms);
    timers.add(timer);
  };
  const carrier = { active: 0, peak: 0 };
  const failing = new Set<string>();

  app.addHook("onRequest", async (request) => {
    // The carrier witness is a harness side-call: it carries no platform credential.
    if (request.url.startsWith("/_admin/") || request.url === "/health") return;
    if (request.headers.authorization !== `Bearer ${TOKEN}`) throw new ApiError(401, "not authenticated");
    requests++;
    if (options.failEvery && requests % options.failEvery === 0) throw new ApiError(503, "planted failure");
    if (
      request.method !== "DELETE" &&
      request.url
        .split("?")[0]!
        .split("/")
        .some((part) => failing.has(part))
    ) {
      throw new ApiError(503, "planted failure for this instance's resources");
    }
  });

  app.get("/v1/catalog", async () => ({
    llm: [{ provider: "sim", model: "sim-chat", channel: ["text", "voice"] }],
    stt: [{ provider: "sim", model: "sim-stt", channel: ["voice"] }],
    tts: [{ provider: "sim", model: "sim-tts", channel: ["voice"] }],
    realtime: [],
  }));

  let seq = 0;
  const created = (row: Row) => {
    if (options.failNamesContaining && row.name.includes(options.failNamesContaining)) failing.add(row.id);
  };
  for (const kind of ["agents", "tools"] as const) crud(app, kind, () => ++seq, created);

  // Conversations (6.2): snapshot first, keep-alives, item.created with an id line, then a reply.
  const conversations = new Map<string, Conversation>();
  const send = (reply: FastifyReply, event: string, body: Record<string, unknown>, id?: string) => {
    reply.raw.write(`${id ? `id: ${id}\n` : ""}event: ${event}\ndata: ${JSON.stringify({ event, ...body })}\n\n`);
  };
  const broadcast = (c: Conversation, event: string, body: Record<string, unknown>, id?: string) => {
    for (const reply of c.streams) send(reply, event, body, id);
  };
  app.post("/v1/conversations/messages", async (request, reply) => {
    const body = parsePart(Message, request.body);
    let conversation = body.conversation_id ? conversations.get(body.conversation_id) : undefined;
    if (body.conversation_id && !conversation) throw new ApiError(404, "conversation not found");
    if (!conversation) {
      conversation = { id: randomUUID(), items: [], streams: new Set() };
      conversations.set(conversation.id, conversation);
    }
    const c = conversation;
    if (c.items.some((i) => i.client_message_id === body.client_message_id)) {
      return reply.status(202).send({ conversation_id: c.id });
    }
    const item = { id: randomUUID(), role: "user", text: body.text, client_message_id: body.client_message_id };
    c.items.push(item);
    broadcast(c, "item.created", { item }, item.id);
    later(30, () => broadcast(c, "assistant.started", { trigger_item_id: item.id }));
    later(60, () => broadcast(c, "assistant.delta", { delta: "Noted: " }));
    later(90, () => {
      const answer = { id: randomUUID(), role: "assistant", text: `Noted: ${body.text}` };
      c.items.push(answer);
      broadcast(c, "assistant.completed", { text: answer.text });
    });
    return reply.status(202).send({ conversation_id: c.id, item_id: item.id });
  });
  app.get("/v1/conversations/:id/events", async (request, reply) => {
    const { id } = parsePart(Id, request.params);
    const conversation = conversations.get(id);
    if (!conversation) throw new ApiError(404, "conversation not found");
    reply.hijack();
    reply.raw.writeHead(200, {
      "Content-Type": "text/event-stream",
      "Cache-Control": "no-cache",
      "X-Accel-Buffering": "no",
    });
    send(reply, "conversation.snapshot", { conversation: { id }, items: conversation.items });
    conversation.streams.add(reply);
    const keepalive = setInterval(() => reply.raw.write(": keep-alive\n\n"), KEEPALIVE_MS);
    reply.raw.on("close", () => {
      clearInterval(keepalive);
      conversation.streams.delete(reply);
    });
  });

  // Calls: one outbound number; a call completes 200 ms after it is placed.
  const numberId = randomUUID();
  const calls = new Map<string, CallRecord>();
  const place = (to: string, batchId?: string): CallRecord => {
    const record: CallRecord = { session_id: randomUUID(), status: "queued", to, batch_id: batchId };
    calls.set(record.session_id, record);
    carrier.active++;
    carrier.peak = Math.max(carrier.peak, carrier.active);
    later(50, () => {
      record.status = "in_progress";
    });
    later(200, () => {
      record.status = "ended";
      carrier.active--;
    });
    return record;
  };
  app.get("/v1/telephony/phone-numbers", async (request) => {
    const { limit, offset } = parsePart(pagingQuery(200), request.query);
    return { items: [{ id: numberId, e164: "+12025550100", can_outbound: true }], has_more: false, limit, offset };
  });
  app.post("/v1/calls/outbound", async (request, reply) => {
    const body = parsePart(Outbound, request.body);
    if (body.from_phone_number_id !== numberId) throw new ApiError(404, "phone number not found");
    return reply.status(201).send({ session_id: place(body.to).session_id });
  });
  const batches = new Map<string, { id: string; size: number }>();
  app.post("/v1/calls/batches", async (request, reply) => {
    const body = parsePart(Batch, request.body);
    const id = randomUUID();
    batches.set(id, { id, size: body.recipients.length });
    body.recipients.forEach((r, i) => {
      later(i * 20, () => place(r.to, id));
    });
    return reply.status(201).send({ id, status: "running" });
  });
  app.get("/v1/calls/batches/:id", async (request) => {
    const batch = batches.get(parsePart(Id, request.params).id);
    if (!batch) throw new ApiError(404, "batch not found");
    const rows = [...calls.values()].filter((c) => c.batch_id === batch.id);
    const done = rows.length === batch.size && rows.every((c) => c.status === "ended");
    return { id: batch.id, status: done ? "completed" : "running" };
  });
  app.get("/v1/calls/:id", async (request) => {
    const { id } = parsePart(Id, request.params);
    const record = calls.get(id);
    if (!record) throw new ApiError(404, "call not found");
    return record;
  });
  // The carrier simulator's witness shape, reduced to what the load scenarios read.
  app.get("/_admin/witness", async () => ({ concurrency: { current: carrier.active, peak: carrier.peak } }));

  const origin = await listenLoopback(app);
  return {
    target: {
      regions: [{ name: "stand-in", base_url: origin }],
      credentials: { admin: TOKEN, editor: TOKEN, viewer: TOKEN },
      wired: false,
      simulators: { carrier: origin },
      profile: "default",
    },
    async close() {
      for (const timer of timers) clearTimeout(timer);
      for (const c of conversations.values()) for (const reply of c.streams) reply.raw.end();
      await app.close();
    },
  };
}

/** Create/list/get/PATCH/DELETE/validate/publish of a named resource, newest edit first. */
function crud(
  app: FastifyInstance,
  kind: "agents" | "tools",
  nextSeq: () => number,
  created: (row: Row) => void,
): void {
  const rows = new Map<string, Row>();
  const find = (params: unknown): Row => {
    const row = rows.get(parsePart(Id, params).id);
    if (!row) throw new ApiError(404, `${kind.slice(0, -1)} not found`);
    return row;
  };
  const view = (row: Row) => ({ ...row.body, id: row.id, name: row.name });
  const assertFree = (name: string, except?: string) => {
    for (const row of rows.values()) {
      if (row.name === name && row.id !== except)
        throw new ApiError(400, `a ${kind.slice(0, -1)} with that name already exists`);
    }
  };
  app.post(`/v1/${kind}`, async (request, reply) => {
    const body = parsePart(Named, request.body);
    assertFree(body.name);
    const row = { id: randomUUID(), name: body.name, body, seq: nextSeq() };
    rows.set(row.id, row);
    created(row);
    return reply.status(201).send(view(row));
  });
  app.get(`/v1/${kind}`, async (request) => {
    const { limit, offset } = parsePart(pagingQuery(200), request.query);
    const ordered = [...rows.values()].sort((a, b) => b.seq - a.seq);
    const page = ordered.slice(offset, offset + limit + 1);
    return { items: page.slice(0, limit).map(view), has_more: page.length > limit, limit, offset };
  });
  app.get(`/v1/${kind}/:id`, async (request) => view(find(request.params)));
  app.patch(`/v1/${kind}/:id`, async (request) => {
    const row = find(request.params);
    const patch = parsePart(z.record(z.string(), z.unknown()), request.body);
    const name = typeof patch.name === "string" ? patch.name : row.name;
    assertFree(name, row.id);
    row.body = kind === "agents" ? { ...patch } : { ...row.body, ...patch };
    row.name = name;
    row.seq = nextSeq();
    return view(row);
  });
  app.delete(`/v1/${kind}/:id`, async (request) => {
    rows.delete(find(request.params).id);
    return { ok: true };
  });
  app.post(`/v1/${kind}/:id/validate`, async (request) => {
    find(request.params);
    return { errors: [], warnings: [] };
  });
  app.post(`/v1/${kind}/:id/publish`, async (request) => ({ ...view(find(request.params)), warnings: [] }));
}
