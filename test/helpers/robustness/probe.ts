// One malformed request of a robustness matrix, and the route it is aimed at.
import type { RegisteredRoute } from "../../../simulators/shared/route-table.ts";
import type { Payload } from "./client.ts";

export type Route = RegisteredRoute;

export interface Probe {
  kind: string;
  method: string;
  path: string;
  payload?: Payload;
  /** Headers in place of the client's own (a malformed credential). */
  headers?: Record<string, string>;
  /** True when the input is malformed whatever the route does with it, so a 2xx is a defect. */
  mustRefuse: boolean;
}

/** The top-level field the "unknown fields" input adds; it must never be stored or read back. */
export const MARKER = "zz_robustness_unknown_field";

/** The route's path with each parameter (and a trailing wildcard) filled by `fill`. */
export function fillPath(url: string, fill: (param: string) => string): string {
  return url.replace(/:(\w+)/g, (_match, param: string) => fill(param)).replace(/\*$/, () => fill("*"));
}

/** fastify reads no body on GET, HEAD or TRACE, so a body sent there is ignored, not refused. */
export const readsBody = (method: string) => !["GET", "HEAD", "TRACE"].includes(method);

/** Refusals first: on a DELETE or a reset, the first input accepted removes what the rest were aimed at. */
export const refusalsFirst = (probes: Probe[]): Probe[] => [
  ...probes.filter((p) => p.mustRefuse),
  ...probes.filter((p) => !p.mustRefuse),
];
