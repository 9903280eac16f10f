// Every probe one simulator route gets: the shared methods, paths, odd queries and JSON bodies, then
// what its plan adds (its own queries, form or multipart bodies).
import { jsonBodyProbes } from "../../helpers/robustness/json-bodies.ts";
import { methodProbes, pathProbes } from "../../helpers/robustness/paths.ts";
import { fillPath, type Probe, type Route, refusalsFirst } from "../../helpers/robustness/probe.ts";
import { oddQueryProbes } from "../../helpers/robustness/queries.ts";
import { SEED } from "../../helpers/robustness/seed.ts";
import { formBodyProbes } from "./form-bodies.ts";
import type { SimulatorPlan } from "./plan.ts";

export function filledPath(plan: SimulatorPlan, route: Route): string {
  return fillPath(route.url, (param) => plan.param(route.url, param));
}

function bodyProbes(plan: SimulatorPlan, route: Route, path: string): Probe[] {
  const body = plan.body(route);
  const common = { seed: SEED, bodyLimit: plan.bodyLimit };
  switch (body.kind) {
    case "form":
      return formBodyProbes(route, path, { ...common, valid: body.valid, invalid: body.invalid });
    case "json":
      return jsonBodyProbes(route, path, { ...common, validBody: body.valid, schema: body.schema });
    case "any":
      return jsonBodyProbes(route, path, { ...common, validBody: undefined, schema: undefined, refuses: false });
    case "none":
    case "multipart":
      return jsonBodyProbes(route, path, { ...common, validBody: undefined, schema: undefined });
  }
}

export function probesFor(plan: SimulatorPlan, route: Route, routes: readonly Route[]): Probe[] {
  const path = filledPath(plan, route);
  // Methods are sent to a URL, not to one of its routes: once per URL is enough.
  const firstAtUrl = routes.find((r) => r.url === route.url) === route;
  const queries = route.method === "GET" ? plan.queries(route) : [];
  return refusalsFirst([
    ...(firstAtUrl ? methodProbes(route, path, routes) : []),
    ...pathProbes(route),
    ...oddQueryProbes(route, path),
    ...queries.map(({ query, mustRefuse }) => ({
      kind: `query ${query}`,
      method: route.method,
      path: `${path}?${query}`,
      mustRefuse,
    })),
    ...bodyProbes(plan, route, path),
    ...plan.extraProbes(route, path),
  ]);
}
