// 6.1: a webhook URL must be public. Refused at save time here (the URL as written), and blocked again at
// delivery time on every address DNS answers (connect.ts). An allowlist: only global unicast passes, so a
// range nobody thought of is refused rather than let through. The webhook sink's exact origin is trusted.
import ipaddr from "ipaddr.js";
import type { PlatformContext } from "../context.ts";
import type { FaultName } from "../faults/index.ts";

const RANGE_WORDS: Record<string, string> = {
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

/** What the planted faults' hand-written blocklists cover (the bug is what each one leaves out). */
const FAULTY_BLOCKLIST = new Set([
  "private",
  "uniqueLocal",
  "carrierGradeNat",
  "loopback",
  "linkLocal",
  "unspecified",
  "multicast",
  "broadcast",
  "reserved",
]);

const BLOCKLIST_FAULTS: FaultName[] = [
  "webhook-url-ipv4-mapped-allowed",
  "webhook-url-link-local-allowed",
  "webhook-url-loopback-allowed",
];

/** Why an address is not public, or null when it is. IPv4-mapped IPv6 is judged as the IPv4 it carries. */
export function addressProblem(ctx: PlatformContext, text: string): string | null {
  if (!ipaddr.isValid(text)) return `${text} is not an IP address`;
  const parsed = ipaddr.parse(text);
  const mapped = parsed.kind() === "ipv6" && (parsed as ipaddr.IPv6).isIPv4MappedAddress();
  const unwrap = mapped && !ctx.faults.has("webhook-url-ipv4-mapped-allowed");
  const address = unwrap ? (parsed as ipaddr.IPv6).toIPv4Address() : parsed;
  if (BLOCKLIST_FAULTS.some((name) => ctx.faults.has(name))) return blocklistProblem(ctx, address);
  const range = address.range();
  if (range === "unicast" && (address.kind() === "ipv4" || isGlobalUnicastV6(address as ipaddr.IPv6))) return null;
  return `${address.toString()} is a ${RANGE_WORDS[range] ?? `${range} (not global unicast)`} address`;
}

/** IPv6 global unicast is 2000::/3; anything else (IPv4-compatible ::/96 included) is not public. */
function isGlobalUnicastV6(address: ipaddr.IPv6): boolean {
  return address.match(ipaddr.IPv6.parse("2000::"), 3);
}

function blocklistProblem(ctx: PlatformContext, address: ipaddr.IPv4 | ipaddr.IPv6): string | null {
  const blocked = new Set(FAULTY_BLOCKLIST);
  // webhook-url-ipv4-mapped-allowed: the mapped form was not unwrapped, and its range is not on the list.
  if (ctx.faults.has("webhook-url-link-local-allowed")) blocked.delete("linkLocal");
  if (ctx.faults.has("webhook-url-loopback-allowed")) blocked.delete("loopback");
  const range = address.range();
  return blocked.has(range) ? `${address.toString()} is a ${RANGE_WORDS[range]} address` : null;
}

const BLOCKED_NAMES = new Set(["localhost", "localhost.localdomain", "metadata.google.internal", "metadata.goog"]);
const BLOCKED_SUFFIXES = [".localhost", ".internal", ".local", ".localdomain", ".home.arpa"];

/** Why a host name cannot be public whatever it resolves to, or null. */
export function hostNameProblem(ctx: PlatformContext, hostname: string): string | null {
  const name = hostname.toLowerCase().replace(/\.$/, "");
  if (ctx.faults.has("webhook-url-loopback-allowed") && name === "localhost") return null;
  if (BLOCKED_NAMES.has(name) || BLOCKED_SUFFIXES.some((suffix) => name.endsWith(suffix))) {
    return `${name} is an internal host name`;
  }
  // A single label resolves through search domains, i.e. inside the network.
  if (!name.includes(".") && !ctx.faults.has("webhook-url-numeric-host-allowed")) {
    return `${name} is not a fully qualified public host name`;
  }
  return null;
}

/** The URL's own host as an IP literal (brackets stripped), or null when it is a name. */
export function ipLiteral(hostname: string): string | null {
  const bare = hostname.startsWith("[") && hostname.endsWith("]") ? hostname.slice(1, -1) : hostname;
  return ipaddr.isValid(bare) && (bare.includes(":") || ipaddr.IPv4.isValidFourPartDecimal(bare)) ? bare : null;
}

/** Exactly the sink origin the platform is wired to; any other loopback URL is refused. */
export function isTrustedOrigin(ctx: PlatformContext, url: URL): boolean {
  const trusted = ctx.wiring.trustedWebhookOrigin;
  if (trusted === undefined) return false;
  try {
    return new URL(trusted).origin === url.origin;
  } catch {
    return false;
  }
}

/** Why a webhook URL cannot be saved, as a `url: problem` line, or null when it may be. */
export function urlProblemAtSave(ctx: PlatformContext, raw: string): string | null {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return "url: must be an absolute http or https URL";
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") return "url: must use http or https";
  if (isTrustedOrigin(ctx, url)) return null;
  if (url.username !== "" || url.password !== "") return "url: must not carry a user name or password";
  const host = ctx.faults.has("webhook-url-numeric-host-allowed") ? rawHost(raw) : url.hostname;
  const literal = ipLiteral(host);
  const problem = literal === null ? hostNameProblem(ctx, host) : addressProblem(ctx, literal);
  return problem === null ? null : `url: must be a public address (${problem})`;
}

/** The planted bug: the host cut out of the text with a regex, so 2130706433 or 0x7f000001 read as names. */
function rawHost(raw: string): string {
  return /^[a-z][a-z0-9+.-]*:\/\/(?:[^@/?#]*@)?(\[[^\]]*\]|[^/?#:]*)/i.exec(raw)?.[1] ?? "";
}
