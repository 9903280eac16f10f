// Runs the vitest suites programmatically against a target file and collects the checks. Suite files share
// one workspace on the server, so what runs beside what is decided here
// (ARCHITECTURE.md, "What runs concurrently"): the shared lane's files side by side, then the exclusive
// lane's one at a time, alone.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { startVitest } from "vitest/node";
import { startInFlightBroker } from "../client/in-flight.ts";
import { checkDeadlineMs, type Lane, laneEnv, type RunSettings, titlesNaming, writeSettings } from "../contract.ts";
import { lanesNaming, lanesOf } from "../framework/exclusive.ts";
import { COMPILE_CACHE_DIR, PACKAGE_ROOT, VITE_CACHE_DIR } from "../framework/package-info.ts";
import { BACKGROUND_FILE, FRESH_MODULES, SUITE_FILE, suiteOfFile, WORKER_SETUP } from "../framework/suite-files.ts";
import { Collector } from "./collector.ts";
import { Progress } from "./progress.ts";
import { sharedWorkers } from "./shared-workers.ts";

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
  /** Suite files of the shared lane at once (shared-workers.ts); 4, a near target's, when absent. */
  sharedWorkers?: number;
  /** Collects the checks (one made by the caller can be read while the run goes on); a new one when absent. */
  collector?: Collector;
}

function suiteFiles(): string[] {
  return readdirSync(join(PACKAGE_ROOT, "suites")).filter((file) => SUITE_FILE.test(file));
}

export function availableSuites(): string[] {
  return [...new Set(suiteFiles().map(suiteOfFile))].sort();
}

/** The files each lane runs, paths under the package root; background files run beside both lanes. */
export type FilesByLane = Record<Lane | "background", string[]>;

/**
 * The suite files a run loads, by lane: those of the chosen suites (all when undefined), and of those, when
 * clauses are chosen, the files that write one of them, each in the lanes the checks naming them need
 * (lanesNaming). A check names its clause ids literally in its file (check() holds it to that), and every
 * file a lane loads is a worker's start, about a CPU-second. When an id is written in no suite file (built
 * from a table), no file and no lane is left out for it.
 */
export function filesByLane(suites?: string[], clauses?: string[]): FilesByLane {
  const texts = new Map(
    suiteFiles().map((file) => [`suites/${file}`, readFileSync(join(PACKAGE_ROOT, "suites", file), "utf8")]),
  );
  const writes = (text: string, id: string) => text.includes(`"${id}"`);
  const written =
    clauses?.length && clauses.every((id) => [...texts.values()].some((text) => writes(text, id)))
      ? clauses
      : undefined;
  const files: FilesByLane = { shared: [], exclusive: [], background: [] };
  for (const [path, text] of texts) {
    if (suites !== undefined && !suites.includes(suiteOfFile(path))) continue;
    if (written !== undefined && !written.some((id) => writes(text, id))) continue;
    if (BACKGROUND_FILE.test(path)) files.background.push(path);
    else for (const lane of written === undefined ? lanesOf(text) : lanesNaming(text, written)) files[lane].push(path);
  }
  return files;
}

/** The harness's own compiled or source modules (runner, suites, spec, simulators), wherever it is installed. */
const HARNESS_MODULES = new RegExp(`^${PACKAGE_ROOT.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}(?!node_modules/)`);

export async function runSuites(options: SuiteRunOptions): Promise<Collector> {
  const { suites, clauses, print, bail, collector = new Collector(), sharedWorkers: workers, ...settings } = options;
  // Before any worker starts: they ask it for a slot of the bound on requests in flight.
  const broker = await startInFlightBroker(settings.maxInFlight);
  writeSettings({ ...settings, inFlightBroker: broker.address });
  const files = filesByLane(suites, clauses);
  const fileCount = files.shared.length + files.exclusive.length + files.background.length;
  const progress = print === undefined ? undefined : new Progress(print, fileCount);
  const reporters = progress === undefined ? [collector] : [collector, progress];
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
        lane("shared", files.shared, workers ?? sharedWorkers(0), 1),
        lane("exclusive", files.exclusive, 1, 2),
      ]),
      vitestRun([lane("shared", files.background, files.background.length, 1)]),
    ]);
    await Promise.all(runs.map((vitest) => vitest?.close()));
    if (runs.some((vitest) => vitest === undefined)) throw new Error("vitest could not start");
  } finally {
    progress?.stop();
    // vitest marks the process failed on a failing test; the verdict is ours to give.
    process.exitCode = exitCode;
    await broker.close();
  }
  return collector;
}
