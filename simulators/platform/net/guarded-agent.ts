// Connections that may only reach public addresses. Our own connector resolves the host, checks every
// address DNS answered, and connects to one of those checked addresses: checking first and letting the
// socket resolve again would let DNS rebinding swap the answer in between.
import { Agent, buildConnector } from "undici";
import { internalHostNameProblem, ipLiteral, publicAddressProblem } from "./public-address.ts";

/** A connection refused before any byte was sent; the message names the address, never a secret. */
export class BlockedAddressError extends Error {
  override readonly name = "BlockedAddressError";
}

export interface AddressPolicy {
  /** Every address the name resolves to. */
  resolve(hostname: string): Promise<string[]>;
  addressProblem?(address: string): string | null;
  hostNameProblem?(hostname: string): string | null;
  /** How a refusal begins, e.g. "blocked at delivery". */
  label?: string;
}

/** The address to connect to: the host and every answer must pass, or nothing is connected. */
export async function checkedAddress(policy: AddressPolicy, hostname: string): Promise<string> {
  const addressProblem = policy.addressProblem ?? publicAddressProblem;
  const hostNameProblem = policy.hostNameProblem ?? internalHostNameProblem;
  const blocked = policy.label ?? "blocked";
  const literal = ipLiteral(hostname);
  if (literal !== null) {
    const problem = addressProblem(literal);
    if (problem !== null) throw new BlockedAddressError(`${blocked}: ${problem}`);
    return literal;
  }
  const nameProblem = hostNameProblem(hostname);
  if (nameProblem !== null) throw new BlockedAddressError(`${blocked}: ${nameProblem}`);
  const addresses = await policy.resolve(hostname);
  if (addresses.length === 0) throw new Error(`${hostname} has no address`);
  for (const address of addresses) {
    const problem = addressProblem(address);
    if (problem !== null) throw new BlockedAddressError(`${blocked}: ${hostname} resolves to ${problem}`);
  }
  return addresses[0]!;
}

export function guardedAgent(policy: AddressPolicy, connectTimeoutMs: number): Agent {
  const base = buildConnector({ timeout: connectTimeoutMs });
  const connect: buildConnector.connector = (options, callback) => {
    const hostname = options.hostname.replace(/^\[(.*)\]$/, "$1");
    checkedAddress(policy, hostname).then(
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
