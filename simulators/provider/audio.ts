// Speech stubs. TTS answers a few bytes of audio/mpeg that carry the spoken text after a marker, and STT
// reads that marker back, so STT(TTS(text)) = text: a simulated voice session gets a predictable transcript.
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { ApiError } from "../shared/api-error.ts";
import type { ApiContext } from "./context.ts";
import type { FormBody, UploadedFile } from "./multipart.ts";
import { invalidRequest } from "./openai-errors.ts";
import { parseOpenAi, requireModel } from "./validate.ts";

/** An ID3v2 header and one MPEG-1 Layer III frame header: enough for a sniffer to call it MP3. */
const MP3_HEAD = Buffer.from([0x49, 0x44, 0x33, 0x04, 0, 0, 0, 0, 0, 0, 0xff, 0xfb, 0x90, 0x64]);
const TEXT_MARKER = Buffer.from("SIMTEXT:");
/** What STT hears in audio that carries no marker (real audio a client recorded). */
export const DEFAULT_TRANSCRIPT = "hello, this is the simulated caller";

export function speechAudio(text: string): Buffer {
  return Buffer.concat([MP3_HEAD, TEXT_MARKER, Buffer.from(text, "utf8")]);
}

export function transcribe(audio: Buffer): string {
  const at = audio.indexOf(TEXT_MARKER);
  return at < 0 ? DEFAULT_TRANSCRIPT : audio.subarray(at + TEXT_MARKER.length).toString("utf8");
}

export const SpeechRequest = z.looseObject({
  model: z.string().min(1),
  input: z.string().min(1).max(4096),
  voice: z.string().min(1),
  response_format: z.literal("mp3").optional(),
  speed: z.number().min(0.25).max(4).optional(),
});

export const TranscriptionForm = z.looseObject({
  model: z.string().min(1),
  file: z.custom<UploadedFile>((value) => typeof value === "object" && value !== null && "data" in value, {
    message: "expected an uploaded file",
  }),
});

export function registerAudio(app: FastifyInstance, _ctx: ApiContext): void {
  app.post("/audio/speech", async (request, reply) => {
    const body = parseOpenAi(SpeechRequest, request.body);
    requireModel(body.model, "tts", "v1/audio/speech");
    return reply.type("audio/mpeg").send(speechAudio(body.input));
  });

  app.post("/audio/transcriptions", async (request) => {
    if (typeof request.body !== "object" || request.body === null || Buffer.isBuffer(request.body)) {
      throw invalidRequest("Expected a multipart/form-data body with `file` and `model`.", null, null);
    }
    const form = parseOpenAi(TranscriptionForm, request.body as FormBody);
    requireModel(form.model, "stt", "v1/audio/transcriptions");
    return { text: transcribe(form.file.data) };
  });
}

/** A sample's file name: a voice or avatar id (letters, digits, dashes, underscores) and `.mp3`. */
const SampleParams = z.object({ voice: z.string().regex(/^[A-Za-z0-9_-]{1,64}\.mp3$/) });

/** Voice samples the catalog's sample_url points at: public, like a CDN link. */
export function registerSamples(app: FastifyInstance): void {
  app.get("/samples/:voice", async (request, reply) => {
    // Like a CDN, a name that is no file it could hold (`..`, a NUL, no .mp3) is not found.
    const params = SampleParams.safeParse(request.params);
    if (!params.success) throw new ApiError(404, "no such sample: a sample is <voice id>.mp3");
    return reply.type("audio/mpeg").send(speechAudio(`sample of ${params.data.voice.replace(/\.mp3$/, "")}`));
  });
}
