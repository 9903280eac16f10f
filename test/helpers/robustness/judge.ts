// What is wrong with one answer to a probe: a 5xx, malformed input accepted, a refusal outside the
// route's error shape or without a message, an unknown field read back.
import type { z } from "zod";
import type { Answer } from "./client.ts";
import { MARKER, type Probe } from "./probe.ts";

/** An error body shape, as the message it carries: the spec's envelope, Twilio's, OpenAI's... */
export interface ErrorShape {
  name: string;
  message: z.ZodType<string>;
}

/** How answers are judged; `shape` undefined accepts any refusal body (a web server's HTML 404). */
export interface Verdict {
  shape: ErrorShape | undefined;
  /** The route records what it is sent (a webhook receiver), so the marker coming back is no defect. */
  echoes?: boolean;
}

export function problemWith(probe: Probe, answer: Answer, verdict: Verdict): string | undefined {
  if (answer.status >= 500) return `a ${answer.status}`;
  if (probe.mustRefuse && answer.status < 400) return `malformed input accepted with ${answer.status}`;
  if (answer.status >= 400 && verdict.shape !== undefined) {
    let body: unknown;
    try {
      body = JSON.parse(answer.text);
    } catch {
      return `a ${answer.status} that is not JSON (${answer.contentType})`;
    }
    const message = verdict.shape.message.safeParse(body);
    if (!message.success) return `a ${answer.status} outside ${verdict.shape.name}`;
    if (message.data.trim() === "") return `a ${answer.status} with an empty message`;
  }
  // A refusal may rightly name the field; an acceptance must not carry it.
  if (!verdict.echoes && answer.status < 300 && answer.text.includes(MARKER)) return "the unknown field is read back";
  return undefined;
}
