// Test-only hooks under /_test (no auth; the target's `test_control` URL): the region's credit
// balance and its simulated clock. A request carrying a credential acts on that credential's
// workspace; without one it acts on every workspace of the region.
import type { FastifyInstance, FastifyRequest } from "fastify";
import { z } from "zod";
import type { PlatformContext } from "../context.ts";
import { creditLedger } from "../credits/ledger.ts";
import { authenticate } from "../http/auth.ts";
import { parse } from "../http/parse.ts";

const BalanceBody = z.strictObject({ balance: z.number().min(-1e9).max(1e12) });

/** The workspace of the request's credential, or undefined for "all workspaces". */
async function workspaceOf(request: FastifyRequest, ctx: PlatformContext): Promise<string | undefined> {
  const credentialGiven = request.headers.authorization !== undefined || request.headers.cookie !== undefined;
  return credentialGiven ? (await authenticate(request, ctx)).workspaceId : undefined;
}

export function testControlRoutes(app: FastifyInstance, ctx: PlatformContext): void {
  const ledger = creditLedger(ctx.store);

  app.get("/_test/credits", async (request) => {
    const workspaceId = await workspaceOf(request, ctx);
    // Without a credential: what a workspace nobody has set holds.
    return { region: ctx.region, balance: ledger.balance(workspaceId ?? "") };
  });

  app.put("/_test/credits", async (request) => {
    const { balance } = parse(ctx, BalanceBody, request.body, "body");
    const workspaceId = await workspaceOf(request, ctx);
    if (workspaceId === undefined) ledger.setAll(balance);
    else ledger.set(workspaceId, balance);
    return { region: ctx.region, balance, scope: workspaceId === undefined ? "all" : "workspace" };
  });

  app.get("/_test/clock", async () => ({
    region: ctx.region,
    now: new Date(ctx.clock.now()).toISOString(),
    now_ms: ctx.clock.now(),
    minute_ms: ctx.clock.minuteMs,
  }));
}
