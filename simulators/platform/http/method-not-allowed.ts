// A method a path does not have: 405 with Allow (RFC 9110 15.5.6) and the section 7 envelope, rather than
// the 404 of a path that does not exist. Section 7's table is not the full per-status table ("not shown") and
// "any error response has the envelope", so a 405 is open to the platform. The methods of a path are read
// from the routes the platform registered, so a new route is covered without being listed here.
import type { FastifyInstance } from "fastify";
import { errorBody } from "../../../spec/errors.ts";
import { registeredRoutes } from "../../shared/route-table.ts";

/** A registered URL pattern with the methods routed on it; `rank` orders patterns by specificity. */
interface PathMethods {
  pattern: RegExp;
  rank: string;
  methods: Set<string>;
}

/** Per segment: a fixed one before a parameter before a wildcard, as the router itself prefers them. */
const rankOf = (url: string) =>
  url
    .split("/")
    .map((segment) => (segment.includes("*") ? "2" : segment.includes(":") ? "1" : "0"))
    .join("");

function pathMethods(app: FastifyInstance): PathMethods[] {
  const byUrl = new Map<string, Set<string>>();
  for (const route of registeredRoutes(app)) {
    const methods = byUrl.get(route.url) ?? new Set<string>();
    methods.add(route.method);
    byUrl.set(route.url, methods);
  }
  return [...byUrl].map(([url, methods]) => {
    const source = url
      .split(/(:\w+|\*)/)
      .map((part) => {
        if (part === "*") return ".*";
        if (part.startsWith(":")) return "[^/]+";
        return part.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
      })
      .join("");
    return { pattern: new RegExp(`^${source}$`), rank: rankOf(url), methods };
  });
}

/**
 * The methods of the resource `path` names, HEAD with GET (fastify serves it); empty when no route has the
 * path. The resource is the most specific pattern matching it: /v1/calls/batches is the batch collection
 * (POST), not a call session /v1/calls/{session_id} (GET), although the session route would match it.
 */
export function allowedMethods(table: readonly PathMethods[], path: string): string[] {
  const matching = table.filter((entry) => entry.pattern.test(path));
  const best = matching.map((entry) => entry.rank).sort()[0];
  const methods = new Set(matching.filter((entry) => entry.rank === best).flatMap((entry) => [...entry.methods]));
  if (methods.has("GET")) methods.add("HEAD");
  return [...methods].sort();
}

/** Registers the answer; add it after authentication, so a request without a credential is still a 401 (5). */
export function methodNotAllowed(app: FastifyInstance): void {
  let table: PathMethods[] | undefined;
  app.addHook("onRequest", async (request, reply) => {
    // A fixed route is the resource itself; only the not-found handler or a parameter route may have been
    // reached for a path whose own resource lacks the method.
    const routed = request.routeOptions.url;
    if (routed !== undefined && !/[:*]/.test(routed)) return;
    table ??= pathMethods(app);
    const allowed = allowedMethods(table, request.url.split("?")[0]!);
    if (allowed.length === 0 || allowed.includes(request.method)) return;
    return reply
      .status(405)
      .header("allow", allowed.join(", "))
      .send(errorBody(`${request.method} is not allowed here; this path takes ${allowed.join(", ")}`));
  });
}
