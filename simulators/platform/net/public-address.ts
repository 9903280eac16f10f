// Whether an address or host name is public: the one rule behind every outbound request a caller can
// aim (webhook URLs, crawl seeds). An allowlist: only global unicast passes, so a range nobody thought
// of is refused rather than let through. IPv4-mapped IPv6 is judged as the IPv4 it carries.
import ipaddr from "ipaddr.js";

export const RANGE_WORDS: Record<string, string> = {
  private: "private",
  uniqueLocal: "private (unique-local)",
  carrierGradeNat: "carrier-grade NAT",
  loopback: "loopback",
  linkLocal: "link-local",
  unspecified: "unspecified",
  multicast: "multicast",
  broadcast: "broadcast",
  reserved: "reserved",
  ipv4Mapped: "IPv4-mapped",
};

/** IPv6 global unicast is 2000::/3; anything else (IPv4-compatible ::/96 included) is not public. */
function isGlobalUnicastV6(address: ipaddr.IPv6): boolean {
  return address.match(ipaddr.IPv6.parse("2000::"), 3);
}

/** Why an address is not public, or null when it is. */
export function publicAddressProblem(text: string, options: { unwrapMapped?: boolean } = {}): string | null {
  if (!ipaddr.isValid(text)) return `${text} is not an IP address`;
  const parsed = ipaddr.parse(text);
  const mapped = parsed.kind() === "ipv6" && (parsed as ipaddr.IPv6).isIPv4MappedAddress();
  const address = mapped && options.unwrapMapped !== false ? (parsed as ipaddr.IPv6).toIPv4Address() : parsed;
  const range = address.range();
  if (range === "unicast" && (address.kind() === "ipv4" || isGlobalUnicastV6(address as ipaddr.IPv6))) return null;
  return `${address.toString()} is a ${RANGE_WORDS[range] ?? `${range} (not global unicast)`} address`;
}

export function isPublicAddress(text: string): boolean {
  return publicAddressProblem(text) === null;
}

const INTERNAL_NAMES = new Set(["localhost", "localhost.localdomain", "metadata.google.internal", "metadata.goog"]);
const INTERNAL_SUFFIXES = [".localhost", ".internal", ".local", ".localdomain", ".home.arpa"];

/** A host name as DNS compares it: case folded, without the root's trailing dot. */
export function hostKey(hostname: string): string {
  return hostname.toLowerCase().replace(/\.$/, "");
}

/** Names that are local by definition (localhost, .internal, metadata), or null. */
export function localHostNameProblem(hostname: string): string | null {
  const name = hostKey(hostname);
  if (INTERNAL_NAMES.has(name) || INTERNAL_SUFFIXES.some((suffix) => name.endsWith(suffix))) {
    return `${name} is an internal host name`;
  }
  return null;
}

/** Why a host name cannot be public whatever it resolves to, or null. */
export function internalHostNameProblem(hostname: string): string | null {
  const name = hostKey(hostname);
  // A single label resolves through search domains, i.e. inside the network.
  return (
    localHostNameProblem(name) ?? (name.includes(".") ? null : `${name} is not a fully qualified public host name`)
  );
}

/** The host as an IP literal (brackets stripped), or null when it is a name. */
export function ipLiteral(hostname: string): string | null {
  const bare = hostname.startsWith("[") && hostname.endsWith("]") ? hostname.slice(1, -1) : hostname;
  return ipaddr.isValid(bare) && (bare.includes(":") || ipaddr.IPv4.isValidFourPartDecimal(bare)) ? bare : null;
}

/** Whether `url` has exactly this origin (scheme, host and port). */
export function hasOrigin(url: URL, origin: string | undefined): boolean {
  if (origin === undefined) return false;
  try {
    return new URL(origin).origin === url.origin;
  } catch {
    return false;
  }
}
