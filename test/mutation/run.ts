// `npm run mutation -- --area NAME`: mutation testing of the reference platform with StrykerJS. Stryker
// instruments the area's rule modules in a sandbox copy of the project (every mutant compiled in, one
// chosen by __STRYKER_ACTIVE_MUTANT__), then its command runner starts `cap-conformance run --suite ...`
// there once per mutant: the run starts the embedded platform from the mutated sources, and a non-zero
// exit (a failed or errored clause) kills the mutant. Writes reports/out/mutation/<area>.json and .md:
// the score, the survivors, and the survivors test/mutation/equivalent.md explains.
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join, relative } from "node:path";
import { parseArgs } from "node:util";
import { parseExpression } from "@babel/parser";
import type { LogLevel } from "@stryker-mutator/api/core";
import { Stryker } from "@stryker-mutator/core";
import { PACKAGE_ROOT } from "../../runner/framework/package-info.ts";
import { type AreaName, isAreaName, MUTATION_AREAS, type MutationArea, mutatesLine } from "./areas.ts";
import {
  codeSpan,
  type Equivalent,
  equivalentKey,
  type MutantSite,
  type Position,
  readEquivalents,
  textAt,
} from "./equivalents.ts";
import { type Node, needsSwitch, needsSwitchWhenFalse } from "./switch-tests.ts";

const OUT = join(PACKAGE_ROOT, "reports/out/mutation");

function usage(message: string): never {
  process.stderr.write(
    `${message}\nusage: npm run mutation -- --area ${Object.keys(MUTATION_AREAS).join("|")} [--rescore]\n`,
  );
  process.exit(2);
}

const { values } = parseArgs({ options: { area: { type: "string" }, rescore: { type: "boolean", default: false } } });
const area = values.area ?? usage("--area is required");
if (!isAreaName(area)) usage(`unknown area ${area}`);

/** A kill needs one failure: no shrinking, fewer runs per property, a fixed seed so reruns agree. */
function command(name: AreaName): string {
  const area: MutationArea = MUTATION_AREAS[name];
  const clauses = area.clauses === undefined ? "" : ` --clause ${area.clauses.join(",")}`;
  return `node bin/cap-conformance.js run --suite ${area.suites.join(",")}${clauses} --quiet --no-shrink --bail --num-runs 10 --seed 1 --report-dir .mutation-run`;
}

async function mutate(name: AreaName): Promise<void> {
  mkdirSync(OUT, { recursive: true });
  const stryker = new Stryker({
    mutate: [...MUTATION_AREAS[name].mutate],
    testRunner: "command",
    commandRunner: { command: command(name) },
    coverageAnalysis: "off",
    // The machine is small and shared; each mutant's run already starts a platform and two vitests.
    concurrency: 1,
    // A mutant that hangs the platform is a timeout (killed): the clean run's time × 1.5 + 60 s.
    timeoutMS: 60_000,
    timeoutFactor: 1.5,
    dryRunTimeoutMinutes: 10,
    plugins: ["@stryker-mutator/*", join(PACKAGE_ROOT, "test/mutation/planted-faults-ignorer.ts")],
    ignorers: ["planted-faults"],
    ignorePatterns: ["reports/out", ".cache", ".mutation-run", "**/*.log"],
    tempDirName: ".stryker-tmp",
    // Stryker rewrites tsconfig.json with TypeScript's JS API, which TypeScript 7 no longer has; the
    // sandbox needs no rewrite (its tsconfig names nothing outside the project), so point it elsewhere.
    tsconfigFile: "tsconfig.stryker-none.json",
    reporters: ["json", "progress"],
    jsonReporter: { fileName: join(OUT, `${name}.stryker.json`) },
    logLevel: "warn" as LogLevel,
    fileLogLevel: "off" as LogLevel,
  });
  await stryker.runMutationTest();
}

/** One mutant of Stryker's JSON report (mutation-testing-report-schema: lines and columns from 1). */
interface ReportMutant {
  mutatorName: string;
  replacement?: string;
  location: { start: Position; end: Position };
  status: string;
}

interface Scored extends MutantSite {
  key: string;
  status: string;
  /** The text the mutant replaces, as it was in the mutated file. */
  original: string;
}

/**
 * The mutants of the area's last run, from Stryker's JSON report, each keyed against the source the report
 * holds (the file as it was mutated, so a key never reads lines edited since).
 */
function lastResults(name: AreaName): Scored[] {
  const report = JSON.parse(readFileSync(join(OUT, `${name}.stryker.json`), "utf8")) as {
    files: Record<string, { source: string; mutants: ReportMutant[] }>;
  };
  return Object.entries(report.files).flatMap(([path, { source, mutants }]) => {
    const file = relative(PACKAGE_ROOT, join(PACKAGE_ROOT, path));
    return mutants.map((mutant) => {
      const site: MutantSite = {
        file,
        start: mutant.location.start,
        end: mutant.location.end,
        mutator: mutant.mutatorName,
        replacement: mutant.replacement ?? "",
      };
      const original = textAt(source, site.start, site.end);
      return { ...site, key: equivalentKey(site, source), status: mutant.status, original };
    });
  });
}

/**
 * A test whose value the clean platform always knows, replaced by that value: one that can hold only while a
 * planted fault or a variant is on (`faults.has(...) && ...`) replaced by `false`, or one that can fail only
 * then (`!faults.has(...)`, `&&`-joined) replaced by `true`. The clean platform always took that way, so the
 * mutant is equivalent by construction (test/mutation/equivalent.md, first paragraph). The test read is the
 * mutant's own, parsed from its exact text; the other way (a fault forced on) is never equivalent.
 */
function isSwitchTestOff(mutant: Scored): boolean {
  if (mutant.mutator !== "ConditionalExpression") return false;
  let test: Node;
  try {
    test = parseExpression(mutant.original, {
      plugins: ["typescript"],
      createParenthesizedExpressions: true,
    }) as unknown as Node;
  } catch {
    return false;
  }
  if (mutant.replacement === "false") return needsSwitch(test);
  if (mutant.replacement === "true") return needsSwitchWhenFalse(test);
  return false;
}

// --rescore: the last run's mutants judged again against equivalent.md as it is now, without mutating
// (after explaining survivors); the date and time stay the run's.
const previous = values.rescore
  ? (JSON.parse(readFileSync(join(OUT, `${area}.json`), "utf8")) as { date: string; seconds: number })
  : undefined;
const started = Date.now();
if (previous === undefined) await mutate(area);
// A rescore judges only the mutants still in the area's lines (an area may hand lines to another since).
const results = lastResults(area).filter((r) => mutatesLine(MUTATION_AREAS[area], r.file, r.start.line));
const seconds = previous?.seconds ?? Math.round((Date.now() - started) / 1000);
const equivalents = readEquivalents(area);
const count = (...statuses: string[]) => results.filter((r) => statuses.includes(r.status)).length;
const survivors = results.filter((r) => r.status === "Survived" || r.status === "NoCoverage");
// One row, one mutant: a listed key that two survivors share would excuse both.
for (const key of equivalents.keys()) {
  const matching = survivors.filter((s) => s.key === key);
  if (matching.length > 1) {
    throw new Error(`equivalent.md's ${area} row ${key} matches ${matching.length} survivors: key them apart`);
  }
}
const explained = survivors.filter((s) => equivalents.has(s.key) || isSwitchTestOff(s));
const unexplained = survivors.filter((s) => !explained.includes(s));
const stale: Equivalent[] = [...equivalents.values()].filter((e) => !survivors.some((s) => s.key === e.key));
const killed = count("Killed", "Timeout");
const scored = killed + unexplained.length;
const score = scored === 0 ? 100 : Math.round((1000 * killed) / scored) / 10;
const brief = ({ key, file, start, mutator, replacement }: Scored) => ({
  key,
  file,
  line: start.line,
  mutator,
  replacement,
});
const summary = {
  area,
  date: previous?.date ?? new Date().toISOString().slice(0, 10),
  seconds,
  mutants: results.length,
  killed: count("Killed"),
  timeout: count("Timeout"),
  survived: unexplained.length,
  equivalent: explained.length,
  ignored: count("Ignored"),
  errors: count("RuntimeError", "CompileError"),
  score,
  survivors: unexplained.map(brief),
  equivalents: explained.map(brief),
  stale_equivalents: stale,
};
writeFileSync(join(OUT, `${area}.json`), `${JSON.stringify(summary, null, 2)}\n`);
const lines = [
  `# Mutation testing: ${area} (${summary.date}, ${seconds} s)`,
  "",
  `Score ${score} %: ${killed} killed (${summary.timeout} by timeout), ${unexplained.length} survived, ${explained.length} equivalent (test/mutation/equivalent.md), ${summary.ignored} ignored (planted-fault code), ${summary.errors} errors.`,
  "",
  ...(unexplained.length > 0 ? ["## Survivors", "", ...unexplained.map((s) => `- ${codeSpan(s.key)}`), ""] : []),
  ...(stale.length > 0 ? ["## Equivalents no longer seen", "", ...stale.map((e) => `- ${codeSpan(e.key)}`), ""] : []),
];
writeFileSync(join(OUT, `${area}.md`), `${lines.join("\n")}\n`);
process.stdout.write(`${lines.join("\n")}\n`);
// Read back so a broken report is noticed here, not by the README's author.
JSON.parse(readFileSync(join(OUT, `${area}.json`), "utf8"));
