// A streamed chat completion from the OpenAI-compatible provider (the wiring contract): the request is
// made and its headers read before the turn counts as queued; then the text arrives chunk by chunk.
import { createParser } from "eventsource-parser";
import { request } from "undici";
import type { PlatformContext } from "../context.ts";

export interface ChatMessage {
  role: "system" | "user" | "assistant";
  content: string;
}

export class ProviderUnavailable extends Error {}

/** Longest silence between two chunks of a reply before the turn is given up. */
const CHUNK_IDLE_MS = 30_000;

/**
 * Opens the stream; throws ProviderUnavailable when the provider cannot be reached or refuses. The
 * returned iterator yields content chunks (never cumulative) and throws if the stream breaks.
 */
export async function openChatStream(
  ctx: PlatformContext,
  input: {
    key: string;
    model: string;
    messages: ChatMessage[];
    /** What the reply is for (README's wiring contract): its conversation, and the text window's session. */
    metadata: { conversation_id: string; session_id?: string } | undefined;
    signal: AbortSignal;
  },
): Promise<AsyncIterable<string>> {
  const base = ctx.wiring.providerUrl;
  if (base === undefined) throw new ProviderUnavailable("no model provider is wired to this platform");
  let response: Awaited<ReturnType<typeof request>>;
  try {
    response = await request(`${base.replace(/\/+$/, "")}/v1/chat/completions`, {
      method: "POST",
      headers: { authorization: `Bearer ${input.key}`, "content-type": "application/json" },
      body: JSON.stringify({ model: input.model, messages: input.messages, metadata: input.metadata, stream: true }),
      headersTimeout: ctx.upstreamTimeoutMs,
      bodyTimeout: CHUNK_IDLE_MS,
      signal: input.signal,
    });
  } catch {
    throw new ProviderUnavailable("the model provider did not answer");
  }
  if (response.statusCode !== 200) {
    await response.body.dump().catch(() => undefined);
    // The provider's own message may echo a masked key; the status is all the stream needs to say.
    throw new ProviderUnavailable(`the model provider answered ${response.statusCode}`);
  }
  return chunks(response.body);
}

async function* chunks(body: AsyncIterable<Buffer>): AsyncGenerator<string> {
  const ready: string[] = [];
  let done = false;
  const parser = createParser({
    onEvent(event) {
      if (event.data === "[DONE]") {
        done = true;
        return;
      }
      const chunk = JSON.parse(event.data) as { choices?: Array<{ delta?: { content?: unknown } }> };
      const content = chunk.choices?.[0]?.delta?.content;
      if (typeof content === "string" && content.length > 0) ready.push(content);
    },
  });
  const decoder = new TextDecoder();
  for await (const buffer of body) {
    parser.feed(decoder.decode(buffer, { stream: true }));
    yield* ready.splice(0);
    if (done) return;
  }
  if (!done) throw new Error("the provider stream ended before [DONE]");
}
