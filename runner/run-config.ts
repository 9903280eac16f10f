// What the CLI hands to the suites (in the vitest workers) through the environment.
import { readFileSync } from "node:fs";
import { Target } from "../spec/target.ts";

export interface RunConfig {
  target: Target;
  seed: number;
  numRuns: number;
  timeoutMs: number;
  /** Every resource a run creates carries this prefix, so leftovers can be swept. */
  prefix: string;
  /** The command line that replays this run, without --clause/--seed (added per failure). */
  replayBase: string;
  /** Shrink failing properties to a minimal counterexample (off for a fast verdict). */
  shrink: boolean;
}

let cached: RunConfig | undefined;

export function runConfig(): RunConfig {
  if (cached !== undefined) return cached;
  const file = process.env.CAP_TARGET_FILE;
  if (file === undefined) throw new Error("CAP_TARGET_FILE is not set: suites run through `cap-conformance run`");
  cached = {
    target: Target.parse(JSON.parse(readFileSync(file, "utf8"))),
    seed: Number(process.env.CAP_SEED ?? 42),
    numRuns: Number(process.env.CAP_NUM_RUNS ?? 50),
    timeoutMs: Number(process.env.CAP_TIMEOUT_MS ?? 10_000),
    prefix: process.env.CAP_RUN_PREFIX ?? "capct-",
    replayBase: process.env.CAP_REPLAY_BASE ?? "npx cap-conformance run",
    shrink: process.env.CAP_SHRINK !== "0",
  };
  return cached;
}
