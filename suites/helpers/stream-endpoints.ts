// Every event stream the generic stream checks run over (6.2: headers, snapshot first and on reconnect,
// frame format, keep-alive, 404 before the stream opens, Last-Event-ID ignored). A new stream is one entry.
import { randomUUID } from "node:crypto";
import { runConfig } from "../../runner/client/run-config.ts";
import type { Need } from "../../runner/framework/check.ts";
import { CONVERSATION_FRAMES } from "../../spec/conversations.ts";
import { KB_FRAME_NAMES } from "../../spec/knowledge.ts";
import { ensureProviderKeys } from "./byok.ts";
import { eventsPath, sendMessage, settledConversation, waitForReply } from "./conversations.ts";
import { idleKbStream, idlePlainKb, kbEventsPath } from "./knowledge.ts";

export interface StreamEndpoint {
  name: string;
  /** Creates (and tracks) a resource that is idle when this resolves, and answers its stream path. */
  idle: () => Promise<StreamResource>;
  /** A stream path for a resource that does not exist in the workspace. */
  unknownPath: () => string;
  /** The name of the snapshot frame, always the first frame (rule 1). */
  snapshotEvent: string;
  /** Every frame name the stream may send. */
  frameNames: readonly string[];
  /** The clause saying any role may open this stream (section 4 names it per stream). */
  anyRoleClause?: string;
  /** What the target needs for an idle resource of this stream. */
  needs?: Need[];
  /** What it needs beyond that for the resource to be changed (checks that watch a change). */
  changeNeeds?: Need[];
}

export interface StreamResource {
  path: string;
  /**
   * Changes the resource so its next snapshot differs; answers a predicate the new snapshot must meet. Absent
   * where the target cannot change it (then the checks that need a change skip, by changeNeeds).
   */
  change?: () => Promise<(snapshot: unknown) => boolean>;
}

export const STREAM_ENDPOINTS: StreamEndpoint[] = [
  {
    name: "conversation",
    idle: async () => {
      await ensureProviderKeys();
      const opened = await settledConversation();
      return {
        path: eventsPath(opened.conversationId),
        change: async () => {
          const sent = await sendMessage({ conversation_id: opened.conversationId });
          await waitForReply(opened.conversationId, sent.item.id);
          return (snapshot) =>
            ((snapshot as { items?: Array<{ id?: unknown }> })?.items ?? []).some((item) => item.id === sent.item.id);
        },
      };
    },
    unknownPath: () => eventsPath(randomUUID()),
    snapshotEvent: "conversation.snapshot",
    frameNames: CONVERSATION_FRAMES,
    anyRoleClause: "streams.conversation-any-role",
    needs: ["wiring"],
  },
  {
    name: "knowledge-base",
    // Wired: a crawled knowledge base in review, whose change is its build (see idleKbStream). Not wired: a
    // knowledge base created with no URLs, out of discovery: a stream any server can open, which nothing changes.
    idle: () =>
      runConfig().target.wired && runConfig().target.simulators.website !== undefined ? idleKbStream() : idlePlainKb(),
    unknownPath: () => kbEventsPath(randomUUID()),
    snapshotEvent: "snapshot",
    frameNames: KB_FRAME_NAMES,
    changeNeeds: ["wiring"],
  },
];
