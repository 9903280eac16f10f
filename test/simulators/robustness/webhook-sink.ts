// The webhook sink's matrix plan: one configured hook that already holds a delivery (so a wait on it
// answers at once). /hooks/{name} takes any method and any bytes and records them, so nothing sent
// there is malformed and what it records is read back by design; every refusal is the envelope.

import type { Simulators } from "../../../simulators/stack.ts";
import { HookConfigBody } from "../../../simulators/webhook-sink/schemas.ts";
import { SINK_BODY_LIMIT } from "../../../simulators/webhook-sink/server.ts";
import { created, RawClient } from "../../helpers/robustness/client.ts";
import { ENVELOPE } from "../../helpers/robustness/envelope.ts";
import { definePlan, type QueryCase, type RouteBody, type SimulatorPlan } from "./plan.ts";

const HOOK = "robust-hook";

const refused = (queries: string[]): QueryCase[] => queries.map((query) => ({ query, mustRefuse: true }));
const AFTER_SEQ = refused([
  "after_seq=-1",
  "after_seq=x",
  "after_seq=1.5",
  "after_seq=1&after_seq=2",
  "after_seq=1e400",
]);
const WAIT = refused([
  ...["count=0", "count=abc", "count=100001", "count=1.5", "timeout_ms=-1", "timeout_ms=30001", "timeout_ms=x"],
  ...["settled=maybe", "settled=", "settled=true&settled=false"],
]).map((q) => ({ ...q, query: `timeout_ms=0&${q.query}` }));

export async function webhookSinkPlan(sims: Simulators): Promise<SimulatorPlan> {
  const client = new RawClient(sims.target.simulators!.webhook_sink!);
  await created(client, "PUT", `/_admin/hooks/${HOOK}`, {});
  await created(client, "POST", `/hooks/${HOOK}`, { hello: "robust" });

  const bodies: Record<string, RouteBody> = {
    "* /hooks/:name": { kind: "any" },
    "PUT /_admin/hooks/:name": { kind: "json", schema: HookConfigBody, valid: { status: 200 } },
    "DELETE /_admin/hooks/:name": { kind: "none" },
    "POST /_admin/reset": { kind: "none" },
  };

  return definePlan({
    name: "webhook_sink",
    client,
    bodyLimit: SINK_BODY_LIMIT,
    param: (_url, param) => (param === "name" ? HOOK : undefined),
    bodies,
    verdict: (path) => ({ shape: ENVELOPE, echoes: path.includes("/hooks/") }),
    queries: (route) => {
      if (route.url.endsWith("/deliveries")) return AFTER_SEQ;
      if (route.url.endsWith("/wait")) return WAIT;
      return [];
    },
    readPath: (route, path) => (route.url.endsWith("/wait") ? `${path}?timeout_ms=0` : path),
    stillServing: ["/_admin/hooks", `/_admin/hooks/${HOOK}`],
  });
}
