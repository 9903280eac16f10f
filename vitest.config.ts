// The project's own tests (npm test). The conformance suites under suites/ are run by the CLI, not here.
import { defineConfig } from "vitest/config";
import { operationPaths } from "./spec/operations.ts";

export default defineConfig({
  cacheDir: ".cache/vitest",
  // What load/bundle.ts puts in a k6 bundle, so tests can import the scenarios' modules as k6 runs them.
  define: { __CAP_OPERATION_PATHS__: JSON.stringify(operationPaths()) },
  test: {
    include: ["test/**/*.test.ts"],
    pool: "forks",
    testTimeout: 20_000,
    hookTimeout: 60_000,
  },
});
