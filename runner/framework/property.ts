// property(): a fast-check property run as a check. The seed derives from the run seed and the
// check name, so `--seed S` replays every property exactly, whatever ran before it.
import { createHash } from "node:crypto";
import fc from "fast-check";
import { runConfig } from "../client/run-config.ts";
import { type CheckOptions, check, isSkip, PropertyFailure } from "./check.ts";

export function propertySeed(runSeed: number, name: string): number {
  return createHash("sha256").update(`${runSeed}:${name}`).digest().readInt32BE(0);
}

export interface PropertyOptions<Ts extends unknown[] = unknown[]> extends CheckOptions {
  /** Overrides --num-runs for properties whose runs are expensive (each run is many requests). */
  numRuns?: number;
  /**
   * Given the values every run will take (valuesOfRuns), before the first run: a property whose runs each ask
   * the target one question asks them all side by side here, so its time is a few round trips rather than one
   * per run (issue 16). The runs still judge.
   */
  ahead?: (runs: Ts[]) => Promise<void>;
  /** Values the first runs take, before generated ones (fast-check's examples, counted in numRuns): cases a
   * few generated runs may miss and a check must always try. */
  examples?: Ts[];
}

export function property<Ts extends [unknown, ...unknown[]]>(
  name: string,
  clauses: string[],
  arbitraries: { [K in keyof Ts]: fc.Arbitrary<Ts[K]> },
  predicate: (...args: Ts) => Promise<void>,
  options: PropertyOptions<Ts> = {},
): void {
  const { ahead, examples = [], ...checkOptions } = options;
  check(
    name,
    clauses,
    async () => {
      const config = runConfig();
      const seed = propertySeed(config.seed, name);
      const numRuns = Math.min(options.numRuns ?? config.numRuns, config.numRuns);
      if (ahead !== undefined) await ahead(await valuesOfRuns(arbitraries, seed, numRuns, examples));
      // A skip ends the property: fast-check would shrink it as a failure, running (and waiting) again for nothing.
      let skipped: Error | undefined;
      const guarded = async (...args: Ts): Promise<void> => {
        if (skipped !== undefined) throw skipped;
        try {
          await predicate(...args);
        } catch (error) {
          if (isSkip(error)) skipped = error;
          throw error;
        }
      };
      const details = await fc.check(fc.asyncProperty(...arbitraries, guarded), {
        seed,
        numRuns,
        examples,
        endOnFailure: !config.shrink,
      });
      if (!details.failed) return;
      const error = details.errorInstance;
      if (isSkip(error)) throw error;
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
    checkOptions,
  );
}

/**
 * The values the runs of a property over `arbitraries` take with this seed, in order: a check of the same
 * property that records them (generation depends on the seed and the run's index alone, never on the
 * predicate; fc.sample's values differ from fc.check's on biased runs, so it cannot stand in).
 */
export async function valuesOfRuns<Ts extends [unknown, ...unknown[]]>(
  arbitraries: { [K in keyof Ts]: fc.Arbitrary<Ts[K]> },
  seed: number,
  numRuns: number,
  examples: Ts[] = [],
): Promise<Ts[]> {
  const runs: Ts[] = [];
  await fc.check(
    fc.asyncProperty(...arbitraries, async (...values: Ts) => {
      runs.push(values);
    }),
    { seed, numRuns, examples },
  );
  return runs;
}
