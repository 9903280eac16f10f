// Streaming replies as OpenAI sends them: `data: {chat.completion.chunk}` frames, the first carrying the
// assistant role with empty content, then one frame per content token, then an empty delta with
// finish_reason "stop", an optional usage frame (stream_options.include_usage), and `data: [DONE]`.
import type { FastifyReply } from "fastify";
import type { Usage } from "./chat.ts";
import type { ApiContext } from "./context.ts";
import { tokenGapMs } from "./timing.ts";

export interface StreamPlan {
  id: string;
  created: number;
  model: string;
  system_fingerprint: string;
  pieces: readonly string[];
  usage: Usage;
  includeUsage: boolean;
}

export async function streamCompletion(reply: FastifyReply, ctx: ApiContext, plan: StreamPlan): Promise<FastifyReply> {
  const { pieces, usage, includeUsage, ...head } = plan;
  const chunk = (delta: object, finishReason: "stop" | null) => ({
    ...head,
    object: "chat.completion.chunk",
    choices: [{ index: 0, delta, logprobs: null, finish_reason: finishReason }],
    ...(includeUsage ? { usage: null } : {}),
  });
  reply.hijack();
  const res = reply.raw;
  res.writeHead(200, {
    "content-type": "text/event-stream; charset=utf-8",
    "cache-control": "no-cache",
    connection: "keep-alive",
  });
  const send = (frame: unknown) => res.write(`data: ${JSON.stringify(frame)}\n\n`);

  send(chunk({ role: "assistant", content: "", refusal: null }, null));
  const gap = tokenGapMs(ctx.state.timing);
  for (const [i, piece] of pieces.entries()) {
    if (!(await ctx.pause(i === 0 ? ctx.state.timing.ttft_ms : gap, reply))) return reply;
    send(chunk({ content: piece }, null));
  }
  send(chunk({}, "stop"));
  if (includeUsage) send({ ...head, object: "chat.completion.chunk", choices: [], usage });
  res.end("data: [DONE]\n\n");
  return reply;
}
