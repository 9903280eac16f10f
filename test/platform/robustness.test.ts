// The reference platform cannot be crashed: every route it registers (read from the platform, so a new
// one is covered; SSE and test-control routes included), with real rows behind its path parameters, gets
// every malformed input of robustness/inputs.ts. Every answer is below 500, malformed input is never
// a 2xx, every refusal is the section 7 envelope with a message, nothing unknown or deep is stored
// (every read afterwards answers), and the process still serves. Seeded: ROBUSTNESS_SEED=N replays.
import { afterAll, beforeAll, expect, test } from "vitest";
import type { RunningPlatform } from "../../simulators/platform/server.ts";
import { type Stack, startStack } from "../../simulators/stack.ts";
import { ErrorEnvelope } from "../../spec/errors.ts";
import { DEFAULT_PROFILE } from "../../spec/profile.ts";
import { type Answer, RawClient } from "./robustness/client.ts";
import {
  bodyProbes,
  fillPath,
  isPaged,
  MARKER,
  methodProbes,
  type Probe,
  pathProbes,
  queryProbes,
  type Route,
} from "./robustness/inputs.ts";
import { createResources, type Resources } from "./robustness/resources.ts";

const SEED = Number(process.env.ROBUSTNESS_SEED ?? 20_261_122);
const replay = `[seed ${SEED}; replay with ROBUSTNESS_SEED=${SEED}]`;
/** Requests in flight at once: enough to overlap, few enough for a shared 2-core machine. */
const CONCURRENCY = 4;

let stack: Stack;
let platform: RunningPlatform;
let client: RawClient;
let resources: Resources;

beforeAll(async () => {
  stack = await startStack();
  platform = stack.platforms[0]!;
  client = new RawClient(platform.url, stack.target.credentials.admin);
  resources = await createResources(stack, client);
});

afterAll(async () => {
  await client?.close();
  await stack?.close();
});

/** What is wrong with one answer, or undefined. */
function problemWith(probe: Probe, answer: Answer): string | undefined {
  if (answer.status >= 500) return `a ${answer.status}`;
  if (probe.mustRefuse && answer.status < 400) return `malformed input accepted with ${answer.status}`;
  if (answer.status >= 400) {
    let body: unknown;
    try {
      body = JSON.parse(answer.text);
    } catch {
      return `a ${answer.status} that is not JSON (${answer.contentType})`;
    }
    const envelope = ErrorEnvelope.safeParse(body);
    if (!envelope.success) return `a ${answer.status} outside the envelope`;
    if (envelope.data.detail.message.trim() === "") return `a ${answer.status} with an empty message`;
  }
  // A refusal may rightly name the field; an acceptance must not carry it.
  if (answer.status < 300 && answer.text.includes(MARKER)) return "the unknown field is read back";
  return undefined;
}

/** Sends every probe, CONCURRENCY at a time in order, and answers one line per problem. */
async function run(probes: Probe[]): Promise<string[]> {
  const problems: string[] = [];
  let next = 0;
  const worker = async () => {
    while (next < probes.length) {
      const probe = probes[next++]!;
      const where = `${probe.kind}: ${probe.method} ${probe.path.slice(0, 120)}`;
      try {
        const answer = await client.send(probe.method, probe.path, probe.payload);
        const problem = problemWith(probe, answer);
        if (problem !== undefined) problems.push(`${where} → ${problem}: ${answer.text.slice(0, 200)}`);
      } catch (error) {
        problems.push(`${where} → no answer: ${(error as Error).message}`);
      }
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  return problems;
}

function probesFor(route: Route, routes: readonly Route[]): Probe[] {
  const path = fillPath(route.url, (param) => resources.param(route.url, param));
  const context = {
    seed: SEED,
    bodyLimit: DEFAULT_PROFILE.max_body_bytes,
    validBody: resources.validBody(route.method, route.url),
  };
  // Methods are sent to a URL, not to one of its routes: once per URL is enough.
  const firstAtUrl = routes.find((r) => r.url === route.url) === route;
  const probes = [
    ...(firstAtUrl ? methodProbes(route, path, routes) : []),
    ...pathProbes(route),
    ...queryProbes(route, path),
    ...bodyProbes(route, path, context),
  ];
  // Refusals first: on a DELETE, the first input it accepts removes the row the rest were aimed at.
  return [...probes.filter((p) => p.mustRefuse), ...probes.filter((p) => !p.mustRefuse)];
}

/** Every stored row still serializes and nothing unknown was kept: every read answers 2xx without the marker. */
async function readEverything(routes: readonly Route[]): Promise<string[]> {
  const problems: string[] = [];
  for (const route of routes.filter((r) => r.method === "GET")) {
    const path = fillPath(route.url, (param) => resources.param(route.url, param));
    const answer = await client.send("GET", isPaged(route) ? `${path}?limit=200` : path);
    if (answer.status >= 300) problems.push(`read ${path} → ${answer.status}: ${answer.text.slice(0, 200)}`);
    if (answer.text.includes(MARKER)) problems.push(`read ${path} → an unknown field was stored`);
  }
  return problems;
}

test("every route refuses malformed input with a 4xx envelope, never a 5xx, and still serves", async () => {
  const routes = platform.routes;
  expect(routes.length, "the platform's routes").toBeGreaterThan(50);
  // DELETEs last: until then every row the paths name exists.
  const deletes = routes.filter((r) => r.method === "DELETE");
  const others = routes.filter((r) => r.method !== "DELETE");

  const problems = await run(others.flatMap((route) => probesFor(route, routes)));
  problems.push(...(await readEverything(routes)));
  problems.push(...(await run(deletes.flatMap((route) => probesFor(route, routes)))));
  // Refused by node's HTTP parser before any route: answered in the envelope all the same.
  const unparsed: Probe[] = [
    { kind: "a method HTTP does not know", method: "FOO", path: "/v1/agents", mustRefuse: true },
    {
      kind: "a URL over the header size limit",
      method: "GET",
      path: `/v1/agents/${"a".repeat(20_000)}`,
      mustRefuse: true,
    },
  ];
  problems.push(...(await run(unparsed)));

  for (const path of ["/health", "/v1/agents?limit=1", "/v1/tools?limit=1"]) {
    const answer = await client.send("GET", path);
    if (answer.status !== 200) problems.push(`still serving: GET ${path} → ${answer.status}`);
  }
  expect(problems, `${problems.length} problems ${replay}`).toEqual([]);
});
