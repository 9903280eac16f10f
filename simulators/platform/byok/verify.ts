// Verifies a provider key with the provider before it is stored (4, 7): `GET /v1/models` with the key.
// The provider's verdict is the answer; no answer at all (or a failure on its side) is a 502.
import { request } from "undici";
import type { PlatformContext } from "../context.ts";

export type Verdict = "valid" | "rejected" | "unreachable";

export async function verifyKey(ctx: PlatformContext, key: string): Promise<Verdict> {
  const base = ctx.wiring.providerUrl;
  if (base === undefined) return "unreachable";
  try {
    const response = await request(`${base.replace(/\/+$/, "")}/v1/models`, {
      method: "GET",
      headers: { authorization: `Bearer ${key}`, accept: "application/json" },
      headersTimeout: ctx.upstreamTimeoutMs,
      bodyTimeout: ctx.upstreamTimeoutMs,
      signal: AbortSignal.timeout(ctx.upstreamTimeoutMs),
    });
    await response.body.dump();
    if (response.statusCode === 200) return "valid";
    // The provider answered that the key is wrong: a verdict on the request, not a provider outage.
    if (response.statusCode === 401 || response.statusCode === 403) return "rejected";
    return "unreachable";
  } catch {
    return "unreachable";
  }
}
