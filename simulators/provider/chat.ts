// POST /v1/chat/completions: a chat.completion object, or (stream: true) chat.completion.chunk frames.
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { randomHex } from "../shared/random-hex.ts";
import type { ApiContext } from "./context.ts";
import { scriptedReply } from "./scripts.ts";
import { type StreamPlan, streamCompletion, type Usage } from "./streaming.ts";
import { type Timing, tokenGapMs } from "./timing.ts";
import { parseOpenAi, requireModel } from "./validate.ts";

const ContentPart = z.looseObject({ type: z.string(), text: z.string().optional() });
const Message = z.looseObject({
  role: z.enum(["system", "developer", "user", "assistant", "tool", "function"]),
  content: z.union([z.string(), z.array(ContentPart), z.null()]).optional(),
});
export const ChatRequest = z.looseObject({
  model: z.string().min(1),
  messages: z.array(Message).min(1),
  stream: z.boolean().nullable().optional(),
  stream_options: z.looseObject({ include_usage: z.boolean().optional() }).nullable().optional(),
});
export type ChatRequest = z.infer<typeof ChatRequest>;
type Message = z.infer<typeof Message>;

function messageText(message: Message): string {
  const { content } = message;
  if (typeof content === "string") return content;
  return (content ?? []).map((part) => part.text ?? "").join("");
}

export function lastUserText(messages: readonly Message[]): string {
  const last = messages.findLast((message) => message.role === "user");
  return last === undefined ? "" : messageText(last);
}

/** Word-sized pieces whose concatenation is exactly `text`; one piece is one token here. */
export function splitTokens(text: string): string[] {
  return text.match(/^\s+|\S+\s*/g) ?? [];
}

function usageOf(messages: readonly Message[], pieces: readonly string[]): Usage {
  const prompt = messages.reduce((sum, message) => sum + splitTokens(messageText(message)).length + 3, 0);
  return { prompt_tokens: prompt, completion_tokens: pieces.length, total_tokens: prompt + pieces.length };
}

/**
 * What POST /v1/chat/completions answers, decided on the provider's state: a stream to write with the
 * timing of that moment, or a JSON completion to send after the time the stream would have taken.
 * Throws OpenAiError for a request it refuses. A front worker's completions are planned here too, in the
 * process that holds the state (completion-answer.ts).
 */
export type ChatPlan =
  | { stream: true; plan: StreamPlan; timing: Timing }
  | { stream: false; waitMs: number; completion: object };

export function planChat(ctx: ApiContext, requestBody: unknown): ChatPlan {
  const body = parseOpenAi(ChatRequest, requestBody);
  requireModel(body.model, "llm", "v1/chat/completions");
  const text = scriptedReply(ctx.state.scripts, lastUserText(body.messages));
  const pieces = splitTokens(text);
  const completion = {
    id: `chatcmpl-${randomHex(12)}`,
    created: Math.floor(ctx.clock.now() / 1000),
    model: body.model,
    system_fingerprint: "fp_sim",
  };
  const usage = usageOf(body.messages, pieces);
  const timing = ctx.state.timing;
  if (body.stream === true) {
    const includeUsage = body.stream_options?.include_usage === true;
    return { stream: true, plan: { ...completion, pieces, usage, includeUsage }, timing };
  }
  return {
    stream: false,
    // Not streaming: the whole reply arrives after the time the stream would have taken.
    waitMs: timing.ttft_ms + pieces.length * tokenGapMs(timing),
    completion: {
      ...completion,
      object: "chat.completion",
      choices: [
        {
          index: 0,
          message: { role: "assistant", content: text, refusal: null },
          logprobs: null,
          finish_reason: "stop",
        },
      ],
      usage,
    },
  };
}

export function registerChat(app: FastifyInstance, ctx: ApiContext): void {
  app.post("/chat/completions", async (request, reply) => {
    const chat = planChat(ctx, request.body);
    if (chat.stream) {
      reply.hijack();
      await streamCompletion(reply.raw, chat.plan, chat.timing, {
        shutdown: ctx.shutdown,
        pause: (simMs) => ctx.pause(simMs, reply),
      });
      return reply;
    }
    if (!(await ctx.pause(chat.waitMs, reply))) return reply;
    return reply.send(chat.completion);
  });
}
