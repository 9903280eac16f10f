// Hostile answers at the HTTP level: too many headers, reset connections, a redirect loop, a 429 storm.
import { errorBody } from "../../../spec/errors.ts";
import { type HostileSpec, isApiRequest } from "./hostile.ts";

export const connectionsHostile = {
  "many-headers": {
    description: "every /v1 answer carries ten thousand extra headers (about 190 KB of them)",
    clauses: ["catalog.top-level-keys"],
    install(app) {
      app.addHook("onSend", async (request, reply, payload) => {
        if (!isApiRequest(request)) return payload;
        for (let i = 0; i < 10_000; i++) reply.header(`x-hostile-${i}`, "1");
        return payload;
      });
    },
  },
  "connection-reset": {
    description:
      "every GET /v1/catalog, and every other /v1 request besides (the first included), has its connection reset (TCP RST) before any answer",
    clauses: ["catalog.top-level-keys"],
    install(app) {
      // The catalog always, so the check meets a reset however many requests the set-up and helpers sent first.
      let seen = 0;
      app.addHook("onRequest", async (request, reply) => {
        if (!isApiRequest(request)) return;
        const catalog = request.method === "GET" && request.url.split("?")[0] === "/v1/catalog";
        if (!catalog && seen++ % 2 === 1) return;
        reply.hijack();
        request.raw.socket.resetAndDestroy();
        return reply;
      });
    },
  },
  "redirect-loop": {
    description: "every /v1 request answers 307 with a Location naming the very same URL",
    clauses: ["catalog.top-level-keys"],
    install(app) {
      app.addHook("onRequest", async (request, reply) => {
        if (!isApiRequest(request)) return;
        return reply.code(307).header("location", request.url).send();
      });
    },
  },
  "429-storm": {
    description: "every /v1 request answers 429 with Retry-After: 3600 (the spec says there is no 429)",
    clauses: ["catalog.top-level-keys"],
    install(app) {
      app.addHook("onRequest", async (request, reply) => {
        if (!isApiRequest(request)) return;
        return reply.code(429).header("retry-after", "3600").send(errorBody("too many requests"));
      });
    },
  },
} as const satisfies Record<string, HostileSpec>;
