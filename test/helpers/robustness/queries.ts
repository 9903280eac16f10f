// Odd queries any GET route must survive, whatever parameters it reads: a bare or broken escape, bytes
// that are not UTF-8, bracket and prototype keys, a repeated key, a very long value.
import type { Probe, Route } from "./probe.ts";

export const ODD_QUERIES = [
  "%",
  "a=%E0%A4%A",
  "a=%FF%FE",
  "a[b][c]=1",
  "__proto__=x&__proto__[y]=1&constructor[prototype][z]=1",
  "a=1&a=2&a=3",
  `a=${"x".repeat(5_000)}`,
];

export function oddQueryProbes(route: Route, path: string): Probe[] {
  if (route.method !== "GET") return [];
  return ODD_QUERIES.map((query) => ({
    kind: `odd query ${query.slice(0, 24)}`,
    method: route.method,
    path: `${path}?${query}`,
    mustRefuse: false,
  }));
}
