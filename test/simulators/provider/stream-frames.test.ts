// The streaming frames (simulators/provider/streaming.ts) are assembled from text serialised once per
// stream; they must be the very bytes JSON.stringify gives for each chunk object, whatever the ids,
// model and token text (quotes, backslashes, control characters, any Unicode).
import fc from "fast-check";
import { expect, test } from "vitest";
import { frameWriter, type StreamPlan } from "../../../simulators/provider/streaming.ts";

/** The chunk objects as OpenAI's stream carries them, written out plainly. */
function expectedFrames(plan: StreamPlan): string[] {
  const { pieces, usage, includeUsage, ...head } = plan;
  const chunk = (delta: object, finish_reason: "stop" | null) => ({
    ...head,
    object: "chat.completion.chunk",
    choices: [{ index: 0, delta, logprobs: null, finish_reason }],
    ...(includeUsage ? { usage: null } : {}),
  });
  const frames = [
    chunk({ role: "assistant", content: "", refusal: null }, null),
    ...pieces.map((content) => chunk({ content }, null)),
    chunk({}, "stop"),
    ...(includeUsage ? [{ ...head, object: "chat.completion.chunk", choices: [], usage }] : []),
  ];
  return frames.map((frame) => `data: ${JSON.stringify(frame)}\n\n`);
}

function writtenFrames(plan: StreamPlan): string[] {
  const frames = frameWriter(plan);
  return [
    frames.open,
    ...plan.pieces.map(frames.content),
    frames.stop,
    ...(frames.usage === undefined ? [] : [frames.usage]),
  ];
}

const plans = fc.record({
  id: fc.string({ unit: "binary" }),
  created: fc.integer({ min: 0, max: 2 ** 40 }),
  model: fc.string({ unit: "binary" }),
  system_fingerprint: fc.string(),
  pieces: fc.array(fc.string({ unit: "binary" }), { maxLength: 8 }),
  usage: fc.record({
    prompt_tokens: fc.nat(),
    completion_tokens: fc.nat(),
    total_tokens: fc.nat(),
  }),
  includeUsage: fc.boolean(),
});

test("every frame is JSON.stringify of its chunk object, byte for byte", () => {
  fc.assert(
    fc.property(plans, (plan) => {
      expect(writtenFrames(plan)).toEqual(expectedFrames(plan));
    }),
    { seed: 42, numRuns: 500 },
  );
});
