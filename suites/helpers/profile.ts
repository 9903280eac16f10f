// Calls an operation by its profile name, so paths the spec does not show live in spec/profile.ts.

import { type ApiResponse, call, type RequestOptions } from "../../runner/http-client.ts";
import { registerSecret } from "../../runner/redact.ts";
import { runConfig } from "../../runner/run-config.ts";
import { fillPath, loadProfile, type OperationName, type Profile } from "../../spec/profile.ts";

let loaded: Profile | undefined;

/** The default profile, or a JSON file (`--profile FILE`) whose fields override it. */
export function profile(): Profile {
  if (loaded !== undefined) return loaded;
  loaded = loadProfile(runConfig().target.profile);
  return loaded;
}

export function callOp(
  name: OperationName,
  params: Record<string, string> = {},
  options: Omit<RequestOptions, "method"> = {},
): Promise<ApiResponse> {
  const operation = profile().operations[name];
  if (operation === undefined) throw new Error(`operation ${name} is not in the profile`);
  // A secret's value is a secret under a field name too common to register everywhere (`value`).
  const value = (options.body as { value?: unknown } | undefined)?.value;
  if (name === "secret.put" && typeof value === "string") registerSecret(value);
  return call(fillPath(operation.path, params), { ...options, method: operation.method, operation: name });
}
