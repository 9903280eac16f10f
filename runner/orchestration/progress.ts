// A vitest reporter that says how a run goes, for a person watching it: a line per finished check (and the start
// of its failure) led by the time since the run started and how many checks are done of those found, and, when no
// check has finished for a while (the spec's waits: a 15 s keep-alive, a 5 s webhook), a line saying so and which
// checks are still running. Checks are found as their files are collected, so the total grows until every file
// has been: "of 201 found in 14 of 27 files", then "of 372".
import type { Reporter, TestCase, TestModule } from "vitest/node";
import { collectedCheck } from "./collector.ts";

const MARK = { passed: "✓", failed: "✗", errored: "!", skipped: "-" } as const;

/** A silence longer than this is broken by a line saying what is still running. */
const QUIET_MS = 4_000;
/** How often the silence is looked at. */
const TICK_MS = 1_000;

export class Progress implements Reporter {
  private readonly started = Date.now();
  private lastLine = Date.now();
  private found = 0;
  private filesFound = 0;
  private done = 0;
  private failed = 0;
  private readonly running = new Set<string>();
  private readonly timer: NodeJS.Timeout;

  /** `files`: the suite files the run's lanes will load (a file in two lanes counts twice). */
  constructor(
    private readonly print: (line: string) => void,
    private readonly files: number,
  ) {
    this.timer = setInterval(() => this.tick(), TICK_MS);
    this.timer.unref();
  }

  onTestModuleCollected(testModule: TestModule): void {
    this.filesFound += 1;
    for (const testCase of testModule.children.allTests()) if (testCase.options.mode === "run") this.found += 1;
  }

  onTestCaseReady(testCase: TestCase): void {
    this.running.add(testCase.name);
  }

  onTestCaseResult(testCase: TestCase): void {
    this.running.delete(testCase.name);
    const { result } = collectedCheck(testCase);
    this.done += 1;
    if (result.status === "failed" || result.status === "errored") this.failed += 1;
    const requests =
      result.requests === undefined ? "" : `, ${result.requests} request${result.requests === 1 ? "" : "s"}`;
    this.say(
      `${this.stamp()} ${MARK[result.status]} ${(result.suite ?? "").padEnd(14)} ${result.name} (${result.duration_ms} ms${requests})`,
    );
    if (result.failure !== null) this.say(indent(result.failure.message.split("\n").slice(0, 6).join("\n")));
  }

  /** No more lines: the run is over. */
  stop(): void {
    clearInterval(this.timer);
  }

  /** `[ 12.3 s  140/201]`: the time since the start, and the checks done of those found. */
  private stamp(): string {
    const seconds = ((Date.now() - this.started) / 1000).toFixed(1).padStart(6);
    return `[${seconds} s ${`${this.done}/${this.found}`.padStart(8)}]`;
  }

  private tick(): void {
    if (Date.now() - this.lastLine < QUIET_MS) return;
    const of =
      this.filesFound < this.files
        ? `${this.found} found in ${this.filesFound} of ${this.files} files`
        : `${this.found}`;
    const waiting = [...this.running].slice(0, 2).join("; ");
    const more = this.running.size > 2 ? ` and ${this.running.size - 2} more` : "";
    const problems = this.failed === 0 ? "" : `, ${this.failed} failed or errored`;
    this.say(
      `${this.stamp()} … ${this.done} checks done of ${of}${problems}${waiting === "" ? "" : `; running: ${waiting}${more}`}`,
    );
  }

  private say(line: string): void {
    this.lastLine = Date.now();
    this.print(line);
  }
}

function indent(text: string): string {
  return text
    .split("\n")
    .map((line) => `      ${line}`)
    .join("\n");
}
