// A vitest reporter that prints one line per finished check (and the start of its failure) as the run goes.
import type { Reporter, TestCase } from "vitest/node";
import { collectedCheck } from "./collector.ts";

const MARK = { passed: "✓", failed: "✗", errored: "!", skipped: "-" } as const;

export class Progress implements Reporter {
  constructor(private readonly print: (line: string) => void) {}

  onTestCaseResult(testCase: TestCase): void {
    const { result } = collectedCheck(testCase);
    const requests =
      result.requests === undefined ? "" : `, ${result.requests} request${result.requests === 1 ? "" : "s"}`;
    this.print(
      `  ${MARK[result.status]} ${(result.suite ?? "").padEnd(14)} ${result.name} (${result.duration_ms} ms${requests})`,
    );
    if (result.failure !== null) this.print(indent(result.failure.message.split("\n").slice(0, 6).join("\n")));
  }
}

function indent(text: string): string {
  return text
    .split("\n")
    .map((line) => `      ${line}`)
    .join("\n");
}
