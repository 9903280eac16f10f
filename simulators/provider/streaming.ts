// Streaming replies as OpenAI sends them: `data: {chat.completion.chunk}` frames, the first carrying the
// assistant role with empty content, then one frame per content token, then an empty delta with
// finish_reason "stop", an optional usage frame (stream_options.include_usage), and `data: [DONE]`.
import type { ServerResponse } from "node:http";
import { type Timing, tokenGapMs } from "./timing.ts";

/** The token counts of a completion (OpenAI's `usage`). */
export interface Usage {
  prompt_tokens: number;
  completion_tokens: number;
  total_tokens: number;
}

export interface StreamPlan {
  id: string;
  created: number;
  model: string;
  system_fingerprint: string;
  pieces: readonly string[];
  usage: Usage;
  includeUsage: boolean;
}

const HEADERS = {
  "content-type": "text/event-stream; charset=utf-8",
  "cache-control": "no-cache",
  connection: "keep-alive",
};

/**
 * The frames of one stream share everything but the delta: the text around it is serialised once per
 * stream, and each frame is `before + JSON(delta) + after`, the same bytes JSON.stringify gives for
 * `{...head, object, choices: [{index, delta, logprobs, finish_reason}], usage?}`.
 */
export function frameWriter(plan: StreamPlan) {
  const { pieces, usage, includeUsage, ...head } = plan;
  const opening = JSON.stringify({ ...head, object: "chat.completion.chunk" }).slice(0, -1);
  const before = `data: ${opening},"choices":[{"index":0,"delta":`;
  const tail = includeUsage ? ',"usage":null}\n\n' : "}\n\n";
  const open = `${before}{"role":"assistant","content":"","refusal":null},"logprobs":null,"finish_reason":null}]${tail}`;
  return {
    open,
    content: (piece: string) =>
      `${before}{"content":${JSON.stringify(piece)}},"logprobs":null,"finish_reason":null}]${tail}`,
    stop: `${before}{},"logprobs":null,"finish_reason":"stop"}]${tail}`,
    usage: includeUsage ? `data: ${opening},"choices":[],"usage":${JSON.stringify(usage)}}\n\n` : undefined,
  };
}

/** How a stream waits between tokens: the primary's server pauses its fastify reply, a front worker its raw response. */
export interface Pacer {
  shutdown: AbortSignal;
  /** False when the connection was dropped (the client left, the simulator is closing): write nothing more. */
  pause(simMs: number): Promise<boolean>;
}

/** Writes the whole stream on `res`, pacing the content tokens by `timing` (the simulated ms of timing.ts). */
export async function streamCompletion(
  res: ServerResponse,
  plan: StreamPlan,
  timing: Timing,
  pacer: Pacer,
): Promise<void> {
  const frames = frameWriter(plan);
  res.writeHead(200, HEADERS);
  res.write(frames.open);
  const gap = tokenGapMs(timing);
  for (let i = 0; i < plan.pieces.length; i++) {
    const wait = i === 0 ? timing.ttft_ms : gap;
    // An unpaced stream does not wait a turn per token; a closing simulator still drops it.
    if ((wait > 0 || pacer.shutdown.aborted) && !(await pacer.pause(wait))) return;
    res.write(frames.content(plan.pieces[i]!));
  }
  res.write(frames.stop);
  if (frames.usage !== undefined) res.write(frames.usage);
  res.end("data: [DONE]\n\n");
}
