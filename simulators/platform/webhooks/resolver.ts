// Host name resolution for webhook delivery. Test control can pin a name to chosen addresses
// (PUT /_test/webhooks/dns/{hostname}), so a check can make a name resolve to a private address at
// delivery time without touching real DNS.
import { lookup } from "node:dns/promises";
import type { PlatformContext } from "../context.ts";

const overrides = new WeakMap<PlatformContext, Map<string, string[]>>();

function table(ctx: PlatformContext): Map<string, string[]> {
  let map = overrides.get(ctx);
  if (map === undefined) {
    map = new Map();
    overrides.set(ctx, map);
  }
  return map;
}

const key = (hostname: string) => hostname.toLowerCase().replace(/\.$/, "");

export function pinHost(ctx: PlatformContext, hostname: string, addresses: string[]): void {
  table(ctx).set(key(hostname), addresses);
}

export function unpinHost(ctx: PlatformContext, hostname: string): boolean {
  return table(ctx).delete(key(hostname));
}

/** Every address the name resolves to (all of them are checked, not only the one used). */
export async function resolveAll(ctx: PlatformContext, hostname: string, timeoutMs: number): Promise<string[]> {
  const pinned = table(ctx).get(key(hostname));
  if (pinned !== undefined) return pinned;
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`resolving ${hostname} took longer than ${timeoutMs} ms`)), timeoutMs);
  });
  try {
    const answers = await Promise.race([lookup(hostname, { all: true, verbatim: true }), timeout]);
    return answers.map((answer) => answer.address);
  } finally {
    clearTimeout(timer);
  }
}
