// A crawler fetches URLs its callers chose, so it must never reach a private, internal or
// cloud-metadata address (server-side request forgery). The one exception is the origin the wiring
// trusts for crawls (the website simulator, on loopback). Literal addresses and local names are
// refused before a request; names are checked on the address actually dialled (net/guarded-agent.ts),
// so a name that re-resolves (DNS rebinding) is caught.
import { lookup } from "node:dns/promises";
import type { Agent } from "undici";
import { guardedAgent as publicOnlyAgent } from "../net/guarded-agent.ts";
import { hasOrigin, internalHostNameProblem, ipLiteral, isPublicAddress } from "../net/public-address.ts";

export { isPublicAddress };

/** Whether `url` is the trusted crawl origin (scheme, host and port all equal). */
export function isTrustedOrigin(url: URL, trustedOrigin: string | undefined): boolean {
  return hasOrigin(url, trustedOrigin);
}

/**
 * The checks that need no DNS: the scheme, and a host that is a literal address or a local name.
 * Answers the reason the URL is refused, or undefined.
 */
export function refusalOf(url: URL, trustedOrigin: string | undefined): string | undefined {
  if (url.protocol !== "http:" && url.protocol !== "https:") return "only http and https URLs can be crawled";
  if (isTrustedOrigin(url, trustedOrigin)) return undefined;
  const literal = ipLiteral(url.hostname);
  const local = literal === null ? internalHostNameProblem(url.hostname) !== null : !isPublicAddress(literal);
  return local ? "is not a public address" : undefined;
}

/** The resolver behind the check: DNS, or a stand-in in tests. */
export type Resolve = (hostname: string) => Promise<string[]>;

const systemResolve: Resolve = async (hostname) =>
  (await lookup(hostname, { all: true, verbatim: true })).map((answer) => answer.address);

/** Connections for untrusted URLs: every dialled address passes the public-address check. */
export function guardedAgent(connectTimeoutMs: number, resolve: Resolve = systemResolve): Agent {
  return publicOnlyAgent({ resolve }, connectTimeoutMs);
}
