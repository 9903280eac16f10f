// Calls (4): the web call token, one outbound phone call, the call list and the call record. The
// two 402 gates of section 7 are here: both refuse when the region's credits are insufficient.
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { CallsQuery, CallTokenBody, OutboundCallBody } from "../../../spec/calls.ts";
import { ApiError } from "../../shared/api-error.ts";
import { plantedChannelSwitch, resolveAgent } from "../calls/agent-source.ts";
import { dialSource } from "../calls/dial-source.ts";
import { placeOutbound } from "../calls/outbound.ts";
import { sessionPayload } from "../calls/session-record.ts";
import { type CallRow, callsState } from "../calls/state.ts";
import { startWebCall, stopWebCalls } from "../calls/web-call.ts";
import type { PlatformContext } from "../context.ts";
import { creditLedger } from "../credits/ledger.ts";
import { requireRole } from "../http/auth.ts";
import { pageOf, parsePaging } from "../http/paging.ts";
import { parse } from "../http/parse.ts";

const SessionParams = z.object({ session_id: z.uuid() });
export const INSUFFICIENT_CREDITS = "insufficient credits: top up this region's balance to place calls";

/** Planted `calls-by-last-activity`: when a call last changed (planted faults only). */
function lastActivity(row: CallRow): number {
  return Date.parse(row.ended_at ?? row.started_at ?? row.created_at);
}

export function callsRoutes(app: FastifyInstance, ctx: PlatformContext): void {
  const ledger = creditLedger(ctx.store);
  app.addHook("onClose", async () => stopWebCalls(ctx));

  app.post("/v1/calls/token", async (request) => {
    const tokenRole = ctx.faults.has("editor-refused-call-token") ? "ADMIN" : "EDITOR";
    if (!ctx.faults.has("viewer-gets-call-token")) requireRole(request.principal, tokenRole);
    const body = parse(ctx, CallTokenBody, request.body === undefined ? {} : request.body, "body");
    // The planted bug: the token endpoint was written before teams and knows only agent_id and agent.
    if (ctx.faults.has("token-team-unsupported") && body.agent_team !== undefined) {
      throw ApiError.validation(["agent_id: give exactly one of agent_id or agent"]);
    }
    const { workspaceId, memberId } = request.principal;
    if (ctx.faults.has("override-channel-saved")) plantedChannelSwitch(ctx, workspaceId, request.body);
    const agent = resolveAgent(ctx, workspaceId, body);
    if (!ledger.sufficient(workspaceId) && !ctx.faults.has("token-402-missing")) {
      throw new ApiError(402, INSUFFICIENT_CREDITS);
    }
    // The `web-call-published-only` variant: live traffic runs the published version (2.9), so none is no call.
    if (ctx.variants.has("web-call-published-only") && agent.agent_id !== null && agent.agent_version === null) {
      throw new ApiError(400, "agent_id: the agent has never been published, so there is no live version to run");
    }
    return startWebCall(ctx, workspaceId, memberId, agent, {});
  });

  app.post("/v1/calls/outbound", async (request, reply) => {
    requireRole(request.principal, "EDITOR");
    const body = parse(ctx, OutboundCallBody, request.body, "body");
    const { workspaceId } = request.principal;
    const { phone, account, agent } = dialSource(ctx, workspaceId, body);
    if (!ledger.sufficient(workspaceId) && !ctx.faults.has("outbound-402-missing")) {
      throw new ApiError(402, INSUFFICIENT_CREDITS);
    }
    const row = await placeOutbound(ctx, {
      workspaceId,
      phone,
      account,
      to: body.to,
      agent,
      contactKey: body.contact_key ?? body.to,
      userdata: body.userdata ?? {},
      batchId: null,
    });
    return reply.status(201).send(sessionPayload(ctx, row));
  });

  // The planted mix-up compares the dialled number, which is the contact key only by default.
  const contactKeyOf = (row: CallRow) =>
    ctx.faults.has("calls-contact-key-matches-to") ? (row.telephony?.to_number ?? null) : row.contact_key;

  app.get("/v1/calls", async (request) => {
    // The planted bug: the call list's paging copied from the conversation items list, with its 500 ceiling.
    const paging = parsePaging(ctx, request.query, ctx.faults.has("calls-list-ceiling-500") ? 500 : 200);
    const filters = parse(ctx, CallsQuery, request.query, "query");
    const start = filters.start === undefined ? Number.NEGATIVE_INFINITY : Date.parse(filters.start);
    const end = filters.end === undefined ? Number.POSITIVE_INFINITY : Date.parse(filters.end);
    const rows = callsState(ctx, request.principal.workspaceId)
      .newestFirst()
      .filter(
        (row) =>
          row.createdMs >= start &&
          (row.createdMs <= end || ctx.faults.has("calls-window-end-ignored")) &&
          (filters.contact_key === undefined || contactKeyOf(row) === filters.contact_key) &&
          (filters.batch_id === undefined ||
            row.batch_id === filters.batch_id ||
            (row.batch_id === null && ctx.faults.has("calls-batch-filter-keeps-unbatched"))),
      );
    if (ctx.faults.has("calls-oldest-first")) rows.reverse();
    if (ctx.faults.has("calls-by-last-activity")) rows.sort((a, b) => lastActivity(b) - lastActivity(a));
    const page = pageOf(ctx, rows, paging);
    return { ...page, items: page.items.map((row) => sessionPayload(ctx, row)) };
  });

  app.get("/v1/calls/:session_id", async (request) => {
    const { session_id } = parse(ctx, SessionParams, request.params, "path");
    const calls = callsState(ctx, request.principal.workspaceId);
    const row = calls.rows.get(session_id);
    if (row !== undefined) return sessionPayload(ctx, row);
    const text = calls.textSessions.get(session_id);
    // The planted bug: the text-session reader is called unchecked, so an unknown session is a TypeError (500).
    if (ctx.faults.has("call-record-lookup-unchecked")) return (text as () => unknown)();
    if (text === undefined) throw new ApiError(404, "call session not found");
    return text();
  });

  // The planted bug: a debug stream of the call's record left mounted, where 1 says there is none.
  if (ctx.faults.has("call-event-stream-mounted")) {
    app.get("/v1/calls/:session_id/events", async (request, reply) => {
      const { session_id } = parse(ctx, SessionParams, request.params, "path");
      const row = callsState(ctx, request.principal.workspaceId).rows.get(session_id);
      if (row === undefined) throw new ApiError(404, "call session not found");
      const snapshot = JSON.stringify({ event: "snapshot", ...sessionPayload(ctx, row) });
      return reply.type("text/event-stream").send(`event: snapshot\ndata: ${snapshot}\n\n`);
    });
  }
}
