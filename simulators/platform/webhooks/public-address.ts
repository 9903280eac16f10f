// 6.1: a webhook URL must be public. Refused at save time here (the URL as written), and blocked again at
// delivery time on every address DNS answers (connect.ts). An allowlist: only global unicast passes, so a
// range nobody thought of is refused rather than let through. The webhook sink's exact origin is trusted.
import ipaddr from "ipaddr.js";
import type { PlatformContext } from "../context.ts";
import type { FaultName } from "../faults/index.ts";
import {
  hasOrigin,
  hostKey,
  internalHostNameProblem,
  ipLiteral,
  localHostNameProblem,
  publicAddressProblem,
  RANGE_WORDS,
} from "../net/public-address.ts";

export { ipLiteral };

/** What the planted faults' hand-written blocklists cover (planted faults only: the bug is what each leaves out). */
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
// The faults that put a blocklist in the allowlist's place (planted faults only).
const BLOCKLIST_FAULTS: FaultName[] = [
  "webhook-url-ipv4-mapped-allowed",
  "webhook-url-link-local-allowed",
  "webhook-url-loopback-allowed",
];

/** Why an address is not public, or null when it is; the planted blocklist faults swap the rule. */
export function addressProblem(ctx: PlatformContext, text: string): string | null {
  if (!ipaddr.isValid(text)) return `${text} is not an IP address`;
  const unwrapMapped = !ctx.faults.has("webhook-url-ipv4-mapped-allowed");
  if (BLOCKLIST_FAULTS.some((name) => ctx.faults.has(name))) {
    const parsed = ipaddr.parse(text);
    const mapped = parsed.kind() === "ipv6" && (parsed as ipaddr.IPv6).isIPv4MappedAddress();
    return blocklistProblem(ctx, mapped && unwrapMapped ? (parsed as ipaddr.IPv6).toIPv4Address() : parsed);
  }
  return publicAddressProblem(text, { unwrapMapped });
}
// The blocklist of the planted faults above (planted faults only).
function blocklistProblem(ctx: PlatformContext, address: ipaddr.IPv4 | ipaddr.IPv6): string | null {
  const blocked = new Set(FAULTY_BLOCKLIST);
  // webhook-url-ipv4-mapped-allowed: the mapped form was not unwrapped, and its range is not on the list.
  if (ctx.faults.has("webhook-url-link-local-allowed")) blocked.delete("linkLocal");
  if (ctx.faults.has("webhook-url-loopback-allowed")) blocked.delete("loopback");
  const range = address.range();
  return blocked.has(range) ? `${address.toString()} is a ${RANGE_WORDS[range]} address` : null;
}

/** Why a host name cannot be public whatever it resolves to, or null. */
export function hostNameProblem(ctx: PlatformContext, hostname: string): string | null {
  if (ctx.faults.has("webhook-url-loopback-allowed") && hostKey(hostname) === "localhost") return null;
  // The numeric-host fault reads 2130706433 as a name; a single label is then let through too.
  if (ctx.faults.has("webhook-url-numeric-host-allowed")) return localHostNameProblem(hostname);
  return internalHostNameProblem(hostname);
}

/** Exactly the sink origin the platform is wired to; any other loopback URL is refused. */
export function isTrustedOrigin(ctx: PlatformContext, url: URL): boolean {
  return hasOrigin(url, ctx.wiring.trustedWebhookOrigin);
}

/**
 * Why a webhook URL cannot be saved, as a `url: problem` line, or null when it may be. The schema has checked
 * its shape (spec/common.ts httpUrl); a host that cannot be read is not a public address either.
 */
export function urlProblemAtSave(ctx: PlatformContext, raw: string): string | null {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return "url: must be a public address (the host cannot be read)";
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") return "url: must use http or https";
  if (isTrustedOrigin(ctx, url)) return null;
  if (url.username !== "" || url.password !== "") return "url: must not carry a user name or password";
  const host = ctx.faults.has("webhook-url-numeric-host-allowed") ? rawHost(raw) : url.hostname;
  // The planted bug reads url.hostname as a name or a dotted quad, so a bracketed IPv6 literal is unreadable.
  if (ctx.faults.has("webhook-url-ipv6-refused") && host.startsWith("[")) {
    return "url: must be a public address (the host cannot be read)";
  }
  const literal = ipLiteral(host);
  const problem = literal === null ? hostNameProblem(ctx, host) : addressProblem(ctx, literal);
  return problem === null ? null : `url: must be a public address (${problem})`;
}

/** The planted bug (planted faults only): the host cut out by a regex, so 2130706433 or 0x7f000001 read as names. */
function rawHost(raw: string): string {
  return /^[a-z][a-z0-9+.-]*:\/\/(?:[^@/?#]*@)?(\[[^\]]*\]|[^/?#:]*)/i.exec(raw)?.[1] ?? "";
}
