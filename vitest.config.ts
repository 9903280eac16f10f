// The project's own tests (npm test). The conformance suites under suites/ are run by the CLI, not here.
import { configDefaults, defineConfig } from "vitest/config";
import { operationPaths } from "./spec/operations.ts";

/**
 * The files that spend the most CPU time: the matrices and the peer oracle, each of which starts many full or
 * narrowed runs (the kill and variant matrices three at a time). npm test runs this project and the other
 * side by side, each one file at a time (scripts/test-lanes.ts): on a 2-core machine one worker (vitest's
 * default there) left about a third of the CPU idle while a file waited on its target, and two workers on one
 * queue would put two matrices side by side.
 */
const HEAVY = [
  "test/cli/kill-matrix.test.ts",
  "test/cli/variant-matrix.test.ts",
  "test/cli/hostile-matrix.test.ts",
  "test/spec/openapi-schemathesis.test.ts",
];

export default defineConfig({
  cacheDir: ".cache/vitest",
  // What load/bundle.ts puts in a k6 bundle, so tests can import the scenarios' modules as k6 runs them.
  define: { __CAP_OPERATION_PATHS__: JSON.stringify(operationPaths()) },
  test: {
    pool: "forks",
    // A bound for a hung test, not a speed target (bench/ measures speed): CI runs the matrices beside
    // every other file on 2 cores, where a 16 s test has taken 20 s.
    testTimeout: 60_000,
    hookTimeout: 60_000,
    projects: [
      { extends: true, test: { name: "heavy", include: HEAVY, maxWorkers: 1 } },
      {
        extends: true,
        test: {
          name: "other",
          include: ["test/**/*.test.ts"],
          exclude: [...configDefaults.exclude, ...HEAVY],
          maxWorkers: 1,
        },
      },
    ],
  },
});
