// What every path into a text conversation shares on one platform instance: the SSE hub its frames go
// out on, and the signal that stops running turns when the instance closes. The API route and the
// integrations' inbound messages (2.3) both feed conversations through it.
import type { FastifyInstance } from "fastify";
import type { PlatformContext } from "../context.ts";
import { type SseHub, sseHub } from "../sse/hub.ts";
import { ConversationsState } from "./state.ts";
import { clearWindows } from "./window.ts";

export interface ConversationRuntime {
  hub: SseHub;
  /** Aborted when the instance closes. */
  signal: AbortSignal;
}

const runtimes = new WeakMap<PlatformContext, ConversationRuntime>();

/** The instance's runtime, made by the first route module that asks (call it while registering routes). */
export function conversationRuntime(app: FastifyInstance, ctx: PlatformContext): ConversationRuntime {
  let runtime = runtimes.get(ctx);
  if (runtime === undefined) {
    const shutdown = new AbortController();
    app.addHook("preClose", async () => {
      shutdown.abort(new Error("platform closing"));
      clearWindows(ctx);
    });
    runtime = { hub: sseHub(app, ctx), signal: shutdown.signal };
    runtimes.set(ctx, runtime);
  }
  return runtime;
}

export function conversationsOf(ctx: PlatformContext, workspaceId: string): ConversationsState {
  return ctx.store.workspace(workspaceId).slice("conversations", () => new ConversationsState());
}
