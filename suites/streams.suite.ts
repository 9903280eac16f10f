// Section 6.2: server-sent event streams. The generic rules run over every stream in STREAM_ENDPOINTS;
// the conversation stream's frames (rules 3 and 4, the frame table, turn frames) are checked on live
// replies. The CoPilot rails' frames are not reachable (their paths are not shown, 4.1).
import { expect } from "vitest";
import { explain } from "../runner/client/http-client.ts";
import { runConfig } from "../runner/client/run-config.ts";
import type { SseFrame, SseStream } from "../runner/client/sse-client.ts";
import { TargetError } from "../runner/client/target-error.ts";
import { check, type Need, skipCheck } from "../runner/framework/check.ts";
import { expectBody, expectStatus } from "../runner/framework/response.ts";
import { sameData } from "../runner/framework/same-data.ts";
import { ErrorMessage } from "./helpers/body-shapes.ts";
import { ensureProviderKeys } from "./helpers/byok.ts";
import { type Channel, channelFor, inbound, publishedTextAgent } from "./helpers/channels.ts";
import {
  eventsPath,
  type Item,
  readItems,
  replyDeadlineMs,
  replyTo,
  sendMessage,
  settledConversation,
  waitForReply,
} from "./helpers/conversations.ts";
import { mustOpenStream, openApiStream, profile } from "./helpers/profile.ts";
import { TAKES_PROVIDER_OFFLINE, whileProviderOffline } from "./helpers/provider.ts";
import { withPacedReplies } from "./helpers/provider-pacing.ts";
import { STREAM_ENDPOINTS, type StreamResource } from "./helpers/stream-endpoints.ts";
import { firstTurnFrame } from "./helpers/turns.ts";
import { type Delivery, type HookBehaviour, hookDeliveries, newHook } from "./helpers/webhook-sink.ts";

/** How long an idle stream is watched for frames that must not come (replays). */
const QUIET_MS = 400;
/** How long a stream reconnected with a real Last-Event-ID is watched for a replay (6.2 rule 4). */
const REPLAY_WATCH_MS = 1_500;

const deadline = () => replyDeadlineMs();
const json = (frame: SseFrame) => (frame.json ?? {}) as Record<string, unknown>;

/**
 * 6.2 sends the snapshot "once the subscription is established" and gives no time for it, so the first frame
 * gets the whole request timeout, as any answer does: a fifth of it (2 s) failed a slow conforming stream
 * (7-byte writes on a loaded machine, variant sse-small-writes).
 */
const snapshotWaitMs = () => runConfig().timeoutMs;

async function firstFrame(stream: SseStream): Promise<SseFrame> {
  return stream.waitFor(() => true, { timeoutMs: snapshotWaitMs(), what: "a first frame" });
}

for (const endpoint of STREAM_ENDPOINTS) {
  const { name, needs } = endpoint;
  const changeNeeds = [...(needs ?? []), ...(endpoint.changeNeeds ?? [])];
  let idle: Promise<StreamResource> | undefined;
  /** One idle resource per endpoint, made on first use so skipped checks create nothing. */
  const resource = () => {
    idle ??= endpoint.idle().catch((error: unknown) => {
      idle = undefined;
      throw error;
    });
    return idle;
  };
  const opened = async () => mustOpenStream((await resource()).path);

  check(
    `${name} stream: Content-Type is text/event-stream`,
    ["streams.content-type"],
    async () => {
      const stream = await opened();
      expect(stream.contentType ?? "", stream.describe()).toMatch(/^text\/event-stream\s*(;|$)/i);
      stream.close();
    },
    { needs },
  );

  check(
    `${name} stream: Cache-Control: no-cache`,
    ["streams.cache-control"],
    async () => {
      const stream = await opened();
      expect(stream.headers["cache-control"] ?? "(absent)", stream.describe()).toMatch(/(^|,)\s*no-cache\s*(,|$)/i);
      stream.close();
    },
    { needs },
  );

  check(
    `${name} stream: X-Accel-Buffering: no`,
    ["streams.x-accel-buffering"],
    async () => {
      const stream = await opened();
      expect(stream.headers["x-accel-buffering"] ?? "(absent)", stream.describe()).toMatch(/^\s*no\s*$/i);
      stream.close();
    },
    { needs },
  );

  check(
    `${name} stream: the first frame is the ${endpoint.snapshotEvent} snapshot`,
    ["streams.snapshot-first"],
    async () => {
      const stream = await opened();
      const first = await firstFrame(stream);
      expect(first.event, stream.describe()).toBe(endpoint.snapshotEvent);
      expect(first.index, stream.describe()).toBe(0);
      stream.close();
    },
    { needs },
  );

  check(
    `${name} stream: frames are blank-line separated, each with an event: name and a JSON body, in UTF-8`,
    ["streams.frame-format"],
    async () => {
      const { stream, frames } = await framesOf(await resource());
      expect(stream.problems, stream.describe()).toEqual([]);
      for (const frame of frames) {
        expect(
          frame.raw.filter((line) => line.startsWith("event:")),
          stream.describe(),
        ).toHaveLength(1);
        expect(
          typeof frame.json === "object" && frame.json !== null,
          `frame #${frame.index} body is a JSON object`,
        ).toBe(true);
      }
    },
    { needs },
  );

  check(
    `${name} stream: every frame's JSON repeats the frame name in its event field`,
    ["streams.event-field-repeats-name"],
    async () => {
      const { stream, frames } = await framesOf(await resource());
      for (const frame of frames) {
        expect(json(frame).event, `frame #${frame.index} (${frame.event})\n${stream.describe()}`).toBe(frame.event);
      }
    },
    { needs },
  );

  check(
    `${name} stream: a reconnect starts with a fresh snapshot of the state changed meanwhile`,
    ["streams.snapshot-on-reconnect", "streams.snapshot-first"],
    async () => {
      const { path, change } = await resource();
      if (change === undefined) throw new Error(`the ${name} stream's resource cannot be changed on this target`);
      const before = await mustOpenStream(path);
      expect((await firstFrame(before)).event, before.describe()).toBe(endpoint.snapshotEvent);
      before.close();
      const includesChange = await change();
      const after = await mustOpenStream(path);
      const first = await firstFrame(after);
      expect(first.event, `first frame after reconnecting\n${after.describe()}`).toBe(endpoint.snapshotEvent);
      expect(
        includesChange(first.json),
        `the snapshot holds what changed while disconnected\n${after.describe()}`,
      ).toBe(true);
      after.close();
    },
    { needs: changeNeeds },
  );

  check(
    `${name} stream: a Last-Event-ID header still gets a fresh snapshot and no replay`,
    ["streams.last-event-id-ignored"],
    async () => {
      const { path } = await resource();
      const plain = await mustOpenStream(path);
      const snapshot = await firstFrame(plain);
      plain.close();
      // Rule 4 is the conversation stream's: there, the id of its oldest item, so that a server reading the
      // header has items after it to replay; a stream without item ids gets an id that names nothing.
      const items = itemsOf(snapshot.json);
      if (name === "conversation") {
        expect(items.length, `items in the snapshot of a settled conversation\n${plain.describe()}`).toBeGreaterThan(1);
      }
      const lastId = typeof items[0]?.id === "string" ? items[0].id : "0";
      const stream = await mustOpenStream(path, { headers: { "last-event-id": lastId } });
      const first = await firstFrame(stream);
      expect(first.event, stream.describe()).toBe(endpoint.snapshotEvent);
      expect(first.json, "the snapshot does not depend on Last-Event-ID").toEqual(snapshot.json);
      // Long enough for a replay read from a store, not only one written with the snapshot.
      await stream.observe(lastId === "0" ? QUIET_MS : REPLAY_WATCH_MS);
      expect(
        stream.frames.slice(1).map((frame) => frame.event),
        `frames after the snapshot of an idle resource\n${stream.describe()}`,
      ).toEqual([]);
      stream.close();
    },
    { needs },
  );

  check(
    `${name} stream: query parameters narrow nothing (a 422 envelope, or the same full snapshot)`,
    ["streams.no-query-parameters"],
    async () => {
      const { path } = await resource();
      const plain = await mustOpenStream(path);
      const snapshot = await firstFrame(plain);
      plain.close();
      const query = { since: new Date().toISOString(), limit: 1, offset: 1, last_event_id: "1", after: "1" };
      const answer = await openApiStream(path, { query });
      if (answer.response !== undefined) {
        expectStatus(answer.response, 422);
        return;
      }
      const first = await firstFrame(answer.stream);
      expect(first.event, answer.stream.describe()).toBe(endpoint.snapshotEvent);
      expect(first.json, `snapshot with ${new URLSearchParams(stringify(query))}`).toEqual(snapshot.json);
      answer.stream.close();
    },
    { needs },
  );

  check(
    `${name} stream: an unknown resource is a 404 envelope before any stream opens`,
    ["streams.404-before-open"],
    async () => {
      const answer = await openApiStream(endpoint.unknownPath());
      if (answer.stream !== undefined) {
        answer.stream.close();
        throw new Error(
          `the stream opened (${answer.stream.status}) for an unknown resource\n${answer.stream.describe()}`,
        );
      }
      expectBody(answer.response, 404, ErrorMessage);
      expect(answer.response.headers["content-type"] ?? "", explain(answer.response)).toMatch(/^application\/json/i);
    },
    { needs },
  );

  check(
    `${name} stream: a VIEWER may open it and gets the snapshot`,
    [endpoint.anyRoleClause ?? "streams.any-role"],
    async () => {
      const stream = await mustOpenStream((await resource()).path, { as: "viewer" });
      expect((await firstFrame(stream)).event, stream.describe()).toBe(endpoint.snapshotEvent);
      stream.close();
    },
    { needs },
  );

  check(
    `${name} stream: without a credential, or with a bad one, it is a 401 and no stream`,
    ["streams.bearer-required"],
    async () => {
      const { path } = await resource();
      for (const as of ["none", { authorization: "Bearer not-a-real-token" }] as const) {
        const answer = await openApiStream(path, { as });
        answer.stream?.close();
        expect(answer.response?.status ?? answer.stream?.status, JSON.stringify(as)).toBe(401);
      }
    },
    { needs },
  );
}

/**
 * The frames of one stream opened on an idle resource: through one change of it where the target can change it,
 * else the snapshot alone (a plain server's knowledge base, which nothing changes without a crawl).
 */
async function framesOf(resource: StreamResource): Promise<{ stream: SseStream; frames: SseFrame[] }> {
  if (resource.change !== undefined) return throughAChange(resource.path, resource.change);
  const stream = await mustOpenStream(resource.path);
  await firstFrame(stream);
  stream.close();
  return { stream, frames: stream.frames };
}

/** The frames of one stream opened on an idle resource, through one change of that resource. */
async function throughAChange(
  path: string,
  change: NonNullable<StreamResource["change"]>,
): Promise<{ stream: SseStream; frames: SseFrame[] }> {
  const stream = await mustOpenStream(path);
  // The snapshot marks the subscription as established; other checks judge whether it comes.
  await firstFrame(stream).catch(() => undefined);
  await change();
  // The change is read back through the polling endpoint; its frames may still be on their way (a server may
  // write a stream in small pieces): wait for the first, then give the last a moment to arrive.
  const live = { from: 1, timeoutMs: deadline(), what: "a live frame after the change" };
  await stream.waitFor(() => true, live).catch(() => undefined);
  await stream.observe(100);
  stream.close();
  expect(stream.frames.length, `a snapshot and live frames\n${stream.describe()}`).toBeGreaterThan(1);
  return { stream, frames: stream.frames };
}

function jsonType(value: unknown): string {
  return value === null ? "null" : Array.isArray(value) ? "array" : typeof value;
}

function itemsOf(snapshot: unknown): Array<{ id?: unknown }> {
  const items = (snapshot as { items?: unknown } | undefined)?.items;
  return Array.isArray(items) ? (items as Array<{ id?: unknown }>) : [];
}

function stringify(query: Record<string, string | number>): Record<string, string> {
  return Object.fromEntries(Object.entries(query).map(([k, v]) => [k, String(v)]));
}

// ---- The conversation stream (6.2 frame table, rules 3 and 4) ----

interface LiveReply {
  stream: SseStream;
  conversationId: string;
  sent: Item;
  reply: Item;
  items: Item[];
  /** Frames from the message on (the snapshot excluded). */
  frames: SseFrame[];
}

/**
 * Sends `text` to the conversation and waits for its reply's item.created on each of `streams`, among the
 * frames each gets from the message on (`from`, per stream).
 */
async function replyCreatedOn(streams: SseStream[], conversationId: string, text: string) {
  const from = streams.map((stream) => stream.frames.length);
  const { item: sent } = await sendMessage({ conversation_id: conversationId, text });
  const items = await waitForReply(conversationId, sent.id);
  const reply = replyTo(items, sent.id)!;
  await Promise.all(
    streams.map((stream, i) =>
      stream.waitFor((frame) => frame.event === "item.created" && json(frame).id === reply.id, {
        timeoutMs: deadline(),
        from: from[i],
        what: `item.created for the reply ${reply.id}${streams.length > 1 ? ` on stream ${i + 1} of ${streams.length}` : ""}`,
      }),
    ),
  );
  return { sent, items, reply, from };
}

/**
 * A stream open on an idle conversation while one message is sent and answered; `alsoFrame` names a frame the
 * reply's frames must hold besides its own.
 */
async function liveReply(as: "admin" | "viewer" = "admin", alsoFrame?: string): Promise<LiveReply> {
  await ensureProviderKeys();
  const opening = await settledConversation();
  const stream = await mustOpenStream(eventsPath(opening.conversationId), { as });
  await firstFrame(stream);
  const {
    sent,
    items,
    reply,
    from: [from],
  } = await replyCreatedOn([stream], opening.conversationId, "alpha beta gamma delta");
  await stream.waitForEvent("assistant.completed", { timeoutMs: deadline(), from });
  if (alsoFrame !== undefined)
    await stream.waitForEvent(alsoFrame, { timeoutMs: deadline(), from, what: `a ${alsoFrame} frame for the reply` });
  stream.close();
  return { stream, conversationId: opening.conversationId, sent, reply, items, frames: stream.frames.slice(from) };
}

const deltasOf = (frames: SseFrame[]) =>
  frames.filter((frame) => frame.event === "assistant.delta").map((frame) => deltaText(json(frame)));

/** The chunk's field is not shown (6.2): the first of the profile's `stream_delta_fields` the frame carries. */
function deltaText(body: Record<string, unknown>): string {
  const field = profile().stream_delta_fields.find((name) => typeof body[name] === "string");
  return field === undefined ? "" : (body[field] as string);
}

const wired: { needs: Need[] } = { needs: ["wiring"] };

check(
  "conversation.snapshot carries the conversation and all its items, as the items list has them",
  ["streams.conversation-snapshot"],
  async () => {
    await ensureProviderKeys();
    const opening = await settledConversation();
    const stream = await mustOpenStream(eventsPath(opening.conversationId));
    const first = await firstFrame(stream);
    stream.close();
    expect(first.event, stream.describe()).toBe("conversation.snapshot");
    const body = json(first) as { conversation?: { id?: unknown }; items?: unknown };
    expect(body.conversation?.id, stream.describe()).toBe(opening.conversationId);
    // The same items as the list (timestamps as instants: the stream and the API may format times apart).
    const listed = await readItems(opening.conversationId);
    expect(
      sameData(body.items, listed),
      `snapshot items ${JSON.stringify(body.items).slice(0, 600)} against GET .../items ${JSON.stringify(listed).slice(0, 600)}`,
    ).toBe(true);
  },
  wired,
);

check(
  "two streams on one conversation each get a reply's live frames, and the one left open still gets them after the other closes",
  ["streams.live-every-stream"],
  async () => {
    await ensureProviderKeys();
    const { conversationId } = await settledConversation();
    const streams = [
      await mustOpenStream(eventsPath(conversationId)),
      await mustOpenStream(eventsPath(conversationId)),
    ];
    try {
      await Promise.all(streams.map(firstFrame));
      await replyCreatedOn(streams, conversationId, "alpha beta gamma delta");
      streams[1]!.close();
      await replyCreatedOn([streams[0]!], conversationId, "epsilon zeta eta theta");
    } finally {
      for (const stream of streams) stream.close();
    }
  },
  wired,
);

/** Opens raced by a message: a gap between the snapshot and the subscription shows in one of these. */
const GAP_ROUNDS = 5;

const snapshotItemIds = (frame: SseFrame) =>
  new Set(((json(frame).items ?? []) as Array<{ id?: unknown }>).map((item) => item.id));

check(
  "an item created while the conversation stream opens is in its snapshot or a later item.created, never in neither",
  ["streams.snapshot-then-live-no-gap"],
  async () => {
    await ensureProviderKeys();
    const { conversationId } = await settledConversation();
    for (let round = 0; round < GAP_ROUNDS; round++) {
      // One message races the open; a second goes out the moment the snapshot is in, when rule 1 says the
      // subscription is already established.
      const [stream, raced] = await Promise.all([
        mustOpenStream(eventsPath(conversationId)),
        sendMessage({ conversation_id: conversationId }),
      ]);
      const snapshot = await firstFrame(stream);
      const afterSnapshot = await sendMessage({ conversation_id: conversationId });
      const inSnapshot = snapshotItemIds(snapshot);
      for (const [label, { item }] of [
        ["sent while opening", raced],
        ["sent once the snapshot arrived", afterSnapshot],
      ] as const) {
        if (inSnapshot.has(item.id)) continue;
        await stream.waitFor((frame) => frame.event === "item.created" && json(frame).id === item.id, {
          timeoutMs: deadline(),
          what: `round ${round + 1}: the message ${label} (${item.id}), absent from the snapshot, as item.created`,
        });
      }
      stream.close();
    }
  },
  wired,
);

check(
  "item.created frames carry an id: line holding the item id",
  ["streams.item-created-id-line"],
  async () => {
    const live = await liveReply();
    const created = live.frames.filter((frame) => frame.event === "item.created");
    expect(
      created.map((frame) => json(frame).id),
      live.stream.describe(),
    ).toEqual([live.sent.id, live.reply.id]);
    for (const frame of created) expect(frame.id, `id: line of ${frame.raw.join(" | ")}`).toBe(json(frame).id);
  },
  wired,
);

check(
  "item.created carries the item in the items-list shape, plus event",
  ["streams.item-created-shape"],
  async () => {
    const live = await liveReply();
    for (const frame of live.frames.filter((f) => f.event === "item.created")) {
      const { event, ...item } = json(frame);
      expect(event).toBe("item.created");
      const row = live.items.find((candidate) => candidate.id === item.id);
      expect(row, `frame #${frame.index} names an item of GET .../items`).toBeDefined();
      // "In the shape the items list returns": the same fields, each of the same JSON type (a value may have
      // moved on since the frame, a delivery state say); the id, role and text are the item's own.
      expect(Object.keys(item).sort(), `frame #${frame.index}'s fields against its row's`).toEqual(
        Object.keys(row!).sort(),
      );
      for (const [key, value] of Object.entries(item)) {
        expect(jsonType(value), `frame #${frame.index}.${key} against its row's`).toBe(jsonType(row![key]));
      }
      for (const key of ["id", "role", "text"]) {
        expect(sameData(item[key], row![key]), `frame #${frame.index}.${key} against its row's`).toBe(true);
      }
    }
  },
  wired,
);

check(
  "conversation stream frames are only the names the spec lists",
  ["streams.conversation-frame-names"],
  async () => {
    const live = await liveReply();
    const names = STREAM_ENDPOINTS.find((endpoint) => endpoint.name === "conversation")!.frameNames;
    for (const frame of live.stream.frames) expect(names, live.stream.describe()).toContain(frame.event);
  },
  wired,
);

check(
  "assistant.started carries trigger_item_id, the message that triggered the reply",
  ["streams.assistant-started-trigger"],
  async () => {
    const live = await liveReply();
    const started = live.frames.find((frame) => frame.event === "assistant.started");
    expect(started, live.stream.describe()).toBeDefined();
    expect(json(started!).trigger_item_id, live.stream.describe()).toBe(live.sent.id);
    const firstDelta = live.frames.find((frame) => frame.event === "assistant.delta");
    if (firstDelta !== undefined)
      expect(started!.index, "assistant.started before the first delta").toBeLessThan(firstDelta.index);
  },
  wired,
);

check(
  "a reply's turn lifecycle comes as turn frames on the conversation stream, each a JSON body repeating its name",
  ["streams.turn-frames", "streams.event-field-repeats-name"],
  async () => {
    // Only presence and the frame rule: the lifecycle's values, and where turn frames fall among the
    // assistant frames, are not shown (6.2 gaps).
    const live = await liveReply("admin", "turn");
    for (const frame of live.frames.filter((f) => f.event === "turn")) {
      expect(json(frame).event, `turn frame #${frame.index}: ${frame.data}`).toBe("turn");
    }
  },
  wired,
);

check(
  "assistant.delta frames are next chunks: joined, they are the reply as stored",
  ["streams.delta-not-cumulative"],
  async () => {
    const live = await liveReply();
    const deltas = deltasOf(live.frames);
    expect(deltas.length, live.stream.describe()).toBeGreaterThan(0);
    expect(deltas.join(""), `deltas ${JSON.stringify(deltas)} against the stored reply`).toBe(live.reply.text);
  },
  wired,
);

check(
  "assistant.completed text is all the deltas joined",
  ["streams.completed-text-joins-deltas"],
  async () => {
    const live = await liveReply();
    const deltas = deltasOf(live.frames);
    const completed = live.frames.find((frame) => frame.event === "assistant.completed")!;
    expect(json(completed).text, `completed against deltas ${JSON.stringify(deltas)}`).toBe(deltas.join(""));
  },
  wired,
);

/** Whether the attempt could judge a reconnect inside a running reply (see the check below). */
type Reconnect = "judged" | "reply-ended-first";

/**
 * One attempt: a reply paced at `gapMs` per token, its stream left after the first delta and opened again.
 * Fails on what the spec forbids whenever it happens (a first frame other than the snapshot, a delta sent
 * again); answers "reply-ended-first" when the reply was over before the second stream began (stored by
 * then, or never ending on it), which says nothing of a reconnect mid-reply.
 */
async function reconnectMidReply(conversationId: string, gapMs: number): Promise<Reconnect> {
  const path = eventsPath(conversationId);
  return withPacedReplies(gapMs, async () => {
    const first = await mustOpenStream(path);
    await firstFrame(first);
    const from = first.frames.length;
    const words = "one two three four five six seven eight nine ten eleven twelve";
    const { item: sent } = await sendMessage({ conversation_id: conversationId, text: words });
    await first.waitForEvent("assistant.delta", { timeoutMs: deadline(), from });
    first.close();
    const second = await mustOpenStream(path);
    try {
      const snapshot = await firstFrame(second);
      expect(snapshot.event, `first frame on reconnecting mid-reply\n${second.describe()}`).toBe(
        "conversation.snapshot",
      );
      const reply = replyTo(await waitForReply(conversationId, sent.id), sent.id)!;
      // The snapshot holds all items (6.2 frame table): one naming the reply came after the reply was stored.
      const endedFirst =
        mentions(snapshot, reply.id) ||
        (await second.waitForEvent("assistant.completed", { timeoutMs: deadline() }).then(
          () => false,
          () => true,
        ));
      // The words are unique, so a delta frame seen on both connections can only be a replay.
      const before = new Set(first.frames.filter((f) => f.event === "assistant.delta").map((f) => f.data));
      const replayed = second.frames.filter((f) => f.event === "assistant.delta" && before.has(f.data));
      expect(
        replayed.map((f) => f.data),
        `deltas sent before the reconnect came again\n${second.describe()}`,
      ).toEqual([]);
      return endedFirst ? "reply-ended-first" : "judged";
    } finally {
      second.close();
    }
  });
}

/** Token gaps of the attempts: a busy machine may take longer to reconnect than a fast reply lasts. */
const RECONNECT_GAPS_MS = [60, 250, 1_000];

check(
  "reconnecting mid-reply: a fresh snapshot first, then only the deltas sent after the reconnect",
  ["streams.snapshot-on-reconnect", "streams.no-replay"],
  async () => {
    await ensureProviderKeys();
    const opening = await settledConversation();
    for (const gapMs of RECONNECT_GAPS_MS) {
      if ((await reconnectMidReply(opening.conversationId, gapMs)) === "judged") return;
    }
    throw new TargetError(
      `each reply ended before its stream was opened again (tokens ${RECONNECT_GAPS_MS.join(", ")} ms apart), so no reconnect fell inside a reply`,
    );
  },
  { ...wired, timeoutMs: 90_000 },
);

check(
  "a turn the API could not queue (model provider unreachable) is a turn.failed frame; one it queued says so in turn frames",
  ["streams.turn-failed"],
  async () => {
    await ensureProviderKeys();
    const opening = await settledConversation();
    const stream = await mustOpenStream(eventsPath(opening.conversationId));
    await firstFrame(stream);
    const from = stream.frames.length;
    const first = await whileProviderOffline(async () => {
      const { item } = await sendMessage({ conversation_id: opening.conversationId });
      // Silence is wrong either way: a turn the API queued has turn frames (its lifecycle), one it could not
      // queue at all a turn.failed frame (6.2).
      return firstTurnFrame(stream, item.id, {
        timeoutMs: deadline(),
        from,
        what: `a turn.failed or turn frame naming item ${item.id}, sent with the model provider unreachable`,
      });
    });
    stream.close();
    // A turn the API queued and then could not run fails in its lifecycle, whose values 6.2 does not show: the
    // clause's condition ("could not queue the turn at all") did not arise.
    if (first.event === "turn") {
      skipCheck(
        "the server queued the turn (a turn frame came first) and reports its failure in the turn lifecycle, so no turn it could not queue at all was made",
      );
    }
  },
  { ...wired, exclusive: TAKES_PROVIDER_OFFLINE },
);

// ---- Replies that go out on a messaging channel (2.3): item.delivery_updated (6.2 frame table).

/** Every string of a frame's parsed body (the field that names an item is not shown). */
function stringsOf(value: unknown): string[] {
  if (typeof value === "string") return [value];
  if (Array.isArray(value)) return value.flatMap(stringsOf);
  if (typeof value === "object" && value !== null) return Object.values(value).flatMap(stringsOf);
  return [];
}

/** Whether a frame's body names `id` as a value anywhere in it. */
const mentions = (frame: SseFrame, id: string) => stringsOf(frame.json).includes(id);

interface ChannelReply {
  /** The item.delivery_updated frame of the reply, and what the channel had seen when it arrived. */
  frame: SseFrame;
  atFrame: Delivery[];
  reply: Item;
  stream: SseStream;
}

/** How long a channel hook holds its answer, so the conversation's stream is open before the channel answers. */
const CHANNEL_ANSWER_DELAY_MS = 1_500;
/** Fresh threads tried when the stream could not open before the channel answered (a very slow machine). */
const THREADS_TRIED = 3;

/**
 * One inbound message on a fresh thread of the channel, the stream of the conversation it fed opened at once
 * (the channel holds its answer a while): answers the item.delivery_updated frame of the reply and the channel's
 * deliveries read the moment the frame arrived. Undefined when the channel had answered before the stream's
 * first frame, which says nothing either way (a new thread is tried).
 */
async function channelReplyOnce(channel: Channel, hookName: string): Promise<ChannelReply | undefined> {
  const message = await inbound(channel, "Is the parcel on its way?");
  const stream = await mustOpenStream(eventsPath(message.conversationId));
  try {
    await firstFrame(stream);
    const early = (await hookDeliveries(hookName)).deliveries.filter((d) => d.state !== "pending");
    if (early.length > 0) return undefined;
    const frame = await stream.waitForEvent("item.delivery_updated", {
      timeoutMs: deadline(),
      what: "an item.delivery_updated frame for the reply",
    });
    const atFrame = (await hookDeliveries(hookName)).deliveries;
    const reply = replyTo(await waitForReply(message.conversationId, message.itemId), message.itemId)!;
    expect(mentions(frame, reply.id), `the frame names the reply ${reply.id}\n${stream.describe()}`).toBe(true);
    return { frame, atFrame, reply, stream };
  } finally {
    stream.close();
  }
}

/** A reply on a channel whose hook answers as `behaviour` says, after CHANNEL_ANSWER_DELAY_MS. */
async function channelReply(agentId: string, label: string, behaviour: HookBehaviour): Promise<ChannelReply> {
  for (let tried = 0; tried < THREADS_TRIED; tried++) {
    const hook = await newHook(label, { ...behaviour, delay_ms: CHANNEL_ANSWER_DELAY_MS });
    const outcome = await channelReplyOnce(await channelFor(agentId, hook.url), hook.name);
    if (outcome !== undefined) return outcome;
  }
  throw new TargetError(
    `the conversation's stream never opened within ${CHANNEL_ANSWER_DELAY_MS} ms of its channel message, in ${THREADS_TRIED} tries: item.delivery_updated cannot be judged`,
  );
}

/** The delivery of `reply` among the channel's, which must have been answered before the frame said so. */
function expectChannelAnswered(outcome: ChannelReply, what: string): void {
  const text = JSON.stringify(outcome.reply.text).slice(1, -1);
  const sent = outcome.atFrame.filter((delivery) => delivery.body_text.includes(text));
  const log = outcome.atFrame.map((d) => `#${d.seq} ${d.state}: ${d.body_text.slice(0, 120)}`).join("\n");
  expect(sent.length, `${what}: the channel had the reply when the frame came\n${log}`).toBeGreaterThan(0);
  expect(
    sent.map((delivery) => delivery.state),
    `${what}: the channel had answered the reply when the frame came\n${log}`,
  ).toContain("answered");
}

/** A frame's parsed body as path → value, one entry per scalar (`a.b.0`). */
function leaves(value: unknown, path = ""): Map<string, string> {
  if (typeof value !== "object" || value === null) return new Map([[path, JSON.stringify(value)]]);
  const entries = Array.isArray(value) ? value.map((v, i) => [String(i), v] as const) : Object.entries(value);
  return new Map(entries.flatMap(([key, child]) => [...leaves(child, path === "" ? key : `${path}.${key}`)]));
}

/**
 * Whether `refused` says something two delivered frames agree on otherwise, or says what neither says: the
 * fields they agree on are what "delivered" is made of (an id, a timestamp, a counter differ from frame to
 * frame, so they are never read as the verdict).
 */
function saysOtherwise(refused: SseFrame, delivered: [SseFrame, SseFrame]): boolean {
  const [a, b] = delivered.map((frame) => leaves(frame.json));
  const r = leaves(refused.json);
  const agreed = [...a!].filter(([path, value]) => b!.get(path) === value);
  return agreed.some(([path, value]) => r.get(path) !== value) || [...r.keys()].some((p) => !a!.has(p) && !b!.has(p));
}

check(
  "item.delivery_updated comes once a channel reply reached the channel, and says otherwise when the channel refused it",
  ["streams.item-delivery-updated"],
  async () => {
    const agent = await publishedTextAgent();
    // The channel holds its answer a while, so a frame sent before it answered is seen as such.
    const delivered = [
      await channelReply(agent.id, "channel-ok", {}),
      await channelReply(agent.id, "channel-ok", {}),
    ] as const;
    for (const outcome of delivered) expectChannelAnswered(outcome, "a channel answering 200");
    const refused = await channelReply(agent.id, "channel-down", { status: 503 });
    expectChannelAnswered(refused, "a channel answering 503");
    const frames = [delivered[0].frame, delivered[1].frame] as [SseFrame, SseFrame];
    expect(
      saysOtherwise(refused.frame, frames),
      `a refused delivery is reported in other words than two delivered ones\n${frames.map((f) => f.data).join("\n")}\n${refused.frame.data}`,
    ).toBe(true);
  },
  { needs: ["test-control", "wiring"] },
);
