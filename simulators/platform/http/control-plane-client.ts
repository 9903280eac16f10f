// The platform's client of the control plane (section 5): every request but GET /health resolves its
// credential there, never cached, so the connections are kept alive and reused, one pool per platform
// instance. Each exchange is bounded by the upstream timeout: connecting, awaiting the head, reading the
// body (undici's own timers, so no per-request timer or abort signal is set up).
import { Pool } from "undici";
import type { PlatformContext } from "../context.ts";

export interface ControlPlaneAnswer {
  status: number;
  /** The parsed JSON body; undefined when it is not JSON. */
  body: unknown;
}

export type Credential = { token: string } | { session: string };

class ControlPlaneClient {
  private readonly pool: Pool;
  private readonly path: string;

  constructor(url: string, timeoutMs: number) {
    const parsed = new URL(url);
    this.path = `${parsed.pathname.replace(/\/$/, "")}/v1/auth/resolve`;
    this.pool = new Pool(parsed.origin, {
      connect: { timeout: timeoutMs },
      headersTimeout: timeoutMs,
      bodyTimeout: timeoutMs,
    });
  }

  /** POST /v1/auth/resolve; throws when the control plane does not answer (dropped, refused, timed out). */
  async resolve(credential: Credential): Promise<ControlPlaneAnswer> {
    const response = await this.pool.request({
      path: this.path,
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(credential),
    });
    const body = await response.body.json().catch(() => undefined);
    return { status: response.statusCode, body };
  }

  close(): Promise<void> {
    return this.pool.destroy();
  }
}

const clients = new WeakMap<PlatformContext, ControlPlaneClient>();

export function controlPlaneClient(ctx: PlatformContext): ControlPlaneClient {
  let client = clients.get(ctx);
  if (client === undefined) {
    client = new ControlPlaneClient(ctx.wiring.controlPlaneUrl, ctx.upstreamTimeoutMs);
    clients.set(ctx, client);
  }
  return client;
}

/** Ends the instance's pooled connections (the platform closing). */
export async function closeControlPlaneClient(ctx: PlatformContext): Promise<void> {
  await clients.get(ctx)?.close();
  clients.delete(ctx);
}
