// Section 5: every request but GET /health is resolved through the control plane, on every
// request, never cached; an unreachable control plane is a 503, not an auth failure.
import type { FastifyRequest } from "fastify";
import { request as httpRequest } from "undici";
import type { Role } from "../../../spec/target.ts";
import { ApiError } from "../../shared/api-error.ts";
import type { PlatformContext } from "../context.ts";

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

type Credential = { token: string } | { session: string };

function credentialOf(request: FastifyRequest, ctx: PlatformContext): Credential {
  const header = request.headers.authorization;
  if (header !== undefined) {
    const match = /^Bearer ([^\s]+)$/.exec(header);
    if (match === null) {
      throw new ApiError(
        401,
        ctx.faults.has("malformed-credential-not-authenticated") ? "not authenticated" : "invalid token",
      );
    }
    return { token: match[1]! };
  }
  const session = sessionCookie(request.headers.cookie);
  if (session !== undefined) return { session };
  throw new ApiError(401, ctx.faults.has("missing-credential-invalid-token") ? "invalid token" : "not authenticated");
}

function sessionCookie(header: string | undefined): string | undefined {
  for (const part of header?.split(";") ?? []) {
    const [name, ...value] = part.trim().split("=");
    if (name === SESSION_COOKIE && value.length > 0) return value.join("=");
  }
  return undefined;
}

/** The planted `role-cached` fault: the verdict kept per credential, the bug section 5 item 5 forbids. */
const verdictCache = new WeakMap<PlatformContext, Map<string, { at: number; principal: Principal }>>();

export async function authenticate(request: FastifyRequest, ctx: PlatformContext): Promise<Principal> {
  const credential = credentialOf(request, ctx);
  const key = JSON.stringify(credential);
  if (ctx.faults.has("role-cached")) {
    const hit = verdictCache.get(ctx)?.get(key);
    if (hit !== undefined && Date.now() - hit.at < 60_000) return hit.principal;
  }
  const principal = await resolve(credential, ctx);
  if (ctx.faults.has("role-cached")) {
    const cache = verdictCache.get(ctx) ?? new Map();
    cache.set(key, { at: Date.now(), principal });
    verdictCache.set(ctx, cache);
  }
  return principal;
}

async function resolve(credential: Credential, ctx: PlatformContext): Promise<Principal> {
  let status: number;
  let body: unknown;
  try {
    const response = await httpRequest(`${ctx.wiring.controlPlaneUrl}/v1/auth/resolve`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(credential),
      headersTimeout: ctx.upstreamTimeoutMs,
      bodyTimeout: ctx.upstreamTimeoutMs,
      signal: AbortSignal.timeout(ctx.upstreamTimeoutMs),
    });
    status = response.statusCode;
    body = await response.body.json().catch(() => undefined);
  } catch {
    throw unreachable(ctx);
  }
  if (status === 401) {
    const message = (body as { detail?: { message?: unknown } } | undefined)?.detail?.message;
    throw new ApiError(401, typeof message === "string" ? message : "invalid token");
  }
  if (status !== 200) throw unreachable(ctx);
  const verdict = body as { workspace_id: string; member_id: string; role: Role };
  return { workspaceId: verdict.workspace_id, memberId: verdict.member_id, role: verdict.role };
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
