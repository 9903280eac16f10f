// Delivery-time blocking (6.1): the connection is made by our own connector, which resolves the host,
// checks every address DNS answered, and connects to one of those checked addresses. Checking first
// and letting the socket resolve again would let DNS rebinding swap the answer in between.
import { Agent, buildConnector } from "undici";
import type { PlatformContext } from "../context.ts";
import { addressProblem, hostNameProblem, ipLiteral } from "./public-address.ts";
import { resolveAll } from "./resolver.ts";

const CONNECT_TIMEOUT_MS = 5_000;

/** A delivery refused before any byte was sent; the message names the address, never a secret. */
export class BlockedAddressError extends Error {
  override readonly name = "BlockedAddressError";
}

/** The address to connect to: every answer must be public, or nothing is connected. */
async function checkedAddress(ctx: PlatformContext, hostname: string): Promise<string> {
  const literal = ipLiteral(hostname);
  // The planted bug: the URL was checked at save, so delivery connects wherever DNS points now.
  const recheck = !ctx.faults.has("webhook-dns-not-rechecked");
  if (literal !== null) {
    const problem = recheck ? addressProblem(ctx, literal) : null;
    if (problem !== null) throw new BlockedAddressError(`blocked at delivery: ${problem}`);
    return literal;
  }
  const nameProblem = recheck ? hostNameProblem(ctx, hostname) : null;
  if (nameProblem !== null) throw new BlockedAddressError(`blocked at delivery: ${nameProblem}`);
  let addresses: string[];
  try {
    addresses = await resolveAll(ctx, hostname, CONNECT_TIMEOUT_MS);
  } catch (error) {
    throw new Error(`could not resolve ${hostname}: ${error instanceof Error ? error.message : String(error)}`);
  }
  if (addresses.length === 0) throw new Error(`${hostname} has no address`);
  for (const address of recheck ? addresses : []) {
    const problem = addressProblem(ctx, address);
    if (problem !== null) throw new BlockedAddressError(`blocked at delivery: ${hostname} resolves to ${problem}`);
  }
  return addresses[0]!;
}

/** Connections for every webhook URL but the trusted sink origin. */
export function guardedAgent(ctx: PlatformContext): Agent {
  const base = buildConnector({ timeout: CONNECT_TIMEOUT_MS });
  const connect: buildConnector.connector = (options, callback) => {
    const hostname = options.hostname.replace(/^\[(.*)\]$/, "$1");
    checkedAddress(ctx, hostname).then(
      (address) => {
        // TLS still names (and verifies) the host the URL gave, not the address.
        const servername = options.servername ?? (ipLiteral(hostname) === null ? hostname : undefined);
        base({ ...options, hostname: address, ...(servername ? { servername } : {}) }, callback);
      },
      (error: Error) => callback(error, null),
    );
  };
  return new Agent({ connect, keepAliveTimeout: 1_000 });
}

/** Connections to the webhook sink's exact origin, trusted although it is loopback. */
export function trustedAgent(): Agent {
  return new Agent({ connect: { timeout: CONNECT_TIMEOUT_MS }, keepAliveTimeout: 1_000 });
}
