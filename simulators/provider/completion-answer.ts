// A chat completion a front worker received (ARCHITECTURE.md, "Simulators behind several processes"),
// decided in the process that holds the provider's state, in the order the provider's own server takes
// it: offline drops it, then the body is decoded, the request recorded and admitted (faults, the key),
// and planned (planChat). The worker writes the answer; it reports the status the response finished
// with, which the recorded row then shows, as the server's own onResponse hook does.
import { z } from "zod";
import { parseJsonBody } from "../shared/json-body.ts";
import { admit, toOpenAi } from "./api.ts";
import { planChat } from "./chat.ts";
import type { ApiContext } from "./context.ts";
import type { RecordedRequest } from "./requests.ts";
import type { StreamPlan } from "./streaming.ts";
import type { Timing } from "./timing.ts";

export const COMPLETE_OP = "provider.complete";
export const FINISHED_OP = "provider.finished";

/** What the worker passes on: the path, the one header the route reads, the body's bytes. */
export const CompletionInput = z.object({
  path: z.string(),
  authorization: z.string().optional(),
  body: z.custom<Uint8Array>((value) => value instanceof Uint8Array),
});
export type CompletionInput = z.infer<typeof CompletionInput>;

/** The status a worker's response finished with (null: it never finished, the client left). */
export const FinishedNote = z.object({ record: z.int(), status: z.int().nullable() });
export type FinishedNote = z.infer<typeof FinishedNote>;

/** `record` names the recorded row whose status the worker reports when its response finishes. */
export type CompletionAnswer =
  | { drop: true }
  | { status: number; headers: Record<string, string>; body: unknown; waitMs?: number; record?: number }
  | { hang: true; record: number }
  | { stream: StreamPlan; timing: Timing; record: number };

/** Rows whose responses a worker is still writing, by the number it reports them under. */
export class RowsInFlight {
  private next = 0;
  private readonly rows = new Map<number, RecordedRequest>();

  track(row: RecordedRequest): number {
    const id = this.next++;
    this.rows.set(id, row);
    return id;
  }

  finished(note: FinishedNote): void {
    const row = this.rows.get(note.record);
    this.rows.delete(note.record);
    if (row !== undefined && note.status !== null) row.status = note.status;
  }
}

function refusal(error: unknown, record?: number): CompletionAnswer {
  const failure = toOpenAi(error);
  return { status: failure.status, headers: failure.headers, body: failure.body, record };
}

export function answerCompletion(ctx: ApiContext, inFlight: RowsInFlight, input: CompletionInput): CompletionAnswer {
  if (ctx.state.offline) return { drop: true };
  let body: unknown;
  try {
    body = parseJsonBody(Buffer.from(input.body.buffer, input.body.byteOffset, input.body.byteLength));
  } catch (error) {
    // Refused before the server's preHandler would run: not recorded.
    return refusal(error);
  }
  const { record: row, refusal: refused } = admit(ctx, {
    method: "POST",
    path: input.path,
    authorization: input.authorization,
    body,
  });
  const record = inFlight.track(row);
  if (refused === "hang") return { hang: true, record };
  if (refused !== undefined) return refusal(refused, record);
  try {
    const chat = planChat(ctx, body);
    if (chat.stream) return { stream: chat.plan, timing: chat.timing, record };
    return { status: 200, headers: {}, body: chat.completion, waitMs: chat.waitMs, record };
  } catch (error) {
    return refusal(error, record);
  }
}
