// Serves a profile's shapes and words (spec/shapes.ts, spec/words.ts) at the HTTP boundary: a request body or
// query is read through the operation's field map into the platform's own shape before any route sees it,
// and a 2xx JSON answer is written out through it, so `serve --profile FILE` answers as a server that puts
// every field where that profile says and uses its words. A 422 line names a field where the request put it.
import type { FastifyInstance, FastifyRequest } from "fastify";
import { PROBLEM_LINE } from "../../../spec/errors.ts";
import { isJsonObject } from "../../../spec/json-path.ts";
import { type OperationRow, operationRows } from "../../../spec/operations.ts";
import { type Profile, shapeMaps } from "../../../spec/profile.ts";
import { reshapes, serverPath, shapeRequest, shapeResponse } from "../../../spec/reshape.ts";

/** The table's rows by the route the platform registers them under (`POST /v1/agents/:agent_id/publish`). */
function rowsByRoute(): Map<string, OperationRow> {
  const rows = new Map<string, OperationRow>();
  for (const row of operationRows()) {
    if (row.shapes === undefined) continue;
    rows.set(`${row.method} ${row.path.replace(/\{(\w+)\}/g, ":$1")}`, row);
  }
  return rows;
}

export function profileShapes(app: FastifyInstance, served: Profile): void {
  const profile = shapeMaps(served);
  if (!reshapes(profile)) return;
  const rows = rowsByRoute();
  const rowOf = (request: FastifyRequest) => rows.get(`${request.method} ${request.routeOptions.url ?? ""}`);
  app.addHook("preValidation", async (request) => {
    const row = rowOf(request);
    if (row === undefined) return;
    if (isJsonObject(request.body)) request.body = shapeRequest(profile, row, "body", request.body, "read");
    if (isJsonObject(request.query)) request.query = shapeRequest(profile, row, "query", request.query, "read");
  });
  app.addHook("onSend", async (request, reply, payload) => {
    const row = rowOf(request);
    if (row === undefined || typeof payload !== "string" || payload === "") return payload;
    let body: unknown;
    try {
      body = JSON.parse(payload);
    } catch {
      return payload;
    }
    if (reply.statusCode < 300) return JSON.stringify(shapeResponse(profile, row, body, "write"));
    const shape = row.shapes?.body;
    if (reply.statusCode !== 422 || shape === undefined) return payload;
    const line = (text: unknown) => {
      if (typeof text !== "string" || !PROBLEM_LINE.test(text)) return text;
      const at = text.indexOf(": ");
      return `${serverPath(profile, shape, text.slice(0, at))}${text.slice(at)}`;
    };
    const detail = (body as { detail?: { message?: unknown; errors?: unknown } }).detail;
    if (detail === undefined) return payload;
    return JSON.stringify({
      detail: {
        ...detail,
        message: line(detail.message),
        errors: Array.isArray(detail.errors) ? detail.errors.map(line) : detail.errors,
      },
    });
  });
}
