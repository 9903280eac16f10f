// Hostile event streams: a line that never ends.
import { type HostileSpec, isApiRequest } from "./hostile.ts";
import { pump } from "./pump.ts";

const NO_NEWLINE = Buffer.alloc(64 * 1024, "x");

export const streamsHostile = {
  "endless-sse-line": {
    description:
      "every event stream (GET /v1/.../events) answers 200 text/event-stream, then `data: ` and bytes without a newline for ever",
    clauses: ["streams.snapshot-first"],
    install(app) {
      app.addHook("onRequest", async (request, reply) => {
        if (request.method !== "GET" || !isApiRequest(request) || !request.url.split("?")[0]!.endsWith("/events")) {
          return;
        }
        reply.hijack();
        const res = reply.raw;
        // An open stream is not idle however long it lasts (as the real streams, sse/connection.ts).
        res.socket?.setTimeout(0);
        res.writeHead(200, {
          "content-type": "text/event-stream",
          "cache-control": "no-cache",
          "x-accel-buffering": "no",
        });
        let started = false;
        void pump(res, () => {
          if (started) return NO_NEWLINE;
          started = true;
          return "data: ";
        });
        return reply;
      });
    },
  },
} as const satisfies Record<string, HostileSpec>;
