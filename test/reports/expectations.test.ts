// --expect in every report: expected failures marked with their reason and issue, stale expectations apart,
// counts that add up, and a junit.xml a CI reporter reads as not failing.
import { describe, expect, it } from "vitest";
import { applyExpectations } from "../../cli/expectations.ts";
import { sampleReport, withSummary } from "../../fixtures/sample-report.ts";
import { renderHtml } from "../../reports/html.ts";
import { renderJunit } from "../../reports/junit.ts";
import { renderMarkdown } from "../../reports/markdown.ts";
import type { Report } from "../../spec/report.ts";
import { verdictOf } from "../../spec/verdict.ts";
import { cellSeparators, scanMarkdown } from "./markdown-scan.ts";
import { children, parseXml, textOf, type XmlElement } from "./xml.ts";

const ISSUE = "https://tracker.example.com/acme/cap/issues/42";

/** Two expected failures (one whose check is shared with a clause nobody expected), one stale expectation. */
function expectedReport(): Report {
  return applyExpectations(sampleReport(), [
    { clause: "paging.has-more-extra-row", reason: "we stop one row early", issue: ISSUE },
    { clause: "paging.limit-range", reason: "limit=0 is clamped, not refused" },
    { clause: "paging.envelope-fields", reason: "was missing offset" },
  ]);
}

/** Only expected failures fail (the errored clause and the shared check's clauses left out): the run passes. */
function passingExpectedReport(): Report {
  const report = sampleReport();
  const left = new Set(["auth.control-plane-503", "errors.errors-always-array", "paging.limit-range"]);
  report.clauses = report.clauses.filter((c) => !left.has(c.id));
  return applyExpectations(withSummary(report), [
    { clause: "paging.has-more-extra-row", reason: "we stop one row early" },
  ]);
}

const cases = (root: XmlElement) => children(root, "testsuite").flatMap((s) => children(s, "testcase"));
const props = (tc: XmlElement, name: string) =>
  children(children(tc, "properties")[0]!, "property")
    .filter((p) => p.attrs.name === name)
    .map((p) => p.attrs.value);
const byName = (root: XmlElement, prefix: string) => cases(root).find((c) => c.attrs.name!.startsWith(prefix))!;

describe("expected failures in report.html", () => {
  it("marks expected failures with reason and issue link, stale ones apart, and counts that add up", () => {
    const report = expectedReport();
    const page = renderHtml(report);
    // 1 failed + 2 expected + 1 errored + 7 passed + 1 skipped + 2 not shown = 14.
    expect(page).toContain(
      "1 failed, 2 expected failures, 1 errored, 7 passed, 1 skipped, 2 not shown (14 clauses); 1 stale expectation",
    );
    const counts = [...page.matchAll(/<li class="count[^"]*"><b>(\d+)<\/b><span>([^<]+)<\/span>/g)].map(
      (m) => [m[2], Number(m[1])] as const,
    );
    expect(counts).toEqual([
      ["✗ Failed", 1],
      ["⊗ Expected failure", 2],
      ["! Errored", 1],
      ["✓ Passed", 7],
      ["– Skipped", 1],
      ["○ Not shown", 2],
      ["Clauses in total", 14],
    ]);
    const parts = counts.slice(0, -1).reduce((sum, [, n]) => sum + n, 0);
    expect(parts).toBe(14);
    // The clause itself: its own badge and status, the reason visible without expanding, the issue a link.
    expect(page).toMatch(
      /data-status="expected"><details><summary><span class="badge b-expected">⊗ Expected failure<\/span><code class="cid">paging\.has-more-extra-row<\/code>/,
    );
    expect(page).toContain(
      `Expected failure (--expect). Reason: we stop one row early · issue <a href="${ISSUE}" rel="noreferrer">${ISSUE}</a>`,
    );
    expect(page).toContain("Stale expectation: the clause now passes, so the expectations file should drop it");
    // Needs attention lists the unexpected failure and the errored clause only.
    const attention = /<ol class="attention">([\s\S]*?)<\/ol>/.exec(page)![1]!;
    expect(attention).toContain("errors.errors-always-array");
    expect(attention).not.toContain("paging.has-more-extra-row");
    expect(page).toContain("<h3>Expected failures (2)</h3>");
    expect(page).toContain("<h3>Stale expectations (1)</h3>");
    expect(page).toContain('<label for="f-expected">Expected failures (2)</label>');
    // Section tallies add up too: 2.1 has one passed-but-stale, one expected, two passed.
    expect(page).toMatch(/2\.1<\/span> Page envelope<span class="tally">1 expected failure · 3 passed<\/span>/);
  });

  it("never makes a link of an issue that is not http(s)", () => {
    const report = applyExpectations(sampleReport(), [
      { clause: "paging.has-more-extra-row", reason: "r", issue: "javascript:alert(1)" },
    ]);
    const page = renderHtml(report);
    expect(page).not.toContain('href="javascript');
    expect(page).toContain("issue <code>javascript:alert(1)</code>");
  });

  it("says PASS when every failure was expected, and shows no expected count without --expect", () => {
    const report = passingExpectedReport();
    expect(verdictOf(report)).toBe("PASS");
    expect(renderHtml(report)).toContain('<header class="verdict v-pass">');
    expect(renderHtml(sampleReport())).not.toContain("Expected failure");
  });
});

describe("expected failures in summary.md", () => {
  it("counts them in their own row, lists them with reasons apart from the failures, and keeps tables whole", () => {
    const md = renderMarkdown(expectedReport());
    expect(md).toContain("| ✗ Failed | 1 |\n| ⊗ Expected failure | 2 |\n| ! Errored | 1 |");
    expect(md).toContain("**FAIL**: 1 failed, 2 expected failures, 1 errored");
    const headings = md.split("\n").filter((l) => l.startsWith("#### "));
    expect(headings).toEqual([
      "#### ✗ FAILED `errors.errors-always-array` · 7 Errors",
      "#### ! ERRORED `auth.control-plane-503` · 5 Authentication",
    ]);
    expect(md).toContain("### ⊗ Expectations (--expect)");
    expect(md).toContain(
      `| paging.has-more-extra-row | Expected failure | we stop one row early | [${ISSUE}](${ISSUE}) |`,
    );
    expect(md).toContain("| paging.limit-range | Expected failure | limit=0 is clamped, not refused |  |");
    expect(md).toContain("| paging.envelope-fields | Stale: now passes | was missing offset |  |");
    expect(md).toContain("| Section | Failed | Expected failure | Errored | Passed | Skipped | Not shown |");
    expect(md).toContain("| 2.1 Page envelope |  | 1 |  | 3 |  |  |");
    const { prose, balanced } = scanMarkdown(md);
    expect(balanced).toBe(true);
    let header: number | null = null;
    for (const line of prose) {
      if (!line.startsWith("|")) header = null;
      else if (header === null) header = cellSeparators(line);
      else expect(cellSeparators(line), line).toBe(header);
    }
  });

  it("says PASS when every failure was expected", () => {
    const md = renderMarkdown(passingExpectedReport());
    expect(md.split("\n")[0]).toBe("## ✓ cap-conformance: PASS");
    expect(md).not.toContain("Failed and errored clauses");
  });
});

describe("expected failures in junit.xml", () => {
  it("writes a check failing only expected clauses as skipped, naming the expectation and the clause", () => {
    const root = parseXml(renderJunit(expectedReport()));
    const tc = byName(root, "has_more is true");
    expect(children(tc, "failure")).toHaveLength(0);
    const skipped = children(tc, "skipped")[0]!;
    expect(skipped.attrs.message).toBe("expected failure (--expect): we stop one row early");
    expect(props(tc, "expected-failure")).toEqual(["paging.has-more-extra-row"]);
    expect(props(tc, "clause")).toEqual(["paging.has-more-extra-row"]);
    const out = textOf(children(tc, "system-out")[0]!);
    expect(out).toContain(`issue ${ISSUE}`);
    expect(out).toContain("returned has_more=false but 3 agents exist");
  });

  it("keeps a check a failure when one of its clauses was not expected", () => {
    const root = parseXml(renderJunit(expectedReport()));
    const tc = byName(root, "limit=0 answers 422");
    expect(children(tc, "failure")).toHaveLength(1);
    expect(props(tc, "expected-failure")).toEqual(["paging.limit-range"]);
  });

  it("notes a stale expectation on the passing check", () => {
    const root = parseXml(renderJunit(expectedReport()));
    const tc = byName(root, "every list endpoint answers the page envelope");
    expect(props(tc, "stale-expectation")).toEqual(["paging.envelope-fields"]);
    expect(textOf(children(tc, "system-out")[0]!)).toContain("paging.envelope-fields: Stale expectation");
  });

  it("has counts matching its elements, and no failure at all when every failure was expected", () => {
    const root = parseXml(renderJunit(expectedReport()));
    expect(root.attrs).toMatchObject({ tests: "13", failures: "1", errors: "1", skipped: "4" });
    const all = cases(root);
    expect(all.filter((c) => children(c, "failure").length > 0)).toHaveLength(1);
    expect(all.filter((c) => children(c, "skipped").length > 0)).toHaveLength(4);
    const passing = parseXml(renderJunit(passingExpectedReport()));
    expect(passing.attrs).toMatchObject({ failures: "0", errors: "0" });
    for (const suite of children(passing, "testsuite")) {
      expect(suite.attrs.failures).toBe("0");
      expect(children(suite, "testcase").filter((c) => children(c, "failure").length > 0)).toHaveLength(0);
    }
  });
});
