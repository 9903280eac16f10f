// A vitest reporter that turns finished tests into check results, printing progress as it goes.

import type { Reporter, TestCase, TestModule } from "vitest/node";
import type { CheckResult, Leftover } from "../spec/report.ts";
import type { CheckMeta } from "../suites/harness/meta.ts";
import type { RuleObservation } from "../suites/harness/recorder.ts";
import { suiteOfFile } from "../suites/harness/suite-files.ts";

export interface CollectedCheck {
  clauses: string[];
  result: CheckResult;
  universal: Record<string, RuleObservation>;
}

export interface CollectorOptions {
  /** Where progress lines go; nothing is printed when absent. */
  print?: (line: string) => void;
}

const MARK = { passed: "✓", failed: "✗", errored: "!", skipped: "-" } as const;

export class Collector implements Reporter {
  readonly checks: CollectedCheck[] = [];
  /** Suite files that failed to load or crashed outside a check: the harness could not do its job. */
  readonly harnessErrors: string[] = [];
  /** Resources a suite file created and could not delete. */
  readonly leftovers: Leftover[] = [];

  constructor(private readonly options: CollectorOptions = {}) {}

  onTestCaseResult(testCase: TestCase): void {
    const meta: CheckMeta | undefined = testCase.meta().check;
    const outcome = testCase.result();
    const duration = Math.round(testCase.diagnostic()?.duration ?? 0);
    const suite = meta?.suite ?? suiteOfFile(testCase.module.moduleId);
    const name = testCase.name.replace(/ \[[^\]]*\]$/, "");
    let result: CheckResult;
    if (outcome.state === "skipped") {
      result = {
        name,
        suite,
        status: "skipped",
        duration_ms: duration,
        reason: outcome.note ?? "skipped",
        failure: null,
      };
    } else if (outcome.state === "passed") {
      result = { name, suite, status: "passed", duration_ms: duration, reason: null, failure: null };
    } else {
      const firstError = outcome.errors?.[0];
      const failure = meta?.failure ?? {
        message: firstError?.message ?? "the check failed without a message",
        seed: null,
        path: null,
        exchanges: [],
        reproduce: "",
      };
      // No failure recorded by check() means the check never reached its own catch (vitest ended it):
      // the harness could not conclude, which is an error, never a failure.
      result = {
        name,
        suite,
        status: meta?.failure === undefined || meta.errored ? "errored" : "failed",
        duration_ms: duration,
        reason: null,
        failure: { ...failure, reproduce: failure.reproduce || null },
      };
    }
    if (meta?.ambiguities !== undefined) result.ambiguities = meta.ambiguities;
    this.checks.push({ clauses: meta?.clauses ?? [], result, universal: meta?.universal ?? {} });
    this.options.print?.(`  ${MARK[result.status]} ${suite.padEnd(14)} ${name} (${duration} ms)`);
    if (result.failure !== null)
      this.options.print?.(indent(result.failure.message.split("\n").slice(0, 6).join("\n")));
  }

  onTestModuleEnd(testModule: TestModule): void {
    for (const error of testModule.errors()) {
      this.harnessErrors.push(`${testModule.moduleId}: ${error.message}`);
    }
    this.leftovers.push(...(testModule.meta().leftovers ?? []));
  }

  onTestRunEnd(_modules: ReadonlyArray<TestModule>, unhandledErrors: ReadonlyArray<{ message?: string }>): void {
    for (const error of unhandledErrors) this.harnessErrors.push(`unhandled: ${error.message ?? String(error)}`);
  }
}

function indent(text: string): string {
  return text
    .split("\n")
    .map((line) => `      ${line}`)
    .join("\n");
}
