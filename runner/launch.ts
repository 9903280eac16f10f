// Runs the vitest suites programmatically against a target file, one suite file at a time (they
// share one workspace on the server), and collects the checks.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { startVitest } from "vitest/node";
import { Collector } from "./collector.ts";
import { PACKAGE_ROOT, VITE_CACHE_DIR } from "./package-info.ts";
import { Progress } from "./progress.ts";
import { checkDeadlineMs, type RunSettings, titlesNaming, writeSettings } from "./protocol.ts";
import { BACKGROUND_GLOB, SUITE_FILE, SUITE_GLOB, suiteFilter, suiteOfFile, WORKER_SETUP } from "./suite-files.ts";

/** A suite worker's heap ceiling: several times what one needs, since what it reads is bounded (limits.ts). */
export const WORKER_HEAP_MB = 1024;

export interface SuiteRunOptions extends RunSettings {
  /** Only these suites (validated by the CLI against availableSuites()). */
  suites?: string[];
  /** Only the checks naming these clause ids. */
  clauses?: string[];
  /** Stop each vitest at its first failed check (a verdict is all a mutation run needs). */
  bail?: boolean;
  /** Where progress lines go; nothing is printed when absent. */
  print?: (line: string) => void;
  /** Collects the checks (one made by the caller can be read while the run goes on); a new one when absent. */
  collector?: Collector;
}

function suiteFiles(): string[] {
  return readdirSync(join(PACKAGE_ROOT, "suites")).filter((file) => SUITE_FILE.test(file));
}

export function availableSuites(): string[] {
  return [...new Set(suiteFiles().map(suiteOfFile))].sort();
}

/**
 * The suite files that can hold a check of these clauses: a check names its clause ids literally in its
 * file, so a file that never mentions one is not loaded (each loaded file costs about half a second).
 * When an id is written in no suite file (built from a table), every file is loaded.
 */
export function suitesNaming(ids: string[]): string[] | undefined {
  const sources = suiteFiles().map((file) => ({
    suite: suiteOfFile(file),
    text: readFileSync(join(PACKAGE_ROOT, "suites", file), "utf8"),
  }));
  if (ids.some((id) => !sources.some((s) => s.text.includes(`"${id}"`)))) return undefined;
  return [...new Set(sources.filter((s) => ids.some((id) => s.text.includes(`"${id}"`))).map((s) => s.suite))];
}

export async function runSuites(options: SuiteRunOptions): Promise<Collector> {
  const { suites, clauses, print, bail, collector = new Collector(), ...settings } = options;
  writeSettings(settings);
  const reporters = print === undefined ? [collector] : [collector, new Progress(print)];
  const selected = suites ?? (clauses?.length ? suitesNaming(clauses) : undefined);
  const filters = (selected ?? []).map(suiteFilter);
  const exitCode = process.exitCode;
  const vitestRun = (include: string, exclude: string[]) =>
    startVitest(
      "test",
      filters,
      {
        config: false,
        root: PACKAGE_ROOT,
        include: [include],
        exclude,
        setupFiles: [join(PACKAGE_ROOT, WORKER_SETUP)],
        watch: false,
        reporters,
        // Each suite file in a child process with a heap ceiling: a worker that runs out of memory (or crashes)
        // dies alone, and this process still writes the report, marked incomplete (collector.ts).
        pool: "forks",
        execArgv: [`--max-old-space-size=${WORKER_HEAP_MB}`],
        fileParallelism: false,
        maxWorkers: 1,
        testTimeout: checkDeadlineMs(settings.timeoutMs),
        hookTimeout: checkDeadlineMs(settings.timeoutMs),
        passWithNoTests: true,
        ...(bail === true ? { bail: 1 } : {}),
        ...(clauses?.length ? { testNamePattern: titlesNaming(clauses) } : {}),
      },
      { logLevel: "error", cacheDir: VITE_CACHE_DIR },
    );
  // Suite files share one workspace on the server, so they run one at a time; the background files
  // (checks that mostly wait, see suite-files.ts) run beside them in a second vitest of their own,
  // since vitest runs files of a single-worker project strictly one after another.
  const runs = await Promise.all([vitestRun(SUITE_GLOB, [BACKGROUND_GLOB]), vitestRun(BACKGROUND_GLOB, [])]);
  await Promise.all(runs.map((vitest) => vitest?.close()));
  // vitest marks the process failed on a failing test; the verdict is ours to give.
  process.exitCode = exitCode;
  if (runs.some((vitest) => vitest === undefined)) throw new Error("vitest could not start");
  return collector;
}
