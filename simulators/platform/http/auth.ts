// Section 5: every request but GET /health is resolved through the control plane, on every
// request, never cached; an unreachable control plane is a 503, not an auth failure.
import type { FastifyRequest } from "fastify";
import type { Role } from "../../../spec/target.ts";
import { ApiError } from "../../shared/api-error.ts";
import type { PlatformContext } from "../context.ts";
import { pinnedElsewhere } from "../regions/planted-shared-state.ts";
import { type Credential, controlPlaneClient } from "./control-plane-client.ts";

export interface Principal {
  workspaceId: string;
  memberId: string;
  role: Role;
}

declare module "fastify" {
  interface FastifyRequest {
    principal: Principal;
  }
}

export const CONTROL_PLANE_UNREACHABLE = "the control plane is unreachable, so this request cannot be authorized";
export const SESSION_COOKIE = "service_session";
/** The region the planted `session-cookie-home-region-only` reads cookies in: the stack's first (planted faults only). */
const HOME_REGION = "r1";

function credentialOf(request: FastifyRequest, ctx: PlatformContext): Credential {
  const header = request.headers.authorization;
  if (header !== undefined) {
    const match = bearerPattern(ctx).exec(header);
    if (match === null) {
      if (ctx.faults.has("malformed-credential-400")) throw new ApiError(400, "bad Authorization header");
      // 5 item 8 lists the messages, not which one a header that is no `Bearer <token>` gets: a legal variant
      // reads it as no credential at all.
      throw new ApiError(
        401,
        ctx.variants.has("malformed-credential-not-authenticated") ? "not authenticated" : "invalid token",
      );
    }
    return { token: match[1]! };
  }
  // The planted bug: only the home region, the one the dashboard talks to, reads the session cookie.
  if (ctx.faults.has("session-cookie-home-region-only") && ctx.region !== HOME_REGION) {
    throw new ApiError(401, "not authenticated");
  }
  const session = ctx.faults.has("session-cookie-alone-only")
    ? plantedLoneCookie(request.headers.cookie)
    : sessionCookie(request.headers.cookie, ctx);
  if (session !== undefined) return { session };
  throw new ApiError(401, ctx.faults.has("missing-credential-invalid-token") ? "invalid token" : "not authenticated");
}

/** `Bearer <token>` as the whole header (5 item 1); the planted faults read it loosely. */
function bearerPattern(ctx: PlatformContext): RegExp {
  if (ctx.faults.has("bearer-found-anywhere")) return /Bearer ([^\s]+)$/;
  if (ctx.faults.has("bearer-first-word")) return /^Bearer ([^\s]+)/;
  return /^Bearer ([^\s]+)$/;
}

function sessionCookie(header: string | undefined, ctx: PlatformContext): string | undefined {
  for (const part of header?.split(";") ?? []) {
    const [name, ...value] = part.trim().split("=");
    // The planted bug takes a pair with no value for an empty session, which the control plane refuses.
    if (name === SESSION_COOKIE && (value.length > 0 || ctx.faults.has("valueless-session-cookie-503"))) {
      return value.join("=");
    }
  }
  return undefined;
}

/** The planted bug: a Cookie header read as the one pair `service_session=<value>` (planted faults only). */
function plantedLoneCookie(header: string | undefined): string | undefined {
  return new RegExp(`^${SESSION_COOKIE}=(.+)$`).exec(header ?? "")?.[1];
}

/** Verdicts kept per credential, the bug section 5 items 3 and 5 forbid (planted faults only). */
const verdictCache = new WeakMap<PlatformContext, Map<string, { until: number; principal: Principal }>>();

/**
 * How long a planted fault keeps a verdict: any one for a minute, a session's ("stateless") for an hour
 * (planted faults only).
 */
function cacheLife(credential: Credential, ctx: PlatformContext): number {
  if (ctx.faults.has("role-cached")) return 60_000;
  if ("session" in credential && ctx.faults.has("session-verdict-cached")) return 3_600_000;
  return 0;
}

export async function authenticate(request: FastifyRequest, ctx: PlatformContext): Promise<Principal> {
  const credential = credentialOf(request, ctx);
  const principal =
    ctx.faults.has("role-cached") || ctx.faults.has("session-verdict-cached")
      ? await cachedPrincipal(request, ctx, credential)
      : await principalOf(request, ctx, credential);
  if (ctx.faults.has("other-workspace-403")) refuseOtherWorkspaceAgent(request, ctx, principal);
  // The planted bug: a data-residency rule binds a token to the region it was first used in.
  if (
    ctx.faults.has("token-pinned-to-first-region") &&
    "token" in credential &&
    pinnedElsewhere(credential.token, ctx.region)
  ) {
    throw new ApiError(403, "this token is bound to another region");
  }
  return principal;
}

/** The control plane's verdict on the credential, asked on every request (5 item 5). */
async function principalOf(request: FastifyRequest, ctx: PlatformContext, credential: Credential): Promise<Principal> {
  const verdict = await resolvePlanted(credential, ctx);
  return "token" in credential ? plantedTokenFaults(request, ctx, credential.token, verdict) : verdict.principal;
}

/** A verdict kept for the credential's cache life, the planted caching bugs (planted faults only). */
async function cachedPrincipal(
  request: FastifyRequest,
  ctx: PlatformContext,
  credential: Credential,
): Promise<Principal> {
  const life = cacheLife(credential, ctx);
  const key = JSON.stringify(credential);
  const cache = verdictCache.get(ctx) ?? new Map<string, { until: number; principal: Principal }>();
  const hit = life > 0 ? cache.get(key) : undefined;
  if (hit !== undefined && Date.now() < hit.until) return hit.principal;
  const principal = await principalOf(request, ctx, credential);
  if (life > 0) verdictCache.set(ctx, cache.set(key, { until: Date.now() + life, principal }));
  return principal;
}

interface Resolved {
  principal: Principal;
  /** The verdict's `issued_at`, as the control plane wrote it (read by a planted fault only). */
  issuedAt: unknown;
}

async function resolve(credential: Credential, ctx: PlatformContext): Promise<Resolved> {
  let status: number;
  let body: unknown;
  try {
    ({ status, body } = await controlPlaneClient(ctx).resolve(credential));
  } catch {
    throw unreachable(ctx);
  }
  if (status === 401) {
    const message = (body as { detail?: { message?: unknown } } | undefined)?.detail?.message;
    const verdict = typeof message === "string" ? message : "invalid token";
    // The planted bug relays the verdict as the message and as the one line of detail.errors.
    throw new ApiError(401, verdict, ctx.faults.has("401-verdict-in-errors") ? [verdict] : []);
  }
  if (status !== 200) throw unreachable(ctx);
  const verdict = body as { workspace_id: string; member_id: string; role: Role; issued_at?: unknown };
  return {
    principal: { workspaceId: verdict.workspace_id, memberId: verdict.member_id, role: verdict.role },
    issuedAt: verdict.issued_at,
  };
}

/** Each token's member, and members one of whose tokens was revoked (planted `session-dies-with-tokens` only). */
const signOuts = new WeakMap<PlatformContext, { memberOf: Map<string, string>; signedOut: Set<string> }>();

/**
 * The planted bug: a revoked token is taken as "sign this member out everywhere", so the member's session
 * cookie is refused from then on, though a session is stateless and cannot be revoked (5, item 3).
 */
async function resolvePlanted(credential: Credential, ctx: PlatformContext): Promise<Resolved> {
  if (!ctx.faults.has("session-dies-with-tokens")) return resolve(credential, ctx);
  const seen = signOuts.get(ctx) ?? { memberOf: new Map<string, string>(), signedOut: new Set<string>() };
  signOuts.set(ctx, seen);
  try {
    const verdict = await resolve(credential, ctx);
    const { memberId } = verdict.principal;
    if ("token" in credential) seen.memberOf.set(credential.token, memberId);
    else if (seen.signedOut.has(memberId)) throw new ApiError(401, "invalid session");
    return verdict;
  } catch (error) {
    const revoked = error instanceof ApiError && error.status === 401 && error.message === "token revoked";
    const memberId = "token" in credential ? seen.memberOf.get(credential.token) : undefined;
    if (revoked && memberId !== undefined) seen.signedOut.add(memberId);
    throw error;
  }
}

/** The life the planted `token-expires-30-days` gives a token (planted faults only). */
const THIRTY_DAYS_MS = 30 * 24 * 60 * 60 * 1000;

/** Whether a token issued at `issuedAt` (the verdict's, when a string) is 30 days old (planted faults only). */
function thirtyDaysOld(issuedAt: unknown, ctx: PlatformContext): boolean {
  const at = typeof issuedAt === "string" ? Date.parse(issuedAt) : Number.NaN;
  return !Number.isNaN(at) && ctx.clock.now() - at >= THIRTY_DAYS_MS;
}

/** The first token the platform saw for each member (planted faults only). */
const firstTokens = new WeakMap<PlatformContext, Map<string, { token: string; role: Role }>>();

/** Planted token bugs: a 30-day life, a role kept from the member's first token, extra tokens read-only. */
function plantedTokenFaults(
  request: FastifyRequest,
  ctx: PlatformContext,
  token: string,
  verdict: Resolved,
): Principal {
  const { principal, issuedAt } = verdict;
  if (ctx.faults.has("token-expires-30-days") && thirtyDaysOld(issuedAt, ctx)) throw new ApiError(401, "token expired");
  if (!ctx.faults.has("role-from-first-token") && !ctx.faults.has("extra-tokens-read-only")) return principal;
  const members = firstTokens.get(ctx) ?? new Map<string, { token: string; role: Role }>();
  firstTokens.set(ctx, members);
  const first = members.get(principal.memberId) ?? { token, role: principal.role };
  members.set(principal.memberId, first);
  if (first.token === token) first.role = principal.role;
  if (ctx.faults.has("extra-tokens-read-only") && first.token !== token && !["GET", "HEAD"].includes(request.method)) {
    throw new ApiError(403, "this token is read-only");
  }
  return ctx.faults.has("role-from-first-token") ? { ...principal, role: first.role } : principal;
}

/** Every workspace a credential resolved to, for the planted global lookup below. */
const seenWorkspaces = new WeakMap<PlatformContext, Set<string>>();

/** Planted `other-workspace-403` (planted fault only): an agent found in any workspace, another workspace's row refused. */
function refuseOtherWorkspaceAgent(request: FastifyRequest, ctx: PlatformContext, principal: Principal): void {
  const workspaces = seenWorkspaces.get(ctx) ?? new Set<string>();
  seenWorkspaces.set(ctx, workspaces.add(principal.workspaceId));
  const agentId = /^\/v1\/agents\/([0-9a-f-]{36})(?:[/?]|$)/i.exec(request.url)?.[1];
  if (agentId === undefined || ctx.store.workspace(principal.workspaceId).agents.has(agentId)) return;
  for (const workspaceId of workspaces) {
    if (ctx.store.workspace(workspaceId).agents.has(agentId)) throw new ApiError(403, "not allowed");
  }
}

function unreachable(ctx: PlatformContext): ApiError {
  return ctx.faults.has("outage-is-401")
    ? new ApiError(401, "invalid token")
    : new ApiError(503, CONTROL_PLANE_UNREACHABLE);
}

const RANK: Record<Role, number> = { VIEWER: 0, EDITOR: 1, ADMIN: 2 };

/** 403: the credential is good and the role too low (the exact messages are not shown, 7). */
export function requireRole(principal: Principal, role: Role): void {
  if (RANK[principal.role] < RANK[role]) throw new ApiError(403, `this operation needs the ${role} role`);
}
