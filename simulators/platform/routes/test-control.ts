// Test-only hooks under /_test (no auth; the target's `test_control` URL): the region's credit
// balance, its simulated clock, and a transfer of a live call (the reference has no media layer to ask
// for one). A balance request carrying a credential acts on that credential's workspace; without one it
// acts on every workspace of the region.
import type { FastifyInstance, FastifyRequest } from "fastify";
import { z } from "zod";
import { E164 } from "../../../spec/telephony.ts";
import { ApiError } from "../../shared/api-error.ts";
import { batchesState, batchView } from "../batches/state.ts";
import { transferSession } from "../calls/lifecycle.ts";
import { sessionPayload } from "../calls/session-record.ts";
import { callsState } from "../calls/state.ts";
import { joinWebCall } from "../calls/web-call.ts";
import type { PlatformContext } from "../context.ts";
import { creditLedger } from "../credits/ledger.ts";
import { authenticate } from "../http/auth.ts";
import { parse } from "../http/parse.ts";
import { hangUpCarrier } from "../telephony/carrier-client.ts";
import { regionDirectory } from "../telephony/directory.ts";
import { telephonyState } from "../telephony/state.ts";

const BalanceBody = z.strictObject({ balance: z.number().min(-1e9).max(1e12) });
const SessionParams = z.object({ session_id: z.uuid() });
const TransferBody = z.strictObject({ to: E164 });
const JoinBody = z.strictObject({ token: z.string().min(1).max(10_000) });
const BatchParams = z.object({ batch_id: z.uuid() });

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

  // The live call is handed over to `to`: the session ends and the carrier leg is hung up.
  app.post("/_test/calls/:session_id/transfer", async (request) => {
    const { session_id } = parse(ctx, SessionParams, request.params, "path");
    const { to } = parse(ctx, TransferBody, request.body, "body");
    const workspaceId = regionDirectory(ctx.store).sessions.get(session_id);
    const row = workspaceId === undefined ? undefined : callsState(ctx, workspaceId).rows.get(session_id);
    if (row === undefined) throw new ApiError(404, "call session not found");
    if (row.status !== "in_progress")
      throw new ApiError(400, `only a live call can be transferred; this one is ${row.status}`);
    await transferSession(ctx, row, to);
    const account =
      row.telephonyAccountId === null
        ? undefined
        : telephonyState(ctx, row.workspaceId).accounts.get(row.telephonyAccountId);
    if (account !== undefined && row.providerCallSid !== null) {
      await hangUpCarrier(ctx, account.access, row.providerCallSid).catch(() => undefined);
    }
    return sessionPayload(ctx, row);
  });

  // A participant joins a web call with its token, as a browser would (the reference has no media room).
  app.post("/_test/calls/:session_id/join", async (request) => {
    const { session_id } = parse(ctx, SessionParams, request.params, "path");
    const { token } = parse(ctx, JoinBody, request.body, "body");
    const workspaceId = regionDirectory(ctx.store).sessions.get(session_id);
    const row = workspaceId === undefined ? undefined : callsState(ctx, workspaceId).rows.get(session_id);
    if (row === undefined) throw new ApiError(404, "call session not found");
    const outcome = joinWebCall(ctx, row, token);
    if (outcome === "not-a-web-call") throw new ApiError(400, "only a web call is joined with a media room token");
    if (outcome === "wrong-token") throw new ApiError(403, "the token is not this web call's");
    return sessionPayload(ctx, row);
  });

  // A batch fails as if its run died (3.3: the states of batches are not shown; 6.1 names a failed batch).
  app.post("/_test/batches/:batch_id/fail", async (request) => {
    const { batch_id } = parse(ctx, BatchParams, request.params, "path");
    const workspaceId = await workspaceOf(request, ctx);
    const batch = workspaceId === undefined ? undefined : batchesState(ctx, workspaceId).batches.get(batch_id);
    if (batch === undefined) throw new ApiError(404, "batch not found");
    if (batch.status === "completed" || batch.status === "cancelled") {
      throw new ApiError(400, `the batch is already ${batch.status}`);
    }
    batch.status = "failed";
    batch.wake();
    return batchView(batch);
  });

  // The soak scenario watches this for drift in the server's memory.
  app.get("/_test/memory", async () => process.memoryUsage());

  app.get("/_test/clock", async () => ({
    region: ctx.region,
    now: new Date(ctx.clock.now()).toISOString(),
    now_ms: ctx.clock.now(),
    minute_ms: ctx.clock.minuteMs,
  }));
}
