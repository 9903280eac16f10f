// Hostile bodies: too big, never ending, too slow, not UTF-8, not JSON, a gzip bomb.
import { Readable } from "node:stream";
import { gzipSync } from "node:zlib";
import type { FastifyReply, FastifyRequest } from "fastify";
import { type HostileSpec, isAgentList, isApiRequest } from "./hostile.ts";
import { pump } from "./pump.ts";

const MiB = 1024 * 1024;
const CHUNK = Buffer.alloc(64 * 1024, "x");

/** Starts a raw 200 JSON answer the hook writes itself (fastify no longer touches the reply). */
function rawJson(reply: FastifyReply, headers: Record<string, string | number> = {}) {
  reply.hijack();
  const res = reply.raw;
  res.writeHead(200, { "content-type": "application/json; charset=utf-8", ...headers });
  return res;
}

/** `{"items":[],...,"pad":"xxx…"}` of exactly `size` bytes: valid JSON, one huge string. */
function paddedPage(size: number): () => Buffer | undefined {
  const head = Buffer.from('{"items":[],"has_more":false,"limit":200,"offset":0,"pad":"');
  const tail = Buffer.from('"}');
  let left = size - head.length - tail.length;
  let stage: "head" | "pad" | "tail" | "done" = "head";
  return () => {
    if (stage === "head") {
      stage = "pad";
      return head;
    }
    if (stage === "pad" && left > 0) {
      const chunk = left >= CHUNK.length ? CHUNK : CHUNK.subarray(0, left);
      left -= chunk.length;
      return chunk;
    }
    if (stage !== "done") {
      stage = "done";
      return tail;
    }
    return undefined;
  };
}

/** A JSON value a client can read but never finish: `{"items":[{"name":"…"},{"name":"…"},…` for ever. */
function endlessPage(): () => Buffer {
  const row = Buffer.from(`${'{"name":"hostile-endless-row"},'.repeat(2048)}`);
  let started = false;
  return () => {
    if (started) return row;
    started = true;
    return Buffer.from('{"items":[');
  };
}

/** Concatenated gzip members (RFC 1952 allows it) inflating to `{"items":[],...,"pad":"` + 1 GiB + `"}`. */
let bomb: Buffer[] | undefined;
function gzipBomb(): Buffer[] {
  bomb ??= [
    gzipSync('{"items":[],"has_more":false,"limit":200,"offset":0,"pad":"'),
    ...Array<Buffer>(64).fill(gzipSync(Buffer.alloc(16 * MiB, "x"), { level: 9 })),
    gzipSync('"}'),
  ];
  return bomb;
}

/** RFC 9110 12.5.3: without Accept-Encoding any coding is acceptable; with one, gzip must be named. */
function acceptsGzip(request: FastifyRequest): boolean {
  const accepted = request.headers["accept-encoding"];
  return accepted === undefined || /\b(gzip|\*)\b/i.test(accepted);
}

/** The payload's bytes when it is a JSON text fastify serialised (not a stream, not empty). */
function jsonText(reply: FastifyReply, payload: unknown): string | undefined {
  const type = String(reply.getHeader("content-type") ?? "");
  if (!type.startsWith("application/json") || typeof payload !== "string" || payload.length === 0) return undefined;
  return payload;
}

/** One byte a second, for ever if the client waits: the body of a server stuck behind a bad link. */
function trickle(bytes: Buffer): Readable {
  let sent = 0;
  let timer: NodeJS.Timeout | undefined;
  return new Readable({
    read() {
      timer = setTimeout(() => {
        this.push(sent < bytes.length ? bytes.subarray(sent, ++sent) : null);
      }, 1_000);
    },
    destroy(error, callback) {
      clearTimeout(timer);
      callback(error);
    },
  });
}

/** Bytes that are never UTF-8 (0xFF, 0xFE) put at the start of every string value. */
function notUtf8(text: string): Buffer {
  const parts = text.split('":"');
  if (parts.length === 1) return Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text)]);
  const bad = Buffer.from([0x22, 0x3a, 0x22, 0xff, 0xfe]); // `":"` then two bytes no UTF-8 sequence starts with
  return Buffer.concat(parts.flatMap((part, i) => (i === 0 ? [Buffer.from(part)] : [bad, Buffer.from(part)])));
}

export const bodiesHostile = {
  "huge-body": {
    description: "GET /v1/agents answers 200 with a 200 MB JSON body (Content-Length given, one huge string)",
    clauses: ["paging.newest-first"],
    install(app) {
      app.addHook("onRequest", async (request, reply) => {
        if (!isAgentList(request)) return;
        const size = 200 * 1000 * 1000;
        void pump(rawJson(reply, { "content-length": size }), paddedPage(size));
        return reply;
      });
    },
  },
  "endless-body": {
    description: "GET /v1/agents answers 200 with a JSON array that never ends, written as fast as it is read",
    clauses: ["paging.newest-first"],
    install(app) {
      app.addHook("onRequest", async (request, reply) => {
        if (!isAgentList(request)) return;
        void pump(rawJson(reply), endlessPage());
        return reply;
      });
    },
  },
  "gzip-bomb": {
    description:
      "GET /v1/agents, when the request accepts gzip (no Accept-Encoding, or one naming it), answers a 1 MB gzip body that inflates to 1 GiB",
    clauses: ["paging.newest-first"],
    install(app) {
      app.addHook("onRequest", async (request, reply) => {
        if (!isAgentList(request) || !acceptsGzip(request)) return;
        const members = [...gzipBomb()];
        void pump(rawJson(reply, { "content-encoding": "gzip" }), () => members.shift());
        return reply;
      });
    },
  },
  trickle: {
    description: "every /v1 answer sends its headers at once, then its body one byte a second",
    clauses: ["catalog.top-level-keys"],
    install(app) {
      app.addHook("onSend", async (request, reply, payload) => {
        if (!isApiRequest(request) || (typeof payload !== "string" && !Buffer.isBuffer(payload))) return payload;
        reply.removeHeader("content-length");
        return trickle(Buffer.from(payload));
      });
    },
  },
  "invalid-utf8": {
    description: "every /v1 JSON answer carries bytes that are not UTF-8 (0xFF 0xFE) at the start of each string value",
    clauses: ["agents.config-round-trip"],
    install(app) {
      app.addHook("onSend", async (request, reply, payload) => {
        const text = isApiRequest(request) ? jsonText(reply, payload) : undefined;
        return text === undefined ? payload : notUtf8(text);
      });
    },
  },
  "invalid-json": {
    description: "every /v1 JSON answer is cut off halfway, so it is not JSON (its Content-Length matches the cut)",
    clauses: ["catalog.top-level-keys"],
    install(app) {
      app.addHook("onSend", async (request, reply, payload) => {
        const text = isApiRequest(request) ? jsonText(reply, payload) : undefined;
        return text === undefined ? payload : text.slice(0, Math.ceil(text.length / 2));
      });
    },
  },
} as const satisfies Record<string, HostileSpec>;
