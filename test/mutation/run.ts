// `npm run mutation -- --area NAME`: mutation testing of the reference platform with StrykerJS. Stryker
// instruments the area's rule modules in a sandbox copy of the project (every mutant compiled in, one
// chosen by __STRYKER_ACTIVE_MUTANT__), then its command runner starts `cap-conformance run --suite ...`
// there once per mutant: the run starts the embedded platform from the mutated sources, and a non-zero
// exit (a failed or errored clause) kills the mutant. Writes reports/out/mutation/<area>.json and .md:
// the score, the survivors, and the survivors test/mutation/equivalent.md explains.
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join, relative } from "node:path";
import { parseArgs } from "node:util";
import type { LogLevel, MutantResult } from "@stryker-mutator/api/core";
import { Stryker } from "@stryker-mutator/core";
import { PACKAGE_ROOT } from "../../runner/framework/package-info.ts";
import { type AreaName, isAreaName, MUTATION_AREAS, type MutationArea, mutatesLine } from "./areas.ts";
import { codeSpan, type Equivalent, equivalentKey, readEquivalents } from "./equivalents.ts";

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

async function mutate(name: AreaName): Promise<MutantResult[]> {
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
    ignorePatterns: ["reports/out", ".cache", "load/dist", ".mutation-run", "**/*.log"],
    tempDirName: ".stryker-tmp",
    // Stryker rewrites tsconfig.json with TypeScript's JS API, which TypeScript 7 no longer has; the
    // sandbox needs no rewrite (its tsconfig names nothing outside the project), so point it elsewhere.
    tsconfigFile: "tsconfig.stryker-none.json",
    reporters: ["json", "progress"],
    jsonReporter: { fileName: join(OUT, `${name}.stryker.json`) },
    logLevel: "warn" as LogLevel,
    fileLogLevel: "off" as LogLevel,
  });
  return stryker.runMutationTest();
}

interface Survivor {
  key: string;
  file: string;
  line: number;
  mutator: string;
  replacement: string;
}

/**
 * A test whose value the clean platform always knows, replaced by that value: one that can hold only while a
 * planted fault or a variant is on (`faults.has(...) && ...`) replaced by `false`, or one that can fail only
 * then (`!faults.has(...)`, `&&`-joined) replaced by `true`. The clean platform always took that way, so the
 * mutant is equivalent by construction (test/mutation/equivalent.md, first paragraph).
 */
function isFaultTestOff(survivor: Survivor, all: MutantResult[]): boolean {
  if (survivor.mutator !== "ConditionalExpression") return false;
  if (survivor.replacement !== "false" && survivor.replacement !== "true") return false;
  const result = all.find(
    (r) =>
      relative(PACKAGE_ROOT, r.fileName) === survivor.file &&
      r.location.start.line === survivor.line &&
      r.mutatorName === survivor.mutator &&
      r.replacement === survivor.replacement,
  );
  if (result === undefined) return false;
  const lines = readFileSync(join(PACKAGE_ROOT, survivor.file), "utf8").split("\n");
  const { start, end } = result.location;
  const text = (
    start.line === end.line
      ? lines[start.line - 1]!.slice(start.column - 1, end.column - 1)
      : lines.slice(start.line - 1, end.line).join(" ")
  ).trim();
  if (text.includes("||")) return false;
  const SWITCH = /^[\w.]*(?:faults|variants)\.(?:has|take)\(/;
  if (survivor.replacement === "false") return SWITCH.test(text);
  return text.split("&&").every((part) => part.trim().startsWith("!") && SWITCH.test(part.trim().slice(1).trim()));
}

/** The mutants of the area's last run, from Stryker's JSON report (mutation-testing-report-schema). */
function lastResults(name: AreaName): MutantResult[] {
  const report = JSON.parse(readFileSync(join(OUT, `${name}.stryker.json`), "utf8")) as {
    files: Record<string, { mutants: Array<Omit<MutantResult, "fileName">> }>;
  };
  return Object.entries(report.files).flatMap(([file, { mutants }]) =>
    mutants.map((mutant) => ({ ...mutant, fileName: join(PACKAGE_ROOT, file) }) as MutantResult),
  );
}

// --rescore: the last run's mutants judged again against equivalent.md as it is now, without mutating
// (after explaining survivors); the date and time stay the run's.
const previous = values.rescore
  ? (JSON.parse(readFileSync(join(OUT, `${area}.json`), "utf8")) as { date: string; seconds: number })
  : undefined;
const started = Date.now();
// A rescore judges only the mutants still in the area's lines (an area may hand lines to another since).
const results =
  previous === undefined
    ? await mutate(area)
    : lastResults(area).filter((r) =>
        mutatesLine(MUTATION_AREAS[area], relative(PACKAGE_ROOT, r.fileName), r.location.start.line),
      );
const seconds = previous?.seconds ?? Math.round((Date.now() - started) / 1000);
const equivalents = readEquivalents(area);
const count = (...statuses: string[]) => results.filter((r) => statuses.includes(r.status)).length;
const survivors: Survivor[] = results
  .filter((r) => r.status === "Survived" || r.status === "NoCoverage")
  .map((r) => {
    const file = relative(PACKAGE_ROOT, r.fileName);
    const survivor = { file, line: r.location.start.line, mutator: r.mutatorName, replacement: r.replacement ?? "" };
    return { key: equivalentKey(survivor), ...survivor };
  });
const explained = survivors.filter((s) => equivalents.has(s.key) || isFaultTestOff(s, results));
const unexplained = survivors.filter((s) => !explained.includes(s));
const stale: Equivalent[] = [...equivalents.values()].filter((e) => !survivors.some((s) => s.key === e.key));
const killed = count("Killed", "Timeout");
const scored = killed + unexplained.length;
const score = scored === 0 ? 100 : Math.round((1000 * killed) / scored) / 10;
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
  survivors: unexplained,
  equivalents: explained,
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
