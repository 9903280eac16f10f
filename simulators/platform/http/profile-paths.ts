// Serves a profile's paths: the reference platform keeps its own routes (the default profile's) and
// rewrites a request on a profile path to them, so `serve --profile FILE` answers where a vendor's
// profile says the operations live.
import { DEFAULT_OPERATIONS, fillPath, type OperationName, type Profile } from "../../../spec/profile.ts";

interface Rewrite {
  method: string;
  pattern: RegExp;
  names: string[];
  to: string;
}

function compile(template: string): { pattern: RegExp; names: string[] } {
  const names: string[] = [];
  const source = template
    .split(/(\{\w+\})/)
    .map((part) => {
      const name = /^\{(\w+)\}$/.exec(part)?.[1];
      if (name === undefined) return part.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
      names.push(name);
      return "([^/?]+)";
    })
    .join("");
  return { pattern: new RegExp(`^${source}(\\?.*)?$`), names };
}

/** The rewrites from a profile's operations to the platform's own paths; throws for what it cannot serve. */
export function profileRewrites(profile: Profile): Rewrite[] {
  const rewrites: Rewrite[] = [];
  for (const [name, operation] of Object.entries(profile.operations)) {
    const own = DEFAULT_OPERATIONS[name as OperationName];
    if (own === undefined || own.path === operation.path) continue;
    if (own.method !== operation.method) {
      throw new Error(`the reference platform serves ${name} as ${own.method}, not ${operation.method}`);
    }
    rewrites.push({ method: operation.method, ...compile(operation.path), to: own.path });
  }
  return rewrites;
}

/** The platform's own URL for a request on a profile path (unchanged when no rewrite matches). */
export function rewriteUrl(rewrites: Rewrite[], method: string, url: string): string {
  for (const rewrite of rewrites) {
    if (rewrite.method !== method) continue;
    const match = rewrite.pattern.exec(url);
    if (match === null) continue;
    const params = Object.fromEntries(rewrite.names.map((name, i) => [name, decodeURIComponent(match[i + 1]!)]));
    return fillPath(rewrite.to, params) + (match[rewrite.names.length + 1] ?? "");
  }
  return url;
}
