// One bounded JSON client for every helper API the harness drives besides the server under test:
// the simulators' admin APIs and the server's test control. No answer in time, or a non-2xx, is a
// TargetError (the check errors, it does not fail). Messages name the path and status only, never a
// body: a body may hold a secret.
import { request } from "undici";
import { runConfig } from "./run-config.ts";
import { learnSecrets } from "./secret-fields.ts";
import { TargetError } from "./target-error.ts";

export type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

/** The origin of a simulator the target names, or a TargetError saying it names none. */
export function simulatorOrigin(
  name: keyof ReturnType<typeof runConfig>["target"]["simulators"],
  label: string,
): string {
  const url = runConfig().target.simulators[name];
  if (url === undefined) throw new TargetError(`the target names no ${label}`);
  return url.replace(/\/$/, "");
}

export async function helperJson(
  label: string,
  url: string,
  method: Method,
  body?: unknown,
  options: { timeoutMs?: number; headers?: Record<string, string> } = {},
): Promise<unknown> {
  const limit = options.timeoutMs ?? runConfig().timeoutMs;
  const path = new URL(url).pathname;
  learnSecrets(body);
  let status: number;
  let text: string;
  try {
    const response = await request(url, {
      method,
      headers: { ...(body === undefined ? {} : { "content-type": "application/json" }), ...options.headers },
      body: body === undefined ? undefined : JSON.stringify(body),
      headersTimeout: limit,
      bodyTimeout: limit,
      signal: AbortSignal.timeout(limit),
    });
    status = response.statusCode;
    text = await response.body.text();
  } catch {
    throw new TargetError(`${label} did not answer ${method} ${path} within ${limit} ms`);
  }
  if (status < 200 || status >= 300) throw new TargetError(`${label} answered ${status} to ${method} ${path}`);
  const answer = text === "" ? undefined : (JSON.parse(text) as unknown);
  // Admin APIs hand out tokens, session cookies and carrier auth tokens: registered as they arrive.
  learnSecrets(answer);
  return answer;
}
