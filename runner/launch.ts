// Runs the vitest suites programmatically against a target file, one suite file at a time (they
// share one workspace on the server), and collects the checks.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { startVitest } from "vitest/node";
import { PACKAGE_ROOT } from "../cli/package-info.ts";
import { UsageError } from "../cli/usage-error.ts";
import { Collector } from "./collector.ts";
import { SECRETS_FILE_ENV } from "./secret-registry.ts";
import { BACKGROUND_GLOB, SUITE_FILE, suiteFilter, suiteOfFile } from "./suite-files.ts";

export interface SuiteRunOptions {
  targetFile: string;
  /** Where the suites count unanswered requests in a row (runner/liveness.ts); fresh per run. */
  livenessFile: string;
  seed: number;
  numRuns: number;
  timeoutMs: number;
  prefix: string;
  replayBase: string;
  /** The registry every worker appends the secret values it sends or learns to (secret-file.ts). */
  secretsFile: string;
  suites?: string[];
  clauses?: string[];
  /** false: a failing property reports its first counterexample unshrunk (a fast verdict, e.g. the kill matrix). */
  shrink?: boolean;
  print?: (line: string) => void;
}

function suiteFiles(): string[] {
  return readdirSync(join(PACKAGE_ROOT, "suites")).filter((file) => SUITE_FILE.test(file));
}

export function availableSuites(): string[] {
  return [...new Set(suiteFiles().map(suiteOfFile))].sort();
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/** Check names end in `[id, id]`; this selects the checks naming any of the given ids. */
export function clausePattern(ids: string[]): RegExp {
  return new RegExp(`\\[(?:[^\\]]*, )?(?:${ids.map(escapeRegExp).join("|")})(?:, [^\\]]*)?\\]$`);
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
  const known = availableSuites();
  const unknown = (options.suites ?? []).filter((s) => !known.includes(s));
  if (unknown.length > 0) throw new UsageError(`unknown suite ${unknown.join(", ")}; suites: ${known.join(", ")}`);

  Object.assign(process.env, {
    CAP_TARGET_FILE: options.targetFile,
    CAP_SEED: String(options.seed),
    CAP_NUM_RUNS: String(options.numRuns),
    CAP_TIMEOUT_MS: String(options.timeoutMs),
    CAP_RUN_PREFIX: options.prefix,
    CAP_REPLAY_BASE: options.replayBase,
    CAP_SHRINK: options.shrink === false ? "0" : "1",
    CAP_LIVENESS_FILE: options.livenessFile,
    [SECRETS_FILE_ENV]: options.secretsFile,
  });
  const collector = new Collector({ print: options.print });
  const selected = options.suites ?? (options.clauses?.length ? suitesNaming(options.clauses) : undefined);
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
        setupFiles: [join(PACKAGE_ROOT, "runner/worker-setup.ts")],
        watch: false,
        reporters: [collector],
        pool: "threads",
        fileParallelism: false,
        maxWorkers: 1,
        testTimeout: Math.max(30_000, options.timeoutMs * 20),
        hookTimeout: Math.max(30_000, options.timeoutMs * 20),
        passWithNoTests: true,
        ...(options.clauses?.length ? { testNamePattern: clausePattern(options.clauses) } : {}),
      },
      { logLevel: "error", cacheDir: join(PACKAGE_ROOT, ".cache", "vite") },
    );
  // Suite files share one workspace on the server, so they run one at a time; the background files
  // (checks that mostly wait, see suite-files.ts) run beside them in a second vitest of their own,
  // since vitest runs files of a single-worker project strictly one after another.
  const runs = await Promise.all([
    vitestRun("suites/**/*.suite.ts", [BACKGROUND_GLOB]),
    vitestRun(BACKGROUND_GLOB, []),
  ]);
  await Promise.all(runs.map((vitest) => vitest?.close()));
  // vitest marks the process failed on a failing test; the verdict is ours to give.
  process.exitCode = exitCode;
  if (runs.some((vitest) => vitest === undefined)) throw new Error("vitest could not start");
  return collector;
}
