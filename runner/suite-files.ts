// Suite files and the suite (area) each belongs to. A suite may have a background part,
// `<suite>.background.suite.ts`: checks that mostly wait (the 15 s keep-alive) and run beside the
// others instead of after them, so the spec's waits do not add up.
import { basename } from "node:path";

export const SUITE_FILE = /(?:\.background)?\.suite\.ts$/;
export const BACKGROUND_GLOB = "suites/**/*.background.suite.ts";

/** `suites/streams.background.suite.ts` and `suites/streams.suite.ts` are both suite `streams`. */
export function suiteOfFile(path: string): string {
  return basename(path).replace(SUITE_FILE, "");
}

/** A vitest file filter selecting every file of a suite (its main and background parts). */
export function suiteFilter(suite: string): string {
  return `suites/${suite}.`;
}
