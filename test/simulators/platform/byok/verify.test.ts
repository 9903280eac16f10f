// Key verification against the provider simulator: the provider's verdict, or "unreachable" for a 502.
import { afterAll, beforeAll, expect, test } from "vitest";
import { verifyKey } from "../../../../simulators/platform/byok/verify.ts";
import type { PlatformContext } from "../../../../simulators/platform/context.ts";
import { type Provider, startProvider } from "../../../../simulators/provider/server.ts";
import { createClock } from "../../../../simulators/shared/clock.ts";

let provider: Provider;
beforeAll(async () => {
  provider = await startProvider({ clock: createClock(60_000) });
});
afterAll(async () => {
  await provider.close();
});

const ctxFor = (providerUrl: string | undefined) =>
  ({ wiring: { controlPlaneUrl: "http://127.0.0.1:9", providerUrl }, upstreamTimeoutMs: 1_000 }) as PlatformContext;

test("a key the provider accepts is valid, one it refuses is rejected", async () => {
  expect(await verifyKey(ctxFor(provider.url), provider.defaultKey)).toBe("valid");
  expect(await verifyKey(ctxFor(provider.url), "sk-never-issued-0123456789abcdef")).toBe("rejected");
});

test("an offline or absent provider is unreachable (the 502 path), within the timeout", async () => {
  provider.state.offline = true;
  try {
    const started = Date.now();
    expect(await verifyKey(ctxFor(provider.url), provider.defaultKey)).toBe("unreachable");
    expect(Date.now() - started).toBeLessThan(1_500);
  } finally {
    provider.state.offline = false;
  }
  expect(await verifyKey(ctxFor(undefined), provider.defaultKey)).toBe("unreachable");
});
