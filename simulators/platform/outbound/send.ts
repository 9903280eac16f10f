// Requests to URLs a caller chose for the platform to call at run time: a tool's http operations and a
// messaging channel's outbound messages. Like webhook delivery (6.1) they may only reach public
// addresses, checked on the address actually dialled; the wiring's trusted webhook-sink origin is the
// one loopback exception, so the harness can witness them. Answers the status, never throws. It sits above
// net/ and webhooks/ (it dials through webhook delivery's guard), which it depends on.
import { type Agent, request } from "undici";
import type { PlatformContext } from "../context.ts";
import { guardedAgent, trustedAgent } from "../webhooks/connect.ts";
import { isTrustedOrigin } from "../webhooks/public-address.ts";

export interface OutboundRequest {
  method: "GET" | "POST";
  url: string;
  headers?: Record<string, string>;
  body?: string;
  timeoutMs: number;
  signal?: AbortSignal;
}

/** The status answered, or the reason there was none (blocked, refused, timed out). */
export type OutboundResult = { ok: boolean; status: number | null; error: string | null };

/** An answer body is read (and dropped) up to this size so the connection can be reused. */
const BODY_READ_LIMIT = 64 * 1024;

interface Agents {
  guarded: Agent;
  trusted: Agent;
}
const agentsByCtx = new WeakMap<PlatformContext, Agents>();

function agentsOf(ctx: PlatformContext): Agents {
  let agents = agentsByCtx.get(ctx);
  if (agents === undefined) {
    agents = { guarded: guardedAgent(ctx), trusted: trustedAgent() };
    agentsByCtx.set(ctx, agents);
  }
  return agents;
}

export async function closeOutbound(ctx: PlatformContext): Promise<void> {
  const agents = agentsByCtx.get(ctx);
  agentsByCtx.delete(ctx);
  if (agents !== undefined) await Promise.all([agents.guarded.close(), agents.trusted.close()]).catch(() => undefined);
}

export async function sendOutbound(ctx: PlatformContext, out: OutboundRequest): Promise<OutboundResult> {
  let url: URL;
  try {
    url = new URL(out.url);
  } catch {
    return { ok: false, status: null, error: "not a URL" };
  }
  const agents = agentsOf(ctx);
  const signal = AbortSignal.any([AbortSignal.timeout(out.timeoutMs), ...(out.signal ? [out.signal] : [])]);
  try {
    const response = await request(url, {
      method: out.method,
      headers: out.headers,
      body: out.body,
      dispatcher: isTrustedOrigin(ctx, url) ? agents.trusted : agents.guarded,
      signal,
      headersTimeout: out.timeoutMs,
      bodyTimeout: out.timeoutMs,
    });
    await response.body.dump({ limit: BODY_READ_LIMIT }).catch(() => undefined);
    const ok = response.statusCode >= 200 && response.statusCode < 300;
    return { ok, status: response.statusCode, error: ok ? null : `answered ${response.statusCode}` };
  } catch (error) {
    const cause = (error as { cause?: unknown }).cause;
    const blocked = [error, cause].find((e) => e instanceof Error && e.name === "BlockedAddressError") as
      | Error
      | undefined;
    if (blocked !== undefined) return { ok: false, status: null, error: blocked.message };
    return { ok: false, status: null, error: signal.aborted ? "no answer in time" : "the connection failed" };
  }
}
