// The outputs of a finished `run`: every format the registry writes (reports/formats.ts) and the HAR when asked,
// the console's verdict, the expectations' and the repeat's lines, and the certification bundle.

import { writeBundle } from "../reports/bundle.ts";
import { verdictLines } from "../reports/console.ts";
import { shellWord } from "../reports/shell-word.ts";
import { writeOutputFile, writeReports } from "../reports/write.ts";
import { readSecrets } from "../runner/client/secret-registry.ts";
import type { Leftover, Report } from "../spec/report.ts";
import { type Target, targetSecrets } from "../spec/target.ts";
import { exitCodeOf } from "../spec/verdict.ts";
import { repeatedReport, repeatLines } from "./repeat.ts";
import type { RunLog } from "./run-log.ts";
import type { RunPlan } from "./run-plan.ts";

export interface Finished {
  /** One report per --repeat run, in order. */
  reports: Report[];
  /** Set when the liveness breaker stopped a run (runner/client/liveness.ts). */
  stopped?: string;
  target: Target;
  /** How the target was reached (acquire-target.ts), for the bundle's product.json. */
  description: string;
  secretsFile: string;
}

/** Writes every output of the run and says its verdict; answers the exit code. */
export async function writeRunOutputs(plan: RunPlan, finished: Finished, log: RunLog): Promise<number> {
  const report = repeatedReport(finished.reports);
  const { files } = await writeReports(report, plan.reportDir);
  if (plan.har !== undefined) files.push(writeOutputFile(report, "har", plan.har));
  for (const line of verdictLines(report, files)) log.say(line);
  if (finished.stopped !== undefined) log.say(finished.stopped);
  if (report.expectations !== undefined) {
    const { expected_failures, stale } = report.expectations;
    log.say(`Expectations: ${expected_failures} expected failure(s), ${stale} stale (now passing)`);
  }
  for (const line of repeatLines(finished.reports)) log.say(line);
  if (plan.bundle !== undefined) {
    const leaks = writeBundle({
      dir: plan.bundle.dir,
      files,
      report,
      product: {
        ...plan.bundle.product,
        target_description: plan.bundle.product.target_description || finished.description,
      },
      log: log.text(),
      secrets: [...targetSecrets(finished.target), ...readSecrets(finished.secretsFile)],
    });
    if (leaks.length > 0) {
      console.error(`error: the bundle would contain secrets, so none was written: ${leaks.join("; ")}`);
      return exitCodeOf("ERROR");
    }
    log.say(`Bundle: ${plan.bundle.dir}`);
  }
  return exitCodeOf(report);
}

/** What the run could not delete, and the command that sweeps it (also in every report). */
export function leftoverLines(
  leftovers: Leftover[],
  prefix: string,
  targetFile: string | undefined,
  embedded: boolean,
): string[] {
  if (leftovers.length === 0) return [];
  const target = targetFile === undefined ? "TARGET.json" : shellWord(targetFile);
  return [
    `warning: could not delete ${leftovers.length} resource(s) named ${prefix}*:`,
    ...leftovers.map((l) => `  ${l.resource}${l.suite ? ` (${l.suite})` : ""}${l.reason ? `: ${l.reason}` : ""}`),
    embedded
      ? "  (the embedded platform stops with this run, so none of them outlives it)"
      : `  sweep them with: npx cap-conformance cleanup --target ${target} --prefix ${prefix}`,
  ];
}
