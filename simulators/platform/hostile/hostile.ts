// A hostile behaviour: the reference platform answering the way an untrusted server might (huge, broken or
// endless answers), selected at start-up only (`serve --hostile NAME`). Unlike a planted fault it breaks no
// clause on purpose: the hostile matrix (test/cli/hostile-matrix.test.ts) requires the harness to survive it
// in bounded time and memory, and to write a report.
import type { FastifyInstance, FastifyRequest } from "fastify";

export interface HostileSpec {
  /** One line: what the server does. */
  readonly description: string;
  /** Clause ids whose checks meet the behaviour: the hostile matrix narrows its run to them. */
  readonly clauses: readonly string[];
  /** Installs the behaviour on one platform instance, before its routes and its credential check. */
  readonly install: (app: FastifyInstance) => void;
}

/** The requests a behaviour scoped to "every API request" answers: the `/v1` paths, not /health or the hooks. */
export function isApiRequest(request: FastifyRequest): boolean {
  return request.url.startsWith("/v1/") || request.url === "/v1";
}

/** The agents list (the 200 MB case of issue 17), whatever its query. */
export function isAgentList(request: FastifyRequest): boolean {
  return request.method === "GET" && request.url.split("?")[0] === "/v1/agents";
}
