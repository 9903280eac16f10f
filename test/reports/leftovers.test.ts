// Leftovers (what a run could not delete) in report.json, report.html and summary.md, with the sweep command.
import { describe, expect, it } from "vitest";
import { sampleReport } from "../../fixtures/sample-report.ts";
import { renderHtml } from "../../reports/html.ts";
import { renderMarkdown } from "../../reports/markdown.ts";
import { Report } from "../../spec/report.ts";
import { scanMarkdown } from "./markdown-scan.ts";

function withLeftovers(): Report {
  const report = sampleReport();
  return Report.parse({
    ...report,
    run: { ...report.run, prefix: "capct-1a2b3c-" },
    leftovers: [
      {
        resource: "knowledge base 0b0c5f7e-0001",
        suite: "knowledge",
        reason: "the profile declares knowledge-delete absent, so it stays",
      },
      { resource: "agent <img src=x>", suite: "agents", reason: "delete answered 500" },
    ],
  });
}

describe("leftovers", () => {
  it("are optional in report.json: a schema_version 1 report without them still reads", () => {
    const plain = sampleReport();
    expect(plain.leftovers).toBeUndefined();
    expect(Report.safeParse(JSON.parse(JSON.stringify(plain))).success).toBe(true);
    expect(Report.parse(withLeftovers()).leftovers).toHaveLength(2);
  });

  it("are listed in report.html with their suite and reason, escaped, and the cleanup command", () => {
    const page = renderHtml(withLeftovers());
    expect(page).toContain("<h2>Left behind (2)</h2>");
    expect(page).toContain(
      "<li>knowledge base 0b0c5f7e-0001 (knowledge): the profile declares knowledge-delete absent, so it stays</li>",
    );
    expect(page).toContain("<li>agent &lt;img src=x&gt; (agents): delete answered 500</li>");
    expect(page).toContain(
      '<pre class="cmd"><code>npx cap-conformance cleanup --target target.json --prefix capct-1a2b3c-</code></pre>',
    );
    expect(renderHtml(sampleReport())).not.toContain("Left behind");
  });

  it("are listed in summary.md with the cleanup command in a fence", () => {
    const md = renderMarkdown(withLeftovers());
    expect(md).toContain("### Left behind (2)");
    expect(md).toContain("- agent &lt;img src=x&gt; (agents): delete answered 500");
    expect(scanMarkdown(md).fences).toContain(
      "npx cap-conformance cleanup --target target.json --prefix capct-1a2b3c-",
    );
    expect(renderMarkdown(sampleReport())).not.toContain("Left behind");
  });
});
