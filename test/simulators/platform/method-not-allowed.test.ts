// The reference platform's answer to a method a path does not have (simulators/platform/http/method-not-allowed.ts):
// 405 with Allow naming the path's methods and the section 7 envelope, for every path of the OpenAPI document,
// so what the document lists and what Allow says are one list; after authentication (401 first); a path that
// does not exist stays a 404.
import { afterAll, beforeAll, expect, test } from "vitest";
import { type Stack, startStack } from "../../../simulators/stack.ts";
import { ErrorEnvelope } from "../../../spec/errors.ts";
import { openApiDocument } from "../../../spec/openapi.ts";

let stack: Stack;
let base: string;
let token: string;

beforeAll(async () => {
  stack = await startStack({ regions: 1 });
  base = stack.platforms[0]!.url;
  token = stack.target.credentials.admin;
});
afterAll(async () => {
  await stack?.close();
});

const METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"];

async function send(method: string, path: string, authorized = true) {
  const response = await fetch(`${base}${path}`, {
    method,
    headers: authorized ? { authorization: `Bearer ${token}` } : {},
    signal: AbortSignal.timeout(10_000),
  });
  const text = await response.text();
  return { status: response.status, allow: response.headers.get("allow"), text };
}

/** A concrete path for a documented one: any well-formed value serves, the resource need not exist. */
const concrete = (path: string) =>
  path.replace(/\{(\w+)\}/g, (_, name: string) =>
    name.endsWith("_id") ? "4b0f8f0e-9a4f-4f38-a0e4-1f3c2b9d7e61" : "openai",
  );

test("every documented path answers a method it does not have with 405, Allow its documented methods, and the envelope", async () => {
  const problems: string[] = [];
  for (const [path, item] of Object.entries(openApiDocument().paths)) {
    const documented = Object.keys(item).map((method) => method.toUpperCase());
    const missing = METHODS.find((method) => !documented.includes(method));
    if (missing === undefined) continue;
    const expected = [...documented, ...(documented.includes("GET") ? ["HEAD"] : [])].sort().join(", ");
    const answer = await send(missing, concrete(path));
    const envelope = ErrorEnvelope.safeParse(JSON.parse(answer.text || "null")).success;
    if (answer.status !== 405 || answer.allow !== expected || !envelope) {
      problems.push(`${missing} ${path}: ${answer.status}, Allow ${answer.allow} (want ${expected}), ${answer.text}`);
    }
  }
  expect(problems).toEqual([]);
});

test("the most specific path decides: GET /v1/calls/batches is the batch collection's 405, not a call session", async () => {
  const answer = await send("GET", "/v1/calls/batches");
  expect(answer.status, answer.text).toBe(405);
  expect(answer.allow).toBe("POST");
});

test("without a credential the answer is 401, whatever the method (5: every endpoint but GET /health needs one)", async () => {
  const answer = await send("DELETE", "/v1/catalog", false);
  expect(answer.status, answer.text).toBe(401);
});

test("a path no route has is still a 404 (7), with no Allow", async () => {
  const answer = await send("DELETE", "/v1/no-such-thing");
  expect(answer.status, answer.text).toBe(404);
  expect(answer.allow).toBeNull();
});
