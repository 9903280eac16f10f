import { describe, expect, it } from "vitest";
import { sampleReport, withSummary } from "../../fixtures/sample-report.ts";
import { DEFAULT_MAX_BYTES, renderMarkdown } from "../../reports/markdown.ts";
import type { ClauseResult, Report } from "../../spec/report.ts";
import { HOSTILE, hostileReport } from "./hostile.ts";
import { cellSeparators, scanMarkdown } from "./markdown-scan.ts";

const bytes = (s: string) => Buffer.byteLength(s, "utf8");

function manyFailures(n: number, messageSize: number): Report {
  const report = sampleReport();
  const template = report.clauses.find((c) => c.id === "paging.has-more-extra-row")!;
  const extra: ClauseResult[] = Array.from({ length: n }, (_, i) => ({
    ...structuredClone(template),
    id: `paging.generated-${i}`,
    statement: `generated clause ${i} ${"s".repeat(400)}`,
    checks: template.checks.map((k) => ({
      ...k,
      failure: {
        ...k.failure!,
        message: `failure ${i} ${"m".repeat(messageSize)}`,
        reproduce: `cap ${"r".repeat(3000)}`,
      },
    })),
  }));
  return withSummary({ ...report, clauses: [...report.clauses, ...extra] });
}

describe("renderMarkdown", () => {
  it("leads with the verdict and the counts table", () => {
    const md = renderMarkdown(sampleReport());
    const lines = md.split("\n");
    // The sample has an errored clause besides the failed ones: the first line says so.
    expect(lines[0]).toBe("## ✗ cap-conformance: FAIL, and 1 clause errored (not judged)");
    expect(md).toContain("**FAIL**: 3 failed, 1 errored, 7 passed, 1 skipped, 2 not shown (14 clauses)");
    expect(md).toContain("| ✗ Failed | 3 |");
    expect(md).toContain("| ! Errored | 1 |");
    expect(md).toContain("| **Total** | 14 |");
    expect(md).toContain("seed 42");
  });

  it("lists each failed and errored clause with section, statement, message and reproduce command", () => {
    const md = renderMarkdown(sampleReport());
    const headings = md.split("\n").filter((l) => l.startsWith("#### "));
    expect(headings).toEqual([
      "#### ✗ FAILED `paging.has-more-extra-row` · 2.1 Page envelope",
      "#### ✗ FAILED `errors.errors-always-array` · 7 Errors",
      "#### ✗ FAILED `paging.limit-range` · 8 Limits",
      "#### ! ERRORED `auth.control-plane-503` · 5 Authentication",
    ]);
    // Only the first line of a multi-line message.
    expect(md).toContain("> GET /v1/agents?limit=2&amp;offset=0 returned has\\_more=false but 3 agents exist\n");
    expect(md).not.toContain("Counterexample");
    const { fences, balanced } = scanMarkdown(md);
    expect(balanced).toBe(true);
    expect(fences).toContain(
      "npx cap-conformance run --target target.json --clause paging.has-more-extra-row --seed 42",
    );
    expect(md).not.toContain("auth.role-reread"); // skipped clauses are counted, not listed
    // The failing check's requests, each as a curl line reading the credential from the role's variable.
    expect(md).toContain("Replay the 2 requests with curl. The credentials are read from $CAP\\_TOKEN\\_ADMIN;");
    expect(fences).toContainEqual(
      expect.stringContaining(
        "# 2. GET http://127.0.0.1:41234/v1/agents?limit=2&offset=0\n" +
          "curl -i 'http://127.0.0.1:41234/v1/agents?limit=2&offset=0' \\\n" +
          '  -H "authorization: Bearer $CAP_TOKEN_ADMIN" \\\n' +
          "  -H 'accept: application/json'",
      ),
    );
  });

  it("has a per-section table in section order", () => {
    const md = renderMarkdown(sampleReport());
    const rows = md.split("\n").filter((l) => /^\| \d/.test(l));
    expect(rows.map((r) => r.split("|")[1]!.trim())).toEqual([
      "2.1 Page envelope",
      "2.7 Generic mutation result",
      "4 Endpoints",
      "5 Authentication",
      "6.1 Webhooks",
      "7 Errors",
      "8 Limits",
    ]);
    expect(rows[0]).toBe("| 2.1 Page envelope | 1 |  | 3 |  |  |");
  });

  it("says PASS and lists nothing when every clause passed", () => {
    const report = sampleReport();
    report.clauses = report.clauses.filter((c) => c.status === "passed" || c.status === "not-shown");
    const md = renderMarkdown(withSummary(report));
    expect(md.split("\n")[0]).toBe("## ✓ cap-conformance: PASS");
    expect(md).not.toContain("Failed and errored clauses");
  });

  it("says ERROR and shows harness errors, which are not verdicts on the server", () => {
    const report = sampleReport();
    report.clauses = report.clauses.filter((c) => c.status === "passed");
    const md = renderMarkdown({ ...withSummary(report), harness_errors: ["suites/calls.suite.ts failed to load"] });
    expect(md.split("\n")[0]).toBe("## ! cap-conformance: ERROR");
    expect(md).toContain("### ! Harness errors (1)");
    expect(scanMarkdown(md).fences).toContain("suites/calls.suite.ts failed to load");
  });

  it("neutralises hostile strings: no HTML, no broken tables, no escaped fences", () => {
    const md = renderMarkdown(hostileReport());
    expect(md).not.toMatch(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/);
    const { prose, fences, balanced } = scanMarkdown(md);
    expect(balanced).toBe(true);
    for (const line of prose) {
      expect(line.replace(/^> /, ""), line).not.toMatch(/[<>]/);
      expect(line).not.toMatch(/^# heading/);
    }
    // Every row of a table has as many cell separators as its header row.
    let header: number | null = null;
    for (const line of prose) {
      if (!line.startsWith("|")) header = null;
      else if (header === null) header = cellSeparators(line);
      else expect(cellSeparators(line), line).toBe(header);
    }
    // The reproduce command survives verbatim (controls made visible) inside its fence.
    expect(fences.some((f) => f.includes("</script><script>alert(1)</script>") && f.includes("```fence```"))).toBe(
      true,
    );
    expect(HOSTILE).toContain("```");
    expect(md.trimEnd().endsWith("in the report directory._")).toBe(true);
  });

  it("stays under GitHub's 1 MiB step-summary limit by dropping whole clauses, and says so", () => {
    const report = manyFailures(3000, 2000);
    const md = renderMarkdown(report);
    expect(bytes(md)).toBeLessThanOrEqual(DEFAULT_MAX_BYTES);
    expect(DEFAULT_MAX_BYTES).toBeLessThan(1024 * 1024);
    const kept = md.split("\n").filter((l) => l.startsWith("#### ")).length;
    const omitted = Number(/_(\d+) more failed or errored clauses omitted/.exec(md)?.[1]);
    expect(kept).toBeGreaterThan(100);
    expect(kept + omitted).toBe(report.summary.failed + report.summary.errored);
    expect(scanMarkdown(md).balanced).toBe(true);
    expect(md).toContain("### Sections");
  });

  it("honours a small explicit budget", () => {
    const md = renderMarkdown(manyFailures(50, 200), { maxBytes: 8000 });
    expect(bytes(md)).toBeLessThanOrEqual(8000);
    expect(md).toMatch(/more failed or errored clauses omitted/);
    expect(scanMarkdown(md).balanced).toBe(true);
    // Long fields are cut inside a block, never across a fence.
    const single = renderMarkdown(manyFailures(1, 5000));
    expect(single).toContain("more characters]");
  });
});
