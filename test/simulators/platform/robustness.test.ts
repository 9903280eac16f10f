// The reference platform cannot be crashed: every route it registers (read from the platform, so a new
// one is covered; SSE and test-control routes included), with real rows behind its path parameters, gets
// every malformed input of test/helpers/robustness. Every answer is below 500, malformed input is never
// a 2xx, every refusal is the section 7 envelope with a message, nothing unknown or deep is stored
// (every read afterwards answers), and the process still serves. Seeded: ROBUSTNESS_SEED=N replays.
import { afterAll, beforeAll, expect, test } from "vitest";
import type { RunningPlatform } from "../../../simulators/platform/server.ts";
import { type Stack, startStack } from "../../../simulators/stack.ts";
import { DEFAULT_PROFILE } from "../../../spec/profile.ts";
import { RawClient } from "../../helpers/robustness/client.ts";
import { ENVELOPE } from "../../helpers/robustness/envelope.ts";
import { jsonBodyProbes } from "../../helpers/robustness/json-bodies.ts";
import { methodProbes, pathProbes } from "../../helpers/robustness/paths.ts";
import { fillPath, MARKER, type Probe, type Route, refusalsFirst } from "../../helpers/robustness/probe.ts";
import { runProbes } from "../../helpers/robustness/run.ts";
import { replay, SEED } from "../../helpers/robustness/seed.ts";
import { bodySchemaOf, isPaged, queryProbes } from "./robustness/inputs.ts";
import { createResources, type Resources } from "./robustness/resources.ts";

let stack: Stack;
let platform: RunningPlatform;
let client: RawClient;
let resources: Resources;

beforeAll(async () => {
  stack = await startStack();
  platform = stack.platforms[0]!;
  client = new RawClient(platform.url, { authorization: `Bearer ${stack.target.credentials.admin}` });
  resources = await createResources(stack, client);
});

afterAll(async () => {
  await client?.close();
  await stack?.close();
});

const run = (probes: Probe[]) => runProbes(client, probes, () => ({ shape: ENVELOPE }));

function probesFor(route: Route, routes: readonly Route[]): Probe[] {
  const path = fillPath(route.url, (param) => resources.param(route.url, param));
  const context = {
    seed: SEED,
    bodyLimit: DEFAULT_PROFILE.max_body_bytes,
    validBody: resources.validBody(route.method, route.url),
    schema: bodySchemaOf(route),
  };
  // Methods are sent to a URL, not to one of its routes: once per URL is enough.
  const firstAtUrl = routes.find((r) => r.url === route.url) === route;
  return refusalsFirst([
    ...(firstAtUrl ? methodProbes(route, path, routes) : []),
    ...pathProbes(route),
    ...queryProbes(route, path),
    ...jsonBodyProbes(route, path, context),
  ]);
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

// Thousands of probes, one after another: 16 s alone, 20 s beside CI's matrices.
test("every route refuses malformed input with a 4xx envelope, never a 5xx, and still serves", {
  timeout: 120_000,
}, async () => {
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
