// Role requirements of the role variants (5 item 6: "Role requirements of other operations: not shown"),
// laid over the routes' own: what the spec shows (web call tokens need EDITOR, secret and provider-key
// writes ADMIN, their lists and the streams open to everyone) holds whatever the variant.
import type { FastifyInstance } from "fastify";
import { type OperationRow, operationRows } from "../../../spec/operations.ts";
import { ApiError } from "../../shared/api-error.ts";
import type { PlatformContext } from "../context.ts";

/** Fastify's form of a row's route: `PATCH /v1/agents/:agent_id`. */
const routeOf = (row: OperationRow) => `${row.method} ${row.path.replace(/\{(\w+)\}/g, ":$1")}`;
const routes = (rows: OperationRow[]) => new Set(rows.map(routeOf));

/** What a variant may move: a change (not a read, nor a validate, which changes nothing) whose role is not shown. */
const unshownWrite = (row: OperationRow & { name: string }) =>
  row.role === "not shown" && row.method !== "GET" && !row.name.endsWith(".validate");
const ofAreas =
  (...areas: string[]) =>
  (row: { name: string }) =>
    areas.includes(row.name.split(".")[0]!);

/** Writes of agents, tools, tasks and webhooks (and, apart, knowledge bases): no role requirement is shown for them. */
const UNSHOWN_WRITES = routes(
  operationRows()
    .filter(unshownWrite)
    .filter(ofAreas("agent", "tool", "task", "webhook")),
);
const KNOWLEDGE_WRITES = routes(operationRows().filter(unshownWrite).filter(ofAreas("kb")));

/**
 * The operations whose role the spec shows (4 and 5 item 6: the streams and the secret and provider-key lists open
 * to everyone, the EDITOR gate of web call tokens, the ADMIN writes): a role variant leaves them as they are.
 */
const ROLE_SHOWN = routes(operationRows().filter((row) => row.role !== "not shown"));

export function variantRoles(app: FastifyInstance, ctx: PlatformContext): void {
  const { variants } = ctx;
  if (!variants.has("viewer-may-write") && !variants.has("writes-need-admin") && !variants.has("viewer-reads-refused"))
    return;
  app.addHook("onRequest", async (request) => {
    const principal = request.principal;
    if (principal === null || principal === undefined) return;
    const route = `${request.method} ${request.routeOptions.url ?? ""}`;
    const write = UNSHOWN_WRITES.has(route) || KNOWLEDGE_WRITES.has(route);
    if (variants.has("viewer-may-write") && principal.role === "VIEWER" && write) {
      request.principal = { ...principal, role: "EDITOR" };
    }
    if (variants.has("writes-need-admin") && principal.role === "EDITOR" && UNSHOWN_WRITES.has(route)) {
      throw new ApiError(403, "this operation needs the ADMIN role");
    }
    if (variants.has("viewer-reads-refused") && principal.role === "VIEWER" && !ROLE_SHOWN.has(route)) {
      // Writes keep the routes' own refusals; reads not opened to every role are refused here.
      if (request.method === "GET") throw new ApiError(403, "this operation needs the EDITOR role");
    }
  });
}
