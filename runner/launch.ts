// Runs the vitest suites programmatically against a target file and collects the checks. Suite files share
// one workspace on the server, so what runs beside what is decided here
// (ARCHITECTURE.md, "What runs concurrently"): the shared lane's files side by side, then the exclusive
// lane's one at a time, alone.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { startVitest } from "vitest/node";
import { Collector } from "./collector.ts";
import { lanesOf } from "./exclusive.ts";
import { startInFlightBroker } from "./in-flight.ts";
import { COMPILE_CACHE_DIR, PACKAGE_ROOT, VITE_CACHE_DIR } from "./package-info.ts";
import { Progress } from "./progress.ts";
import { checkDeadlineMs, type Lane, laneEnv, type RunSettings, titlesNaming, writeSettings } from "./protocol.ts";
import { BACKGROUND_FILE, FRESH_MODULES, SUITE_FILE, suiteOfFile, WORKER_SETUP } from "./suite-files.ts";

/**
 * Suite files of the shared lane running at once. Checks mostly wait (on the target, on simulated time), so
 * more files than cores; each one more is a worker process loading the harness's dependencies again.
 */
const SHARED_WORKERS = 4;

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

/** The suite files (paths under the package root) each lane runs; background files are in neither. */
function filesByLane(): Record<Lane, string[]> {
  const lanes: Record<Lane, string[]> = { shared: [], exclusive: [] };
  for (const file of suiteFiles().filter((name) => !BACKGROUND_FILE.test(name))) {
    const path = `suites/${file}`;
    for (const lane of lanesOf(readFileSync(join(PACKAGE_ROOT, path), "utf8"))) lanes[lane].push(path);
  }
  return lanes;
}

export function availableSuites(): string[] {
  return [...new Set(suiteFiles().map(suiteOfFile))].sort();
}

/**
 * The suite files (paths under the package root) a run loads: those of the chosen suites, and of those the
 * ones that can hold a check of the chosen clauses. A check names its clause ids literally in its file, so a
 * file that never mentions one is not loaded (each loaded file is a worker's start, about a CPU-second).
 * When an id is written in no suite file (built from a table), no file is left out for it. Undefined: all.
 */
export function selectedFiles(suites?: string[], clauses?: string[]): Set<string> | undefined {
  let files = suiteFiles().map((file) => `suites/${file}`);
  if (suites !== undefined) files = files.filter((path) => suites.includes(suiteOfFile(path)));
  if (clauses?.length) {
    const all = suiteFiles().map((file) => `suites/${file}`);
    const texts = new Map(all.map((path) => [path, readFileSync(join(PACKAGE_ROOT, path), "utf8")]));
    const names = (path: string, id: string) => texts.get(path)!.includes(`"${id}"`);
    const allLiteral = clauses.every((id) => all.some((path) => names(path, id)));
    if (allLiteral) files = files.filter((path) => clauses.some((id) => names(path, id)));
  }
  return suites === undefined && !clauses?.length ? undefined : new Set(files);
}

/** The harness's own compiled or source modules (runner, suites, spec, simulators), wherever it is installed. */
const HARNESS_MODULES = new RegExp(`^${PACKAGE_ROOT.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}(?!node_modules/)`);

export async function runSuites(options: SuiteRunOptions): Promise<Collector> {
  const { suites, clauses, print, bail, collector = new Collector(), ...settings } = options;
  // Before any worker starts: they ask it for a slot of the bound on requests in flight.
  const broker = await startInFlightBroker(settings.maxInFlight);
  writeSettings({ ...settings, inFlightBroker: broker.address });
  const reporters = print === undefined ? [collector] : [collector, new Progress(print)];
  const selected = selectedFiles(suites, clauses);
  const chosen = (files: string[]) => (selected === undefined ? files : files.filter((path) => selected.has(path)));
  const lanes = filesByLane();
  const background = chosen(
    suiteFiles()
      .filter((name) => BACKGROUND_FILE.test(name))
      .map((name) => `suites/${name}`),
  );
  const exitCode = process.exitCode;
  const timeout = checkDeadlineMs(settings.timeoutMs);
  // A project (a lane) is given every option a file's run needs: inline projects inherit nothing from the
  // inline root options.
  const lane = (name: Lane, files: string[], maxWorkers: number, groupOrder: number) => ({
    test: {
      name,
      include: files,
      // Each worker compiles the harness's dependencies (undici, zod, vitest...): Node's compile cache keeps
      // the compiled code between workers and between runs.
      env: { ...laneEnv(name), NODE_COMPILE_CACHE: COMPILE_CACHE_DIR },
      setupFiles: [join(PACKAGE_ROOT, FRESH_MODULES), join(PACKAGE_ROOT, WORKER_SETUP)],
      // Suite files in child processes with a heap ceiling: a worker that runs out of memory (or crashes) dies
      // alone, and this process still writes the report, marked incomplete (collector.ts).
      pool: "forks" as const,
      execArgv: [`--max-old-space-size=${WORKER_HEAP_MB}`],
      // A worker runs file after file with its dependencies loaded once; each file still gets fresh
      // instances of the harness's own modules (fresh-modules.ts).
      isolate: false,
      // Installed from npm the harness sits under node_modules, which vitest hands to Node untouched, out of
      // reach of vi.resetModules: one file's cached agent then reached the next file after its cleanup had
      // deleted it. Its own modules go through vitest wherever they are installed.
      server: { deps: { inline: [HARNESS_MODULES] } },
      maxWorkers,
      // Check groups of one file at once (check-group.ts): as many as requests may be in flight.
      maxConcurrency: settings.maxInFlight,
      sequence: { groupOrder },
      testTimeout: timeout,
      hookTimeout: timeout,
    },
  });
  const vitestRun = async (lanes: ReturnType<typeof lane>[]) => {
    const projects = lanes.filter((project) => project.test.include.length > 0);
    // No project at all would make vitest fall back to its default include: nothing to run, so no vitest.
    if (projects.length === 0) return null;
    return startVitest(
      "test",
      [],
      {
        config: false,
        root: PACKAGE_ROOT,
        watch: false,
        reporters,
        projects,
        passWithNoTests: true,
        ...(bail === true ? { bail: 1 } : {}),
        ...(clauses?.length ? { testNamePattern: titlesNaming(clauses) } : {}),
      },
      { logLevel: "error", cacheDir: VITE_CACHE_DIR },
    );
  };
  try {
    // The shared lane's files side by side, then the exclusive lane's one at a time (vitest runs a project of a
    // higher groupOrder once the lower ones are done). The exclusive lane comes last: the background files make
    // their requests in their first seconds, before anything is taken offline. The background files (checks
    // that mostly wait, see suite-files.ts) run in a second vitest beside both lanes, so the spec's waits do not
    // add up.
    const runs = await Promise.all([
      vitestRun([
        lane("shared", chosen(lanes.shared), SHARED_WORKERS, 1),
        lane("exclusive", chosen(lanes.exclusive), 1, 2),
      ]),
      vitestRun([lane("shared", background, background.length, 1)]),
    ]);
    await Promise.all(runs.map((vitest) => vitest?.close()));
    if (runs.some((vitest) => vitest === undefined)) throw new Error("vitest could not start");
  } finally {
    // vitest marks the process failed on a failing test; the verdict is ours to give.
    process.exitCode = exitCode;
    await broker.close();
  }
  return collector;
}
