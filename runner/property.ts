// property(): a fast-check property run as a check. The seed derives from the run seed and the
// check name, so `--seed S` replays every property exactly, whatever ran before it.
import { createHash } from "node:crypto";
import fc from "fast-check";
import { type CheckOptions, CheckSkipped, check, PropertyFailure } from "./check.ts";
import { runConfig } from "./run-config.ts";

export function propertySeed(runSeed: number, name: string): number {
  return createHash("sha256").update(`${runSeed}:${name}`).digest().readInt32BE(0);
}

export interface PropertyOptions extends CheckOptions {
  /** Overrides --num-runs for properties whose runs are expensive (each run is many requests). */
  numRuns?: number;
}

export function property<Ts extends [unknown, ...unknown[]]>(
  name: string,
  clauses: string[],
  arbitraries: { [K in keyof Ts]: fc.Arbitrary<Ts[K]> },
  predicate: (...args: Ts) => Promise<void>,
  options: PropertyOptions = {},
): void {
  check(
    name,
    clauses,
    async () => {
      const config = runConfig();
      const seed = propertySeed(config.seed, name);
      const numRuns = Math.min(options.numRuns ?? config.numRuns, config.numRuns);
      const details = await fc.check(fc.asyncProperty(...arbitraries, predicate), {
        seed,
        numRuns,
        endOnFailure: !config.shrink,
      });
      if (!details.failed) return;
      const error = details.errorInstance;
      if (error instanceof CheckSkipped) throw error;
      const reason = error instanceof Error ? error.message : String(error);
      throw new PropertyFailure(
        `property failed after ${details.numRuns} run(s) and ${details.numShrinks} shrink(s)\n` +
          `counterexample: ${fc.stringify(details.counterexample)}\n${reason}\n` +
          `(fast-check seed ${details.seed}, path ${details.counterexamplePath ?? "-"})`,
        details.seed,
        details.counterexamplePath,
        error,
      );
    },
    options,
  );
}
