// A report of a run that did not finish (report.json `incomplete`): its verdict is ERROR whatever it holds, and
// every renderer says the run was cut short, why, and how many checks reached a verdict; it stays schema_version 1.
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { sampleReport, withSummary } from "../../fixtures/sample-report.ts";
import { verdictLines } from "../../reports/console.ts";
import { renderHtml } from "../../reports/html.ts";
import { renderJunit } from "../../reports/junit.ts";
import { renderMarkdown } from "../../reports/markdown.ts";
import { readReport, writeReports } from "../../reports/write.ts";
import type { Report } from "../../spec/report.ts";
import { exitCodeOf, verdictOf } from "../../spec/verdict.ts";
import { children, parseXml } from "./xml.ts";

const CUT = { reason: "interrupted by SIGTERM", checks_finished: 12 };

/** A run whose every clause passed so far, cut short. */
function cutShort(): Report {
  const report = sampleReport();
  report.clauses = report.clauses.filter((c) => c.status === "passed");
  return { ...withSummary(report), incomplete: CUT };
}

describe("an incomplete report", () => {
  it("is ERROR (exit 2) even when every clause it reached passed, or one failed", () => {
    expect(verdictOf(cutShort())).toBe("ERROR");
    expect(exitCodeOf(cutShort())).toBe(2);
    const failed = { ...withSummary(sampleReport()), incomplete: CUT };
    expect(failed.summary.failed).toBeGreaterThan(0);
    expect(verdictOf(failed)).toBe("ERROR");
    expect(verdictOf({ ...cutShort(), incomplete: undefined })).toBe("PASS");
  });

  it("is said on the console, in report.html, in summary.md and as an errored case in junit.xml", () => {
    const said =
      /INCOMPLETE: the run did not finish \(interrupted by SIGTERM\)\. This report holds the verdicts of the 12 checks/;
    const console = verdictLines(cutShort(), ["out/report.json"]).join("\n");
    expect(console).toMatch(said);
    expect(console).toMatch(/^ERROR: /m);
    const page = renderHtml(cutShort());
    expect(page).toContain('<header class="verdict v-error">');
    expect(page).toMatch(said);
    const md = renderMarkdown(cutShort());
    expect(md.split("\n")[0]).toBe("## ! cap-conformance: ERROR");
    expect(md).toContain("### ! Incomplete run");
    expect(md).toMatch(said);
    const root = parseXml(renderJunit(cutShort()));
    const harness = children(root, "testsuite").find((s) => s.attrs.name === "harness")!;
    const testcase = children(harness, "testcase")[0]!;
    expect(testcase.attrs.name).toBe("the run did not finish");
    expect(children(testcase, "error")[0]!.attrs.message).toMatch(said);
  });

  it("is written and read back as schema_version 1 with the optional field", async () => {
    const dir = mkdtempSync(join(tmpdir(), "cap-incomplete-"));
    await writeReports(cutShort(), dir);
    const back = await readReport(dir);
    expect(back.schema_version).toBe(1);
    expect(back.incomplete).toEqual(CUT);
  });
});
