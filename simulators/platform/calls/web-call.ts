// A web call (1, 4): POST /v1/calls/token mints a short-lived media room token, a signed JWT, for a
// browser. The reference has no media layer, so the simulated browser joins at once: the session
// starts (session.started only: no session.queued, no session.in_progress) and ends after a while.
// Under `web-call-waits-for-join` the session stays queued until a participant joins with the token
// (test control `POST /_test/calls/{session_id}/join`, the stand-in for a browser), as a server whose
// media room starts a session only when someone enters it.
import { randomBytes } from "node:crypto";
import { SignJWT, UnsecuredJWT } from "jose";
import type { PlatformContext } from "../context.ts";
import { regionDirectory } from "../telephony/directory.ts";
import type { ResolvedAgent } from "./agent-source.ts";
import { endSession, startSession } from "./lifecycle.ts";
import { newSessionRecord, publishSessionEvent } from "./session-record.ts";
import { type CallRow, callsState } from "./state.ts";

/** Token lifetime (8: not shown). */
export const TOKEN_TTL_SECONDS = 600;
/** Simulated length of a web call in the reference platform. */
export const WEB_CALL_SECONDS = 30;

const signingKeys = new WeakMap<PlatformContext, Uint8Array>();
/** Aborted when the instance closes, so no simulated web call keeps a timer alive after it. */
const shutdowns = new WeakMap<PlatformContext, AbortController>();

function shutdownOf(ctx: PlatformContext): AbortController {
  let controller = shutdowns.get(ctx);
  if (controller === undefined) {
    controller = new AbortController();
    shutdowns.set(ctx, controller);
  }
  return controller;
}

export function stopWebCalls(ctx: PlatformContext): void {
  shutdownOf(ctx).abort();
}

/** The token each web call was minted with, so a join proves it holds the call's own token. */
const mintedTokens = new WeakMap<PlatformContext, Map<string, string>>();

function tokensOf(ctx: PlatformContext): Map<string, string> {
  let tokens = mintedTokens.get(ctx);
  if (tokens === undefined) {
    tokens = new Map();
    mintedTokens.set(ctx, tokens);
  }
  return tokens;
}

/** A participant entered the room: the session starts, and ends once the simulated talk is over. */
function joined(ctx: PlatformContext, row: CallRow): void {
  if (row.started_at !== null || row.status === "ended") return;
  // The planted bug: the room marks the row started itself, bypassing the lifecycle that announces it.
  if (ctx.faults.has("web-call-start-unannounced")) {
    row.started_at = new Date(ctx.clock.now()).toISOString();
    row.status = "in_progress";
  } else startSession(ctx, row);
  void ctx.clock
    .sleep(WEB_CALL_SECONDS * 1000, shutdownOf(ctx).signal)
    .then(() => endSession(ctx, row, { closeReason: "completed", durationSeconds: WEB_CALL_SECONDS }))
    .catch(() => undefined);
}

export type JoinOutcome = "joined" | "not-a-web-call" | "wrong-token";

/**
 * A participant joins the web call `row` with `token`, as a browser would (test control). Joining a call
 * already joined (or over) changes nothing.
 */
export function joinWebCall(ctx: PlatformContext, row: CallRow, token: string): JoinOutcome {
  if (row.channel !== "web") return "not-a-web-call";
  if (tokensOf(ctx).get(row.session_id) !== token) return "wrong-token";
  joined(ctx, row);
  return "joined";
}

function signingKey(ctx: PlatformContext): Uint8Array {
  let key = signingKeys.get(ctx);
  if (key === undefined) {
    key = new Uint8Array(randomBytes(32));
    signingKeys.set(ctx, key);
  }
  return key;
}

export interface MintedToken {
  token: string;
  session_id: string;
  room: string;
  expires_at: string;
}

export async function startWebCall(
  ctx: PlatformContext,
  workspaceId: string,
  memberId: string,
  agent: ResolvedAgent,
  userdata: Record<string, unknown>,
): Promise<MintedToken> {
  const calls = callsState(ctx, workspaceId);
  const base = newSessionRecord(ctx, {
    workspaceId,
    channel: "web",
    direction: "web",
    agent_id: agent.agent_id,
    agent_version: agent.agent_version,
    telephony: { from_number: null, to_number: null, phone_number_id: null },
    userdata,
  });
  const row: CallRow = {
    ...base,
    seq: calls.nextSeq(),
    createdMs: Date.parse(base.created_at),
    providerCallSid: null,
    telephonyAccountId: null,
    agentConfig: agent.config,
  };
  calls.rows.set(row.session_id, row);
  regionDirectory(ctx.store).sessions.set(row.session_id, workspaceId);
  // The planted bug announces the written row like an outbound call's.
  if (ctx.faults.has("web-call-announced-queued")) publishSessionEvent(ctx, "session.queued", row);

  const room = `room_${row.session_id}`;
  const issuedAt = Math.floor(ctx.clock.now() / 1000);
  const ttl = ctx.faults.has("media-token-30-days") ? 30 * 86_400 : TOKEN_TTL_SECONDS;
  const expiresAt = issuedAt + ttl;
  const claims = { room, session_id: row.session_id, workspace_id: workspaceId };
  // A legal variant: a token the browser hands back and nobody parses (4.1: the answer is not shown).
  const token = ctx.variants.has("call-token-opaque")
    ? randomBytes(24).toString("base64url")
    : await signedToken(ctx, memberId, claims, issuedAt, expiresAt);

  tokensOf(ctx).set(row.session_id, token);
  if (!ctx.variants.has("web-call-waits-for-join")) joined(ctx, row);
  return { token, session_id: row.session_id, room, expires_at: new Date(expiresAt * 1000).toISOString() };
}

/** The reference's token: a signed JWT (the planted fault leaves it unsigned). */
async function signedToken(
  ctx: PlatformContext,
  memberId: string,
  claims: Record<string, string>,
  issuedAt: number,
  expiresAt: number,
): Promise<string> {
  return ctx.faults.has("media-token-unsigned")
    ? new UnsecuredJWT(claims)
        .setSubject(memberId)
        .setIssuedAt(issuedAt)
        .setExpirationTime(expiresAt)
        .setAudience("media-room")
        .encode()
    : await new SignJWT(claims)
        .setProtectedHeader({ alg: "HS256", typ: "JWT" })
        .setSubject(memberId)
        .setIssuedAt(issuedAt)
        .setExpirationTime(expiresAt)
        .setAudience("media-room")
        .sign(signingKey(ctx));
}
