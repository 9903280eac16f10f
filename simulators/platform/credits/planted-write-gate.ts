// The planted `writes-402-without-credits`: a credit gate put in front of every write, where 1 names two
// endpoints only (the web-call token and outbound calls).
import type { FastifyInstance } from "fastify";
import { ApiError } from "../../shared/api-error.ts";
import type { PlatformContext } from "../context.ts";
import { creditLedger } from "./ledger.ts";

const WRITES = new Set(["POST", "PUT", "PATCH", "DELETE"]);

export function plantedWriteGate(app: FastifyInstance, ctx: PlatformContext): void {
  const ledger = creditLedger(ctx.store);
  app.addHook("preHandler", async (request) => {
    // Null on the routes that need no credential (app.ts decorates it so): test control among them.
    const principal = request.principal as typeof request.principal | null;
    if (principal === null || !WRITES.has(request.method)) return;
    if (!ledger.sufficient(principal.workspaceId)) throw new ApiError(402, "insufficient credits");
  });
}
