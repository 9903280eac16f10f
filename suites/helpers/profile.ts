// Calls an operation by its row in spec/operations.ts, so no suite writes a path: the table holds every path
// the spec shows, and the profile (spec/profile.ts) those it does not, which `--profile` can move. Where the
// spec shows no fields, the row names the shapes (spec/shapes.ts) a body is written and an answer read
// through: a check writes and reads the reference's field names and meanings, and the profile's field maps
// and words say where this server puts them. Only callOp translates: a check never reshapes what it returns.

import { type ApiResponse, call, type RequestOptions } from "../../runner/client/http-client.ts";
import { withJson } from "../../runner/client/recorder.ts";
import { registerSecret } from "../../runner/client/redact.ts";
import { runConfig } from "../../runner/client/run-config.ts";
import { learnSecrets } from "../../runner/client/secret-fields.ts";
import {
  type FrameReader,
  mustOpen,
  type OpenStreamOptions,
  openStream,
  type SseStream,
} from "../../runner/client/sse-client.ts";
import { type Method, OPERATIONS, type OperationName as RowName, streamFrameShapes } from "../../spec/operations.ts";
import { fillPath, loadProfile, operationIn, type Profile, shapeMaps } from "../../spec/profile.ts";
import {
  reshapes,
  type ShapeMaps,
  serverPath,
  shapeEnvelope,
  shapeFrame,
  shapeRequest,
  shapeResponse,
} from "../../spec/reshape.ts";
import type { ShapeName } from "../../spec/shapes.ts";

let loaded: Profile | undefined;
let maps: ShapeMaps | undefined;

/** The default profile, or a JSON file (`--profile FILE`) whose fields override it. */
export function profile(): Profile {
  if (loaded !== undefined) return loaded;
  loaded = loadProfile(runConfig().target.profile);
  return loaded;
}

/** The profile's field maps and words, when they move or reword anything (the reference's own need nothing). */
export function profileMaps(): ShapeMaps | undefined {
  maps ??= shapeMaps(profile());
  return reshapes(maps) ? maps : undefined;
}

/**
 * Where this server puts a field of a record or body, named by the reference's path (`conversation_id` of a
 * message body, `agent_team.members.0.agent_version`): the name its 422 lines and its raw JSON use.
 */
export function placeOf(shape: ShapeName, referencePath: string): string {
  const through = profileMaps();
  return through === undefined ? referencePath : serverPath(through, shape, referencePath);
}

/** A webhook delivery's body (6.1) read through the profile: its envelope's fields and its data's record. */
export function readEnvelope(body: unknown): unknown {
  const through = profileMaps();
  return through === undefined ? body : shapeEnvelope(through, body, "read");
}

/** A frame's JSON read through the profile: the frame's shape in the stream it is on (spec/operations.ts `frames`). */
const readFrame: FrameReader = (event, json) => {
  const through = profileMaps();
  if (through === undefined || event === undefined) return json;
  return shapeFrame(through, streamFrameShapes(), event, json, "read");
};

/** Opens an API event stream (6.2), its frames read through the profile. */
export function openApiStream(path: string, options: OpenStreamOptions = {}) {
  return openStream(path, { readFrame, ...options });
}

/** openApiStream for checks that expect it to open: anything else is a failure naming the answer. */
export function mustOpenStream(path: string, options: OpenStreamOptions = {}): Promise<SseStream> {
  return mustOpen(path, { readFrame, ...options });
}

/** The method and path template the harness calls an operation at: the profile's where it has one, else the table's. */
export function operation(name: RowName): { method: Method; path: string } {
  return operationIn(profile(), name);
}

/** An operation's path with its `{placeholders}` filled (URL-encoded). */
export function opPath(name: RowName, params: Record<string, string> = {}): string {
  return fillPath(operation(name).path, params);
}

/**
 * Calls an operation by its row. `method` may be given only to send the row's path another method on purpose
 * (a method the path does not have).
 */
export async function callOp(
  name: RowName,
  params: Record<string, string> = {},
  options: RequestOptions = {},
): Promise<ApiResponse> {
  const { method, path } = operation(name);
  // A secret's value is a secret under a field name too common to register everywhere (`value`).
  const value = (options.body as { value?: unknown } | undefined)?.value;
  if (name === "secret.put" && typeof value === "string") registerSecret(value);
  const through = profileMaps();
  if (through === undefined) return call(fillPath(path, params), { method, operation: name, ...options });
  const row = OPERATIONS[name];
  // The reference's names are the ones the registry knows as secret (`auth_token`, `token`): a server that
  // puts them elsewhere must not get its secrets into a report.
  learnSecrets(options.body);
  const written = { ...options };
  if (options.body !== undefined) written.body = shapeRequest(through, row, "body", options.body, "write");
  if (options.query !== undefined) {
    written.query = shapeRequest(through, row, "query", options.query, "write") as RequestOptions["query"];
  }
  const response = await call(fillPath(path, params), { method, operation: name, ...written });
  if (response.status >= 300 || response.json === undefined) return response;
  const read = shapeResponse(through, row, response.json, "read");
  learnSecrets(read);
  return withJson(response, read);
}
