// No simulator can be crashed: every route each one registers (read from the simulator, so a new one is
// covered), with real ids behind its path parameters, gets the malformed inputs of test/helpers/robustness
// plus its own (Twilio forms, OpenAI uploads, bad queries). Every answer is below 500, malformed input is
// never a 2xx, every refusal is its route family's error shape with a message (the spec's envelope; Twilio's
// on the carrier's /2010-04-01, OpenAI's on the provider's /v1), nothing unknown is kept, every read still
// answers and the simulator still serves. No fault is injected. Seeded: ROBUSTNESS_SEED=N replays. The
// carrier and the provider meet the same matrix again behind two front workers (`simulate --workers 2`).
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { type SimulatorName, type Simulators, startSimulators } from "../../simulators/stack.ts";
import { ENVELOPE } from "../helpers/robustness/envelope.ts";
import { POLLUTED } from "../helpers/robustness/json-bodies.ts";
import { MARKER, type Probe, type Route } from "../helpers/robustness/probe.ts";
import { runProbes } from "../helpers/robustness/run.ts";
import { replay } from "../helpers/robustness/seed.ts";
import { carrierPlan } from "./robustness/carrier.ts";
import { controlPlanePlan } from "./robustness/control-plane.ts";
import type { SimulatorPlan } from "./robustness/plan.ts";
import { filledPath, probesFor } from "./robustness/probes.ts";
import { providerPlan } from "./robustness/provider.ts";
import { webhookSinkPlan } from "./robustness/webhook-sink.ts";
import { websitePlan } from "./robustness/website.ts";

const PLANS: Record<SimulatorName, (sims: Simulators) => Promise<SimulatorPlan>> = {
  control_plane: controlPlanePlan,
  carrier: carrierPlan,
  provider: providerPlan,
  webhook_sink: webhookSinkPlan,
  website: websitePlan,
};

let sims: Simulators;
/** The carrier and the provider behind two front workers each (`simulate --workers 2`): the same matrix through them. */
let fronted: Simulators;

beforeAll(async () => {
  [sims, fronted] = await Promise.all([startSimulators(), startSimulators(60_000, { workers: 2 })]);
});

afterAll(async () => {
  await Promise.all([sims?.close(), fronted?.close()]);
});

/** Every GET still answers 2xx afterwards, and (unless it shows what it recorded) without the marker. */
async function readEverything(plan: SimulatorPlan, routes: readonly Route[]): Promise<string[]> {
  const problems: string[] = [];
  for (const route of routes.filter((r) => r.method === "GET")) {
    const path = plan.readPath(route, filledPath(plan, route));
    const answer = await plan.client.send("GET", path);
    if (answer.status >= 300) problems.push(`read ${path} → ${answer.status}: ${answer.text.slice(0, 200)}`);
    if (!plan.verdict(path).echoes && answer.text.includes(MARKER))
      problems.push(`read ${path} → an unknown field was kept`);
  }
  return problems;
}

/** Refused by node's HTTP parser before any route: the envelope all the same. */
const unparsed: Probe[] = [
  { kind: "a method HTTP does not know", method: "FOO", path: "/_admin/x", mustRefuse: true },
  { kind: "a URL over the header size limit", method: "GET", path: `/_admin/${"a".repeat(20_000)}`, mustRefuse: true },
];

const FRONTED: readonly SimulatorName[] = ["carrier", "provider"];

describe("simulator robustness", () => {
  const cases = [
    ...(Object.keys(PLANS) as SimulatorName[]).map((name) => ({ name, title: name, stack: () => sims })),
    ...FRONTED.map((name) => ({ name, title: `${name} behind front workers`, stack: () => fronted })),
  ];
  for (const { name, title, stack } of cases) {
    const planFor = PLANS[name];
    test(`${title}: every route refuses malformed input in its family's error shape, never a 5xx, and still serves`, async () => {
      const sims = stack();
      const plan = await planFor(sims);
      try {
        const routes = sims.routes[name];
        expect(routes.length, `${name}'s routes`).toBeGreaterThan(0);
        const run = (probes: Probe[]) => runProbes(plan.client, probes, (probe) => plan.verdict(probe.path));
        const undoing = routes.filter((r) => plan.undoes(r));
        const others = routes.filter((r) => !plan.undoes(r));

        const problems = await run(others.flatMap((route) => probesFor(plan, route, routes)));
        problems.push(...(await readEverything(plan, routes)));
        problems.push(...(await run(undoing.flatMap((route) => probesFor(plan, route, routes)))));
        problems.push(...(await runProbes(plan.client, unparsed, () => ({ shape: ENVELOPE }))));
        // The simulators run in this process: a body that reached Object.prototype would show here.
        if (POLLUTED in {}) problems.push("a body's __proto__ reached Object.prototype");
        for (const path of plan.stillServing) {
          const answer = await plan.client.send("GET", path);
          if (answer.status !== 200) problems.push(`still serving: GET ${path} → ${answer.status}`);
        }
        expect(problems, `${problems.length} problems ${replay}`).toEqual([]);
      } finally {
        await plan.client.close();
      }
    });
  }
});
