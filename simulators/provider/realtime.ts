// POST /v1/realtime/sessions: mints a realtime session with a short-lived client secret, as OpenAI does.
import { randomBytes } from "node:crypto";
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import type { ApiContext } from "./context.ts";
import { parseOpenAi, requireModel } from "./validate.ts";

export const SessionRequest = z.looseObject({
  model: z.string().min(1),
  voice: z.string().min(1).optional(),
  instructions: z.string().optional(),
  modalities: z
    .array(z.enum(["audio", "text"]))
    .min(1)
    .optional(),
});

/** Simulated seconds a client secret lives. */
const SECRET_TTL_S = 60;

export function registerRealtime(app: FastifyInstance, ctx: ApiContext): void {
  app.post("/realtime/sessions", async (request) => {
    const body = parseOpenAi(SessionRequest, request.body);
    requireModel(body.model, "realtime", "v1/realtime/sessions");
    const now = Math.floor(ctx.clock.now() / 1000);
    return {
      id: `sess_${randomBytes(12).toString("hex")}`,
      object: "realtime.session",
      model: body.model,
      modalities: body.modalities ?? ["audio", "text"],
      instructions: body.instructions ?? "",
      voice: body.voice ?? "sim-alloy",
      input_audio_format: "pcm16",
      output_audio_format: "pcm16",
      turn_detection: { type: "server_vad", threshold: 0.5, prefix_padding_ms: 300, silence_duration_ms: 500 },
      expires_at: now + 30 * 60,
      client_secret: { value: `ek_${randomBytes(16).toString("hex")}`, expires_at: now + SECRET_TTL_S },
    };
  });
}
