// Whether this machine can run k6 at all: a K6_BIN, or a Go recent enough to build one. Tests that
// run k6 are skipped, with this message, only when neither is there; otherwise they build k6 if needed.
import { spawnSync } from "node:child_process";
import { goVersionOk, parseGoVersion } from "../../load/go-toolchain.ts";

const goVersion = parseGoVersion(spawnSync("go", ["version"], { encoding: "utf8" }).stdout ?? "");
/** Go >= 1.25 is on PATH: the k6 build and the extension's Go tests can run. */
export const GO_USABLE = goVersion !== undefined && goVersionOk(goVersion);
export const K6_RUNNABLE = Boolean(process.env.K6_BIN) || GO_USABLE;

export const SKIP_MESSAGE =
  "load tests skipped: neither Go >= 1.25 (to build k6 with k6/x/sse, `npm run load:build`) nor K6_BIN is available";

if (!K6_RUNNABLE) console.warn(SKIP_MESSAGE);

/** A cold k6 build downloads k6's modules and compiles them: minutes on a small machine. */
export const BUILD_TIMEOUT_MS = 20 * 60_000;
