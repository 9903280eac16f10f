// Calls an operation by its row in spec/operations.ts, so no suite writes a path: the table holds every path
// the spec shows, and the profile (spec/profile.ts) those it does not, which `--profile` can move.

import { type ApiResponse, call, type RequestOptions } from "../../runner/client/http-client.ts";
import { registerSecret } from "../../runner/client/redact.ts";
import { runConfig } from "../../runner/client/run-config.ts";
import type { Method, OperationName as RowName } from "../../spec/operations.ts";
import { fillPath, loadProfile, operationIn, type Profile } from "../../spec/profile.ts";

let loaded: Profile | undefined;

/** The default profile, or a JSON file (`--profile FILE`) whose fields override it. */
export function profile(): Profile {
  if (loaded !== undefined) return loaded;
  loaded = loadProfile(runConfig().target.profile);
  return loaded;
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
export function callOp(
  name: RowName,
  params: Record<string, string> = {},
  options: RequestOptions = {},
): Promise<ApiResponse> {
  const { method, path } = operation(name);
  // A secret's value is a secret under a field name too common to register everywhere (`value`).
  const value = (options.body as { value?: unknown } | undefined)?.value;
  if (name === "secret.put" && typeof value === "string") registerSecret(value);
  return call(fillPath(path, params), { method, operation: name, ...options });
}
