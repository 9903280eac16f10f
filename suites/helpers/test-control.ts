// The target's test-only hooks (`test_control`, e.g. `${base}/_test`): seeding what the API cannot create
// (integrations, task runs, service list rows). Requests carry the admin credential, which names the workspace.

import { runConfig } from "../../runner/run-config.ts";
import { TargetError } from "../../runner/target-error.ts";

export interface ControlAnswer {
  status: number;
  json: unknown;
}

export async function testControl(method: "GET" | "POST" | "PUT" | "DELETE", path: string, body?: unknown) {
  const { target, timeoutMs } = runConfig();
  if (target.test_control === undefined) throw new TargetError("the target has no test_control hooks");
  const url = `${target.test_control.replace(/\/$/, "")}${path}`;
  const response = await fetch(url, {
    method,
    headers: {
      authorization: `Bearer ${target.credentials.admin}`,
      ...(body === undefined ? {} : { "content-type": "application/json" }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
    signal: AbortSignal.timeout(timeoutMs),
  }).catch((error: Error) => {
    throw new TargetError(`test control did not answer ${method} ${path}: ${error.message}`);
  });
  const text = await response.text();
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status: response.status, json } satisfies ControlAnswer;
}

/** A seeding call that must succeed; anything else means the harness cannot do its job. */
export async function seed<T>(path: string, body: unknown): Promise<T> {
  const answer = await testControl("POST", path, body);
  if (answer.status < 200 || answer.status >= 300) {
    throw new TargetError(`test control answered ${answer.status} to POST ${path}`);
  }
  return answer.json as T;
}
