// The provider's fast path in a front worker (shared/front-worker.ts): POST /v1/chat/completions with a
// JSON body, what a platform calls for every assistant reply. The primary decides the answer
// (completion-answer.ts); the worker writes it, streams included, paced on its own copy of the clock,
// and reports the status its response finished with. Any other body type goes to the primary whole.
import type { IncomingMessage } from "node:http";
import type { Clock } from "../shared/clock.ts";
import { type FastPath, writeJsonAnswer } from "../shared/fast-path.ts";
import {
  COMPLETE_OP,
  type CompletionAnswer,
  type CompletionInput,
  FINISHED_OP,
  type FinishedNote,
} from "./completion-answer.ts";
import { pauseResponse } from "./context.ts";
import { streamCompletion } from "./streaming.ts";

const COMPLETIONS_URL = /^\/v1\/chat\/completions(?:\?[^#]*)?$/;

export function completionFastPath(clock: Clock): FastPath {
  return {
    matches: (request: IncomingMessage) =>
      request.method === "POST" &&
      request.headers["content-type"] === "application/json" &&
      COMPLETIONS_URL.test(request.url ?? ""),
    async answer(request, response, body, primary, shutdown) {
      const input: CompletionInput = {
        path: (request.url ?? "").split("?")[0]!,
        authorization: request.headers.authorization,
        body,
      };
      const answer = await primary.call<CompletionAnswer>(COMPLETE_OP, input);
      if ("drop" in answer) return writeJsonAnswer(response, answer);
      const { record } = answer;
      if (record !== undefined) {
        const finished = (status: number | null) =>
          primary.note(FINISHED_OP, { record, status } satisfies FinishedNote);
        // Reported as the response finishes, before its client can read it, so a reader that syncs with the
        // workers first (GET /_admin/requests) sees the status.
        response.once("finish", () => finished(response.statusCode));
        response.once("close", () => {
          if (!response.writableFinished) finished(null);
        });
      }
      if ("hang" in answer) {
        // Never answered: the client gives up, or the worker closes.
        response.socket?.setTimeout(0);
        return;
      }
      const pause = (simMs: number) => pauseResponse(response, simMs, clock, shutdown);
      if ("stream" in answer) {
        await streamCompletion(response, answer.stream, answer.timing, { shutdown, pause });
        return;
      }
      if (answer.waitMs !== undefined && !(await pause(answer.waitMs))) return;
      writeJsonAnswer(response, answer);
    },
  };
}
