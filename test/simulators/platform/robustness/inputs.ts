// What the platform's matrix adds to the shared inputs (test/helpers/robustness): each route's body
// schema and paging, read from the OpenAPI operations, and the bad paging queries (2.1, 8).
import type { z } from "zod";
import { OPENAPI_OPERATIONS } from "../../../../spec/openapi.ts";
import type { Probe, Route } from "../../../helpers/robustness/probe.ts";

const openApiPath = (url: string) => url.replace(/:(\w+)/g, "{$1}");
const operationOf = (route: Route) =>
  OPENAPI_OPERATIONS.find((op) => op.method.toUpperCase() === route.method && op.path === openApiPath(route.url));

/** The body the route's operation names; undefined when it names none. */
export const bodySchemaOf = (route: Route): z.ZodType | undefined => operationOf(route)?.body;

/** A paged list (2.1, 8): a bad limit or offset there is a 422. */
export function isPaged(route: Route): boolean {
  const op = operationOf(route);
  return op?.paged !== undefined || (op?.query !== undefined && "limit" in op.query.shape);
}

const BAD_PAGING = [
  "limit=0",
  "limit=-1",
  "limit=501",
  "limit=abc",
  "limit=1.5",
  "limit=",
  "limit=%00",
  "limit=1&limit=2",
  "limit=99999999999999999999",
  "offset=-1",
  "offset=x",
  "offset=1.5",
];

/** A list that is not paged may ignore paging parameters; two bad ones show it does not fail on them. */
const IGNORED_PAGING = ["limit=abc", "offset=-1"];

export function queryProbes(route: Route, path: string): Probe[] {
  if (route.method !== "GET") return [];
  const paged = isPaged(route);
  return (paged ? BAD_PAGING : IGNORED_PAGING).map((query) => ({
    kind: `query ${query}`,
    method: route.method,
    path: `${path}?${query}`,
    mustRefuse: paged,
  }));
}
