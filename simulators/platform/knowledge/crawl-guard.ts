// A crawler fetches URLs its callers chose, so it must never reach a private, internal or
// cloud-metadata address (server-side request forgery). The one exception is the origin the wiring
// trusts for crawls (the website simulator, on loopback). Literal addresses are checked before a
// request; host names are checked at connect time, so a name that re-resolves (DNS rebinding) is
// caught on the address actually dialled.
import { type LookupAddress, type LookupOptions, lookup } from "node:dns";
import ipaddr from "ipaddr.js";
import { Agent } from "undici";

export class CrawlRefused extends Error {
  override readonly name = "CrawlRefused";
}

/** Only globally routable unicast addresses count as public (ipaddr.js names every other range). */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  return ipaddr.process(address).range() === "unicast";
}

/** Without IPv6 brackets and the trailing dot of a fully qualified name, lower case. */
function bareHost(hostname: string): string {
  const host = hostname.startsWith("[") ? hostname.slice(1, -1) : hostname;
  return host.replace(/\.$/, "").toLowerCase();
}

/** Whether `url` is the trusted crawl origin (scheme, host and port all equal). */
export function isTrustedOrigin(url: URL, trustedOrigin: string | undefined): boolean {
  if (trustedOrigin === undefined) return false;
  try {
    return new URL(trustedOrigin).origin === url.origin;
  } catch {
    return false;
  }
}

/**
 * The checks that need no DNS: the scheme, and a host that is a literal address or a local name.
 * Answers the reason the URL is refused, or undefined.
 */
export function refusalOf(url: URL, trustedOrigin: string | undefined): string | undefined {
  if (url.protocol !== "http:" && url.protocol !== "https:") return "only http and https URLs can be crawled";
  if (isTrustedOrigin(url, trustedOrigin)) return undefined;
  const host = bareHost(url.hostname);
  if (host === "localhost" || host.endsWith(".localhost") || host.endsWith(".internal")) {
    return "is not a public address";
  }
  if (ipaddr.isValid(host) && !isPublicAddress(host)) return "is not a public address";
  return undefined;
}

type LookupCallback = (error: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;
/** The resolver behind the check: dns.lookup, or a stand-in in tests. */
export type Resolve = (hostname: string, callback: (error: Error | null, addresses: LookupAddress[]) => void) => void;

const systemResolve: Resolve = (hostname, callback) => lookup(hostname, { all: true }, callback);

/** A net.connect lookup that fails when any address of the name is not public. */
function publicOnlyLookup(resolve: Resolve) {
  return (hostname: string, options: LookupOptions, callback: LookupCallback): void => {
    resolve(hostname, (error, addresses) => {
      if (error) return callback(error, []);
      const family = options.family === 4 || options.family === 6 ? options.family : undefined;
      const usable = addresses.filter((entry) => family === undefined || entry.family === family);
      if (usable.length === 0 || addresses.some((entry) => !isPublicAddress(entry.address))) {
        const refused = Object.assign(new CrawlRefused(`${hostname} does not resolve to a public address`), {
          code: "ENOTPUBLIC",
        });
        return callback(refused, []);
      }
      if (options.all) return callback(null, usable);
      callback(null, usable[0]!.address, usable[0]!.family);
    });
  };
}

/** Connections for untrusted URLs: every dialled address passes the public-address check. */
export function guardedAgent(connectTimeoutMs: number, resolve: Resolve = systemResolve): Agent {
  return new Agent({
    connect: { timeout: connectTimeoutMs, lookup: publicOnlyLookup(resolve) as never },
    keepAliveTimeout: 1_000,
  });
}
