// Calls an operation by its profile name, so paths the spec does not show live in spec/profile.ts.
import { readFileSync } from "node:fs";
import { DEFAULT_PROFILE, fillPath, type OperationName, Profile } from "../../spec/profile.ts";
import { type ApiResponse, call, type RequestOptions } from "./http.ts";
import { runConfig } from "./run-config.ts";

let loaded: Profile | undefined;

/** The default profile, or a JSON file (`--profile FILE`) whose fields override it. */
export function profile(): Profile {
  if (loaded !== undefined) return loaded;
  const name = runConfig().target.profile;
  if (name === "default") {
    loaded = DEFAULT_PROFILE;
  } else {
    const overrides = JSON.parse(readFileSync(name, "utf8")) as Partial<Profile>;
    loaded = Profile.parse({
      ...DEFAULT_PROFILE,
      ...overrides,
      operations: { ...DEFAULT_PROFILE.operations, ...overrides.operations },
    });
  }
  return loaded;
}

export function callOp(
  name: OperationName,
  params: Record<string, string> = {},
  options: Omit<RequestOptions, "method"> = {},
): Promise<ApiResponse> {
  const operation = profile().operations[name];
  if (operation === undefined) throw new Error(`operation ${name} is not in the profile`);
  return call(fillPath(operation.path, params), { ...options, method: operation.method });
}
