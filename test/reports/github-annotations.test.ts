// The workflow commands the action prints for a report: one line per failing clause whatever the text holds.
import { describe, expect, it } from "vitest";
import { sampleReport, withSummary } from "../../fixtures/sample-report.ts";
import { ANNOTATIONS_MAX, githubAnnotations, moreLine } from "../../reports/github-annotations.ts";
import type { ClauseResult } from "../../spec/report.ts";
import { hostileReport } from "./hostile.ts";

describe("githubAnnotations", () => {
  it("puts an ::error per failed or errored clause, titled with its id, the message and reproduce line below", () => {
    const { lines } = githubAnnotations(sampleReport());
    // One failure of each area before a second of any: paging's second failure after errors' first.
    expect(lines.map((l) => /^::error title=([^:]+)::/.exec(l)?.[1])).toEqual([
      "paging.has-more-extra-row failed",
      "errors.errors-always-array failed",
      "paging.limit-range failed",
      "auth.control-plane-503 errored",
    ]);
    expect(lines[0]).toContain(
      "%0AReproduce: npx cap-conformance run --target target.json --clause paging.has-more-extra-row --seed 42",
    );
  });

  it("puts each harness error first, as an ::error of its own", () => {
    const report = sampleReport();
    report.harness_errors = ["suites/paging.suite.ts: cannot load\n  at x"];
    expect(githubAnnotations(report).lines[0]).toBe(
      "::error title=harness error::suites/paging.suite.ts: cannot load%0A  at x",
    );
  });

  it("keeps a hostile report's text inside one command line each", () => {
    for (const line of githubAnnotations(hostileReport()).lines) {
      expect(line).not.toMatch(/[\r\n]/);
      // The title ends at the first `::`; a `:` or `,` in the id would end it early.
      expect(/^::error title=([^:,]*)::/.test(line), line.slice(0, 80)).toBe(true);
    }
  });

  it("says expected failures as ::notice, and annotates GitHub's 10 errors a step, counting the rest", () => {
    const report = sampleReport();
    const template = report.clauses.find((c) => c.id === "paging.limit-range")!;
    const extra: ClauseResult[] = Array.from({ length: 60 }, (_, i) => ({ ...template, id: `paging.generated-${i}` }));
    const many = githubAnnotations(withSummary({ ...report, clauses: [...report.clauses, ...extra] }));
    expect(many.lines.filter((l) => l.startsWith("::error "))).toHaveLength(ANNOTATIONS_MAX);
    // 63 failed and 1 errored: 10 annotated, the 54 others counted, most telling first.
    expect(many.more).toHaveLength(54);
    expect(many.more.at(-1)).toBe("auth.control-plane-503");
    expect(moreLine(many.more)).toMatch(
      /^\*\*54 more failing clauses\*\* than GitHub annotates \(10 errors a step\): `paging\./,
    );
    expect(moreLine([])).toBeUndefined();
    const expected = structuredClone(report);
    expected.clauses.find((c) => c.id === "paging.limit-range")!.expected = {
      clause: "paging.limit-range",
      reason: "known",
      stale: false,
    };
    const notices = githubAnnotations(expected).lines.filter((l) => l.startsWith("::notice "));
    expect(notices).toHaveLength(1);
    expect(notices[0]).toContain("%0AExpected failure: known");
  });
});
