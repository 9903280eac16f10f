// Every hostile behaviour the reference platform can be started with (`serve --hostile NAME`), one module per
// kind; the hostile matrix (test/cli/hostile-matrix.test.ts) runs each.
import type { FastifyInstance } from "fastify";
import { bodiesHostile } from "./bodies.ts";
import { connectionsHostile } from "./connections.ts";
import type { HostileSpec } from "./hostile.ts";
import { streamsHostile } from "./streams.ts";

export const HOSTILE = {
  ...bodiesHostile,
  ...streamsHostile,
  ...connectionsHostile,
} as const satisfies Record<string, HostileSpec>;
export type HostileName = keyof typeof HOSTILE;

export function isHostileName(name: string): name is HostileName {
  return Object.hasOwn(HOSTILE, name);
}

/** Installs the named behaviours, in the order given, on a platform instance before its routes. */
export function installHostile(app: FastifyInstance, names: readonly HostileName[]): void {
  for (const name of names) HOSTILE[name].install(app);
}
