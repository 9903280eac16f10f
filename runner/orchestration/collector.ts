// A vitest reporter that turns finished tests into check results (runner/orchestration/progress.ts prints them), telling a
// listener after each one (`run` writes report.json as checks finish), and counting the checks a dead worker
// left without a verdict.
import type { Reporter, TestCase, TestModule } from "vitest/node";
import type { CheckResult, Leftover, SuiteTraffic } from "../../spec/report.ts";
import type { RuleObservation } from "../client/recorder.ts";
import type { CheckMeta } from "../contract.ts";
import { parseCheckTitle } from "../contract.ts";
import { suiteOfFile } from "../framework/suite-files.ts";

export interface CollectedCheck {
  clauses: string[];
  result: CheckResult;
  universal: Record<string, RuleObservation>;
}

/** One finished vitest test as a check result, with the clauses it names. */
export function collectedCheck(testCase: TestCase): CollectedCheck {
  const meta: CheckMeta | undefined = testCase.meta().check;
  const outcome = testCase.result();
  const duration = Math.round(testCase.diagnostic()?.duration ?? 0);
  const suite = meta?.suite ?? suiteOfFile(testCase.module.moduleId);
  const { name, clauses } = parseCheckTitle(testCase.name);
  let result: CheckResult;
  const setUpError = outcome.state === "skipped" && outcome.note === undefined ? setUpFailure(testCase) : undefined;
  if (setUpError !== undefined) {
    // vitest skips the tests of a file whose set-up hook threw: they could not run, which is an error of
    // each of them (with the true reason), never a skip.
    result = {
      name,
      suite,
      status: "errored",
      duration_ms: duration,
      reason: null,
      failure: {
        message: `the set-up of its suite file failed, so it could not run: ${setUpError}`,
        seed: null,
        path: null,
        exchanges: [],
        reproduce: null,
      },
    };
  } else if (outcome.state === "skipped") {
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
  if (meta?.requests !== undefined) result.requests = meta.requests;
  if (meta?.ambiguities !== undefined) result.ambiguities = meta.ambiguities;
  return { clauses: meta?.clauses ?? clauses, result, universal: meta?.universal ?? {} };
}

/** The error of a set-up hook (beforeAll of its file or of an enclosing describe) that kept a test from running. */
function setUpFailure(testCase: TestCase): string | undefined {
  for (let parent = testCase.parent; ; parent = parent.parent) {
    const error = parent.errors()[0];
    if (error !== undefined) return error.message;
    if (parent.type === "module") return undefined;
  }
}

export class Collector implements Reporter {
  readonly checks: CollectedCheck[] = [];
  /** Checks vitest collected but that never reached a verdict (their worker died): the run is incomplete. */
  readonly unfinished: string[] = [];

  /** `onCheck` is called after every check collected (and after the run's end). */
  constructor(private readonly onCheck?: () => void) {}
  /** Suite files that failed to load or crashed outside a check: the harness could not do its job. */
  readonly harnessErrors: string[] = [];
  /** Resources a suite file created and could not delete. */
  readonly leftovers: Leftover[] = [];
  /** Where each suite file's time went (runner/client/traffic.ts). */
  readonly traffic: SuiteTraffic[] = [];

  onTestCaseResult(testCase: TestCase): void {
    this.checks.push(collectedCheck(testCase));
    this.onCheck?.();
  }

  onTestModuleEnd(testModule: TestModule): void {
    for (const error of testModule.errors()) {
      this.harnessErrors.push(`${testModule.moduleId}: ${error.message}`);
    }
    this.leftovers.push(...(testModule.meta().leftovers ?? []));
    const traffic = testModule.meta().traffic;
    if (traffic !== undefined) this.traffic.push(traffic);
  }

  onTestRunEnd(modules: ReadonlyArray<TestModule>, unhandledErrors: ReadonlyArray<{ message?: string }>): void {
    for (const error of unhandledErrors) this.harnessErrors.push(`unhandled: ${error.message ?? String(error)}`);
    for (const module of modules) {
      for (const test of module.children.allTests("pending")) this.unfinished.push(parseCheckTitle(test.name).name);
    }
    this.onCheck?.();
  }
}
