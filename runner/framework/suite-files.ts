// Suite files and the suite (area) each belongs to. A suite may have a background part,
// `<suite>.background.suite.ts`: checks that mostly wait (the 15 s keep-alive) and run beside both
// lanes from the start instead of in them, so the spec's waits do not add up. In the published package they are
// compiled: `.suite.js` (package-info.ts, MODULE_EXT).
import { basename } from "node:path";
import type { SuiteTraffic } from "../../spec/report.ts";
import { workerLane } from "../contract.ts";
import { MODULE_EXT } from "./package-info.ts";

export const SUITE_FILE = new RegExp(`(?:\\.background)?\\.suite\\.${MODULE_EXT}$`);
export const SUITE_GLOB = `suites/**/*.suite.${MODULE_EXT}`;
export const BACKGROUND_FILE = new RegExp(`\\.background\\.suite\\.${MODULE_EXT}$`);
/** vitest's setup file for every suite file (runner/orchestration/worker-setup.ts). */
export const WORKER_SETUP = `runner/orchestration/worker-setup.${MODULE_EXT}`;
/** vitest's first setup file for every suite file of a run: fresh modules per file (runner/orchestration/fresh-modules.ts). */
export const FRESH_MODULES = `runner/orchestration/fresh-modules.${MODULE_EXT}`;

/** `suites/streams.background.suite.ts` and `suites/streams.suite.ts` are both suite `streams`. */
export function suiteOfFile(path: string): string {
  return basename(path).replace(SUITE_FILE, "");
}

/** The lane a suite file runs in, in this worker: the background files beside the others, or the worker's lane. */
export function laneOfFile(path: string): SuiteTraffic["lane"] {
  return BACKGROUND_FILE.test(path) ? "background" : (workerLane() ?? "shared");
}
