// Suite files and the suite (area) each belongs to. A suite may have a background part,
// `<suite>.background.suite.ts`: checks that mostly wait (the 15 s keep-alive) and run beside the
// others instead of after them, so the spec's waits do not add up. In the published package they are
// compiled: `.suite.js` (package-info.ts, MODULE_EXT).
import { basename } from "node:path";
import { MODULE_EXT } from "./package-info.ts";

export const SUITE_FILE = new RegExp(`(?:\\.background)?\\.suite\\.${MODULE_EXT}$`);
export const SUITE_GLOB = `suites/**/*.suite.${MODULE_EXT}`;
export const BACKGROUND_GLOB = `suites/**/*.background.suite.${MODULE_EXT}`;
/** vitest's setup file for every suite file (runner/worker-setup.ts). */
export const WORKER_SETUP = `runner/worker-setup.${MODULE_EXT}`;

/** `suites/streams.background.suite.ts` and `suites/streams.suite.ts` are both suite `streams`. */
export function suiteOfFile(path: string): string {
  return basename(path).replace(SUITE_FILE, "");
}

const BACKGROUND_FILE = new RegExp(`\\.background\\.suite\\.${MODULE_EXT}$`);

/** The lane a suite file runs in: the background files beside the others (runner/launch.ts). */
export function laneOfFile(path: string): "main" | "background" {
  return BACKGROUND_FILE.test(path) ? "background" : "main";
}

/** A vitest file filter selecting every file of a suite (its main and background parts). */
export function suiteFilter(suite: string): string {
  return `suites/${suite}.`;
}
