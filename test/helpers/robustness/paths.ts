// Methods a URL does not have, and odd paths: traversal (plain and percent-encoded), an encoded NUL, a
// broken escape, bytes that are not UTF-8, a very long segment.
import { fillPath, type Probe, type Route } from "./probe.ts";

const METHODS = ["DELETE", "PATCH", "PUT", "POST", "GET"];

/** Methods no route at `route.url` has; a URL that takes every method (a webhook receiver) gets none. */
export function methodProbes(route: Route, path: string, routes: readonly Route[]): Probe[] {
  const here = new Set(routes.filter((r) => r.url === route.url).map((r) => r.method));
  const missing = METHODS.find((method) => !here.has(method));
  const methods = ["PROPFIND", "TRACE", "OPTIONS", ...(missing === undefined ? [] : [missing])];
  return methods
    .filter((method) => !here.has(method))
    .map((method) => ({ kind: `method ${method}`, method, path, mustRefuse: true }));
}

export const ODD_SEGMENTS = ["..", "..%2F..%2Fetc%2Fpasswd", "%00", "%E0%A4%A", "%FF%FE", "a".repeat(5_000)];

/** Each odd segment in place of every path parameter (or wildcard), or appended to a URL that has none. */
export function pathProbes(route: Route): Probe[] {
  const params = /[:*]/.test(route.url);
  return ODD_SEGMENTS.map((segment) => ({
    kind: `odd path ${segment.slice(0, 24)}`,
    method: route.method,
    path: params ? fillPath(route.url, () => segment) : `${route.url}/${segment}`,
    mustRefuse: true,
  }));
}
