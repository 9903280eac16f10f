// The target's test-only hooks (`test_control`, e.g. `${base}/_test`): seeding what the API cannot create
// (integrations, task runs, service list rows). Requests carry the admin credential, which names the workspace.

import { runConfig } from "../../runner/client/run-config.ts";
import { type HelperAnswer, helperAnswer, testControlOrigin } from "../../runner/client/simulator-client.ts";
import { TargetError } from "../../runner/client/target-error.ts";

export type ControlAnswer = HelperAnswer;

export function testControl(
  method: "GET" | "POST" | "PUT" | "DELETE",
  path: string,
  body?: unknown,
): Promise<ControlAnswer> {
  const headers = { authorization: `Bearer ${runConfig().target.credentials.admin}` };
  return helperAnswer("test control", `${testControlOrigin()}${path}`, method, body, { headers });
}

/** A seeding call that must succeed; anything else means the harness cannot do its job. */
export async function seed<T>(path: string, body: unknown): Promise<T> {
  const answer = await testControl("POST", path, body);
  if (answer.status < 200 || answer.status >= 300) {
    throw new TargetError(`test control answered ${answer.status} to POST ${path}`);
  }
  return answer.json as T;
}
