// `cap-conformance run`: check a server (or the embedded reference platform) and write the reports.
import { randomBytes } from "node:crypto";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { parseArgs } from "node:util";
import { buildReport, exitCodeOf } from "../reports/build.ts";
import type { Collector } from "../reports/collector.ts";
import { writeReports } from "../reports/write.ts";
import { isFaultName } from "../simulators/platform/faults/index.ts";
import { startStack } from "../simulators/stack.ts";
import { CLAUSE_BY_ID, CLAUSES } from "../spec/clauses/index.ts";
import type { Report } from "../spec/report.ts";
import type { Target } from "../spec/target.ts";
import { specSha256, TOOL_VERSION } from "./package-info.ts";
import { preflight } from "./preflight.ts";
import { explicitTarget } from "./resolve-target.ts";
import { runSuites } from "./run-suites.ts";
import { UsageError } from "./usage-error.ts";
import { verdictLines } from "./verdict.ts";

const OPTIONS = {
  target: { type: "string" },
  "base-url": { type: "string" },
  "token-admin": { type: "string" },
  "token-editor": { type: "string" },
  "token-viewer": { type: "string" },
  profile: { type: "string" },
  suite: { type: "string" },
  clause: { type: "string" },
  seed: { type: "string" },
  "num-runs": { type: "string" },
  "report-dir": { type: "string" },
  "timeout-ms": { type: "string" },
  fault: { type: "string", multiple: true },
  "minute-ms": { type: "string" },
  repeat: { type: "string" },
  quiet: { type: "boolean" },
} as const;

function intFlag(value: string | undefined, name: string, fallback: number, min: number): number {
  if (value === undefined) return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < min) throw new UsageError(`--${name} must be an integer >= ${min}, got ${value}`);
  return n;
}

function listFlag(value: string | undefined): string[] | undefined {
  const items = value
    ?.split(",")
    .map((s) => s.trim())
    .filter(Boolean);
  return items?.length ? items : undefined;
}

export async function runCommand(argv: string[]): Promise<number> {
  const { values } = parseArgs({ args: argv, options: OPTIONS, strict: true, allowPositionals: false });
  const seed = intFlag(values.seed, "seed", Math.floor(Math.random() * 2 ** 31), 0);
  const numRuns = intFlag(values["num-runs"], "num-runs", 25, 1);
  const timeoutMs = intFlag(values["timeout-ms"], "timeout-ms", 10_000, 100);
  const repeat = intFlag(values.repeat, "repeat", 1, 1);
  const reportDir = resolve(values["report-dir"] ?? "reports/out");
  const suites = listFlag(values.suite);
  const clauses = listFlag(values.clause);
  const unknownClauses = (clauses ?? []).filter((id) => !CLAUSE_BY_ID.has(id));
  if (unknownClauses.length > 0)
    throw new UsageError(`unknown clause id ${unknownClauses.join(", ")} (see cap-conformance clauses)`);
  const faults = values.fault ?? [];
  const badFault = faults.find((f) => !isFaultName(f));
  if (badFault !== undefined) throw new UsageError(`unknown fault ${badFault} (see cap-conformance faults)`);
  const print = values.quiet ? () => undefined : (line: string) => console.log(line);

  let target = explicitTarget(values);
  if (target !== undefined && faults.length > 0)
    throw new UsageError("--fault applies to the embedded platform only (use serve --fault)");
  let stack: Awaited<ReturnType<typeof startStack>> | undefined;
  const workDir = mkdtempSync(join(tmpdir(), "cap-run-"));
  try {
    if (target === undefined) {
      const minuteMs = values["minute-ms"] === undefined ? 50 : intFlag(values["minute-ms"], "minute-ms", 50, 1);
      stack = await startStack({ faults: faults.filter(isFaultName), minuteMs });
      target = stack.target;
      print(
        `Embedded reference platform at ${target.regions[0]!.base_url}${faults.length ? ` with faults ${faults.join(", ")}` : ""}`,
      );
    }
    const unreachable = await preflight(target, timeoutMs);
    if (unreachable !== undefined) {
      console.error(`error: the target is unreachable: ${unreachable}`);
      return 2;
    }
    const targetFile = join(workDir, "target.json");
    writeFileSync(targetFile, JSON.stringify(target), { mode: 0o600 });
    const replayBase = replayCommand(values);
    const reports: Report[] = [];
    let last: { report: Report; collector: Collector } | undefined;
    for (let i = 0; i < repeat; i++) {
      if (repeat > 1) print(`Run ${i + 1} of ${repeat}`);
      const startedAt = new Date();
      const collector = await runSuites({
        targetFile,
        seed,
        numRuns,
        timeoutMs,
        prefix: `capct-${randomBytes(3).toString("hex")}-`,
        replayBase,
        suites,
        clauses,
        print,
      });
      const report = buildReport(
        CLAUSES,
        collector.checks,
        target,
        {
          toolVersion: TOOL_VERSION,
          specSha256: specSha256(),
          seed,
          numRuns,
          startedAt,
          finishedAt: new Date(),
          narrowed: suites !== undefined || clauses !== undefined,
        },
        collector.harnessErrors,
      );
      reports.push(report);
      last = { report, collector };
    }
    const { report, collector } = last!;
    mkdirSync(reportDir, { recursive: true });
    await writeReports(report, reportDir);
    let exitCode = exitCodeOf(report, collector.harnessErrors);
    for (const error of collector.harnessErrors) console.error(`error: ${error}`);
    if (collector.leftovers.length > 0) console.error(`warning: could not delete ${collector.leftovers.join(", ")}`);
    const flaky = flakyClauses(reports);
    for (const line of verdictLines(report, exitCode, reportDir)) console.log(line);
    if (flaky.length > 0) {
      console.log(`FLAKY: ${flaky.length} clause(s) changed verdict across ${repeat} runs: ${flaky.join(", ")}`);
      exitCode = exitCode === 0 ? 1 : exitCode;
    } else if (repeat > 1) {
      console.log(`Stable: every clause had the same verdict in ${repeat} runs.`);
    }
    return exitCode;
  } finally {
    rmSync(workDir, { recursive: true, force: true });
    await stack?.close();
  }
}

/** The flags that shape what a replay must see again: the target and the profile, never a token. */
function replayCommand(values: { target?: string; "base-url"?: string; profile?: string; fault?: string[] }): string {
  const parts = ["npx cap-conformance run"];
  if (values.target) parts.push(`--target ${values.target}`);
  if (values["base-url"]) parts.push(`--base-url ${values["base-url"]}`);
  if (values.profile) parts.push(`--profile ${values.profile}`);
  for (const fault of values.fault ?? []) parts.push(`--fault ${fault}`);
  return parts.join(" ");
}

/** Clauses whose status differed between repeated runs. */
export function flakyClauses(reports: Report[]): string[] {
  const first = reports[0];
  if (first === undefined) return [];
  return first.clauses
    .filter((clause) => reports.some((r) => r.clauses.find((c) => c.id === clause.id)?.status !== clause.status))
    .map((clause) => clause.id);
}

export type { Target };
