// What the simulators' matrix needs to know of one simulator beyond its route table: real values for its
// path parameters, what each writing route reads as a body, which error shape each path answers in, its
// queries, and which routes undo the setup (they run last). definePlan fills in what most plans share.
import type { z } from "zod";
import { DEFAULT_BODY_LIMIT } from "../../../simulators/shared/server.ts";
import type { SimulatorName } from "../../../simulators/stack.ts";
import type { RawClient } from "../../helpers/robustness/client.ts";
import { ENVELOPE } from "../../helpers/robustness/envelope.ts";
import type { Verdict } from "../../helpers/robustness/judge.ts";
import type { Probe, Route } from "../../helpers/robustness/probe.ts";

/** What a route reads as its body. */
export type RouteBody =
  | { kind: "none" }
  /** A JSON body checked by `schema`; `valid` is one it accepts. */
  | { kind: "json"; schema: z.ZodType; valid: Record<string, unknown> }
  /** Twilio's form parameters: `valid` is accepted, each of `invalid`'s values is refused in place of its name. */
  | { kind: "form"; valid: Record<string, string>; invalid: Record<string, readonly string[]> }
  /** Any bytes under any Content-Type, recorded as they came (a webhook receiver). */
  | { kind: "any" }
  /** multipart/form-data, built by the plan's extra probes. */
  | { kind: "multipart" };

/** A query and whether the route must refuse it. */
export interface QueryCase {
  query: string;
  mustRefuse: boolean;
}

export interface SimulatorPlan {
  name: SimulatorName;
  /** Carries the credential the simulator's imitated API expects, if any. */
  client: RawClient;
  bodyLimit: number;
  /** Throws for a parameter the plan has no value for: a new route must say what it names. */
  param(url: string, param: string): string;
  /** Throws for a writing route the plan does not know: a new route must say what it reads. */
  body(route: Route): RouteBody;
  verdict(path: string): Verdict;
  /** Bad or odd queries for a GET route, beyond the shared odd ones. */
  queries(route: Route): readonly QueryCase[];
  /** The path a GET route is read at afterwards (a long-poll with its timeout at zero). */
  readPath(route: Route, path: string): string;
  /** Routes that undo what the paths name (deletes, resets): probed after everything else. */
  undoes(route: Route): boolean;
  /** Route-specific probes (multipart uploads, malformed credentials). */
  extraProbes(route: Route, path: string): Probe[];
  /** GETs that must still answer 2xx at the end. */
  stillServing: readonly string[];
}

export interface PlanInput extends Partial<Omit<SimulatorPlan, "param" | "body">> {
  name: SimulatorName;
  client: RawClient;
  stillServing: readonly string[];
  /** A path parameter's value, or undefined when the plan has none. */
  param(url: string, param: string): string | undefined;
  /** By `METHOD url`, or `* url` for every method; a GET not listed reads no body. */
  bodies: Record<string, RouteBody>;
}

export function definePlan(input: PlanInput): SimulatorPlan {
  const { param, bodies, ...rest } = input;
  return {
    bodyLimit: DEFAULT_BODY_LIMIT,
    verdict: () => ({ shape: ENVELOPE }),
    queries: () => [],
    readPath: (_route, path) => path,
    undoes: (route) => route.method === "DELETE" || route.url === "/_admin/reset",
    extraProbes: () => [],
    ...rest,
    param(url, name) {
      const value = param(url, name);
      if (value === undefined) throw new Error(`no value for path parameter ${name} of ${url}: add one to its plan`);
      return value;
    },
    body(route) {
      const body = bodies[`${route.method} ${route.url}`] ?? bodies[`* ${route.url}`];
      if (body !== undefined) return body;
      if (route.method === "GET") return { kind: "none" };
      throw new Error(`no body for ${route.method} ${route.url}: add one to its plan`);
    },
  };
}
