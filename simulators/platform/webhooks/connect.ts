// Delivery-time blocking (6.1): the connection is made by our own connector, which resolves the host,
// checks every address DNS answered, and connects to one of those checked addresses. Checking first
// and letting the socket resolve again would let DNS rebinding swap the answer in between.
import { Agent } from "undici";
import type { PlatformContext } from "../context.ts";
import { type AddressPolicy, guardedAgent as publicOnlyAgent } from "../net/guarded-agent.ts";
import { addressProblem, hostNameProblem } from "./public-address.ts";
import { resolveAll } from "./resolver.ts";

export { BlockedAddressError } from "../net/guarded-agent.ts";

const CONNECT_TIMEOUT_MS = 5_000;

/** Delivery-time rules: the save-time rules again, on every address DNS answers now. */
function deliveryPolicy(ctx: PlatformContext): AddressPolicy {
  const resolve = (hostname: string) => resolveAll(ctx, hostname, CONNECT_TIMEOUT_MS);
  // The planted bug: the URL was checked at save, so delivery connects wherever DNS points now.
  if (ctx.faults.has("webhook-dns-not-rechecked"))
    return { resolve, addressProblem: () => null, hostNameProblem: () => null };
  return {
    resolve,
    label: "blocked at delivery",
    addressProblem: (address) => addressProblem(ctx, address),
    hostNameProblem: (hostname) => hostNameProblem(ctx, hostname),
  };
}

/** Connections for every webhook URL but the trusted sink origin. */
export function guardedAgent(ctx: PlatformContext): Agent {
  return publicOnlyAgent(deliveryPolicy(ctx), CONNECT_TIMEOUT_MS);
}

/** Connections to the webhook sink's exact origin, trusted although it is loopback. */
export function trustedAgent(): Agent {
  return new Agent({ connect: { timeout: CONNECT_TIMEOUT_MS }, keepAliveTimeout: 1_000 });
}
