// Whether this machine can run k6 at all: a K6_BIN, or Go to build one. Tests that run k6 are
// skipped, with this message, only when neither is there; otherwise they build k6 if needed.
import { spawnSync } from "node:child_process";

export const K6_RUNNABLE = Boolean(process.env.K6_BIN) || spawnSync("go", ["version"]).status === 0;

export const SKIP_MESSAGE =
  "load tests skipped: neither Go (to build k6 with k6/x/sse, `npm run load:build`) nor K6_BIN is available";

if (!K6_RUNNABLE) console.warn(SKIP_MESSAGE);

/** A cold k6 build downloads k6's modules and compiles them: minutes on a small machine. */
export const BUILD_TIMEOUT_MS = 20 * 60_000;
