// Two planted middlewares the spec rules out (7: there is no idempotency key, and there is no 429): an
// Idempotency-Key cache in front of every POST, and a per-credential rate limiter (planted faults only).
import type { FastifyInstance } from "fastify";
import { ApiError } from "../../shared/api-error.ts";

/** The planted limiter's window and budget per credential, a modest burst (planted faults only). */
const WINDOW_MS = 10_000;
const BUDGET = 40;

/** The planted `idempotency-key-honoured`: a POST's 2xx answer is kept by its key and replayed (planted faults only). */
export function plantedIdempotencyCache(app: FastifyInstance): void {
  const answers = new Map<string, { status: number; payload: unknown }>();
  const keyOf = (request: { method: string; headers: Record<string, unknown>; principal: unknown }) => {
    const key = request.headers["idempotency-key"];
    const principal = request.principal as { workspaceId: string } | null;
    if (request.method !== "POST" || typeof key !== "string" || principal === null) return undefined;
    return `${principal.workspaceId} ${key}`;
  };
  app.addHook("preHandler", async (request, reply) => {
    const key = keyOf(request);
    const kept = key === undefined ? undefined : answers.get(key);
    if (kept === undefined) return;
    return reply.status(kept.status).type("application/json").send(kept.payload);
  });
  app.addHook("onSend", async (request, reply, payload) => {
    const key = keyOf(request);
    if (key !== undefined && reply.statusCode < 300 && !answers.has(key)) {
      answers.set(key, { status: reply.statusCode, payload });
    }
    return payload;
  });
}

/** The planted `rate-limited`: 40 requests per credential in a rolling 10 s, then a 429 (planted faults only). */
export function plantedRateLimit(app: FastifyInstance): void {
  const seen = new Map<string, number[]>();
  app.addHook("preHandler", async (request) => {
    const credential = request.headers.authorization;
    if (typeof credential !== "string" || !request.url.startsWith("/v1/")) return;
    const now = Date.now();
    const recent = (seen.get(credential) ?? []).filter((at) => now - at < WINDOW_MS);
    recent.push(now);
    seen.set(credential, recent);
    if (recent.length > BUDGET) throw new ApiError(429, "too many requests");
  });
}
