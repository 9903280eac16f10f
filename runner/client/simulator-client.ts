// One bounded JSON client for every helper API the harness drives besides the server under test:
// the simulators' admin APIs and the server's test control. Every request is bounded in time and in what it
// reads (the run's body cap); no answer in time is a TargetError (the check errors, it does not fail), and so is
// a non-2xx where the caller needs one (`helperJson`). Messages name the path and status only, never a body: a
// body may hold a secret.
import { request } from "undici";
import { BodyOverCap, readCapped } from "./capped-body.ts";
import { decodingGlobal } from "./content-coding.ts";
import { formatBytes } from "./limits.ts";
import { runConfig } from "./run-config.ts";
import { learnSecrets } from "./secret-fields.ts";
import { TargetError } from "./target-error.ts";

export type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

export interface HelperOptions {
  timeoutMs?: number;
  headers?: Record<string, string>;
}

/** A helper API's answer: its status and its body as JSON (undefined when empty or not JSON). */
export interface HelperAnswer {
  status: number;
  json: unknown;
}

/** The origin of a simulator the target names, or a TargetError saying it names none. */
export function simulatorOrigin(
  name: keyof ReturnType<typeof runConfig>["target"]["simulators"],
  label: string,
): string {
  const url = runConfig().target.simulators[name];
  if (url === undefined) throw new TargetError(`the target names no ${label}`);
  return url.replace(/\/$/, "");
}

/** The origin of the target's test-only hooks, or a TargetError saying it has none. */
export function testControlOrigin(): string {
  const url = runConfig().target.test_control;
  if (url === undefined) throw new TargetError("the target has no test_control hooks");
  return url.replace(/\/$/, "");
}

/** Asks a helper API, whatever status it answers with. */
export async function helperAnswer(
  label: string,
  url: string,
  method: Method,
  body?: unknown,
  options: HelperOptions = {},
): Promise<HelperAnswer> {
  const { timeoutMs, maxBodyBytes } = runConfig();
  const limit = options.timeoutMs ?? timeoutMs;
  const path = new URL(url).pathname;
  learnSecrets(body);
  let status: number;
  let text: string;
  try {
    const response = await request(url, {
      method,
      headers: { ...(body === undefined ? {} : { "content-type": "application/json" }), ...options.headers },
      body: body === undefined ? undefined : JSON.stringify(body),
      // Test control is the target's: it may code its answers as the API does.
      dispatcher: decodingGlobal(),
      headersTimeout: limit,
      bodyTimeout: limit,
      signal: AbortSignal.timeout(limit),
    });
    status = response.statusCode;
    text = (await readCapped(response.body, maxBodyBytes, response.headers["content-length"] as string)).toString();
  } catch (error) {
    if (error instanceof BodyOverCap) {
      throw new TargetError(
        `${label} answered ${method} ${path} with a body over the ${formatBytes(maxBodyBytes)} cap`,
      );
    }
    throw new TargetError(`${label} did not answer ${method} ${path} within ${limit} ms`);
  }
  let json: unknown;
  try {
    json = text === "" ? undefined : (JSON.parse(text) as unknown);
  } catch {
    json = undefined;
  }
  // Admin APIs hand out tokens, session cookies and carrier auth tokens: registered as they arrive.
  learnSecrets(json);
  return { status, json };
}

/** Asks a helper API that must answer 2xx; anything else means the harness cannot do its job. */
export async function helperJson(
  label: string,
  url: string,
  method: Method,
  body?: unknown,
  options: HelperOptions = {},
): Promise<unknown> {
  const answer = await helperAnswer(label, url, method, body, options);
  if (answer.status < 200 || answer.status >= 300) {
    throw new TargetError(`${label} answered ${answer.status} to ${method} ${new URL(url).pathname}`);
  }
  return answer.json;
}
