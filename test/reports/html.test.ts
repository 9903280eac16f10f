import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { sampleReport, withSummary } from "../../fixtures/sample-report.ts";
import { renderHtml } from "../../reports/html.ts";
import { hostileReport } from "./hostile.ts";

/** Every tag the renderer itself emits; anything else in the output came from report data. */
const OWN_TAGS = new Set(
  "html head meta title style body header div p h1 h2 h3 h4 span main ul li dl dt dd code br ol a input label section details summary pre table tr th td footer script b".split(
    " ",
  ),
);

function tagNames(page: string): string[] {
  return [...page.matchAll(/<\/?([a-zA-Z][a-zA-Z0-9-]*)/g)].map((m) => m[1]!.toLowerCase());
}

function scriptBodies(page: string): string[] {
  return [...page.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((m) => m[1]!);
}

describe("renderHtml", () => {
  it("puts the verdict, counts and environment first", () => {
    const page = renderHtml(sampleReport());
    expect(page.startsWith("<!doctype html>")).toBe(true);
    expect(page).toContain("<title>FAIL, and 1 clause errored (not judged) · cap-conformance report</title>");
    expect(page).toMatch(
      /<header class="verdict v-fail">[\s\S]*?<h1 id="verdict">.*FAIL, and 1 clause errored \(not judged\)<\/h1>/,
    );
    expect(page).toContain("3 failed, 1 errored, 7 passed, 1 skipped, 2 not shown (14 clauses)");
    for (const fact of [
      "cap-conformance 0.1.0",
      "9f2c4e1d7b3a5f60c8e2d4b6a8f0e1c3d5b7a9f1e3c5d7b9a1f3e5c7d9b1a3f5",
      "http://127.0.0.1:41235",
      "<dt>Wired</dt><dd>yes</dd>",
      "<code>default</code>",
      "<dt>Seed</dt><dd><code>42</code></dd>",
      "<dt>Runs per property</dt><dd>100</dd>",
      "2025-01-10 09:00:00 UTC",
      "2025-01-10 09:00:12 UTC",
      "12.5 s",
    ]) {
      expect(page).toContain(fact);
    }
    expect(page.indexOf('class="verdict')).toBeLessThan(page.indexOf('class="counts"'));
  });

  it("says PASS or ERROR when that is the verdict", () => {
    const report = sampleReport();
    report.clauses = report.clauses.filter((c) => c.status !== "failed");
    expect(renderHtml(withSummary(report))).toContain('<header class="verdict v-error">');
    report.clauses = report.clauses.filter((c) => c.status !== "errored");
    expect(renderHtml(withSummary(report))).toContain('<header class="verdict v-pass">');
  });

  it("says ERROR and lists harness errors when the harness reported some", () => {
    const report = sampleReport();
    report.clauses = report.clauses.filter((c) => c.status === "passed");
    const page = renderHtml({ ...withSummary(report), harness_errors: ["suites/calls.suite.ts failed to load"] });
    expect(page).toContain('<header class="verdict v-error">');
    expect(page).toContain("<h2>Harness errors (1)</h2>");
    expect(page).toContain('<pre class="msg herr">suites/calls.suite.ts failed to load</pre>');
  });

  it("groups clauses by section in spec order, failures open, not-shown clauses apart and collapsed", () => {
    const page = renderHtml(sampleReport());
    const sections = [...page.matchAll(/<section class="sec"><h2><span class="num">([^<]+)<\/span> ([^<]+)/g)].map(
      (m) => `${m[1]} ${m[2]}`,
    );
    expect(sections).toEqual([
      "2.1 Page envelope",
      "2.7 Generic mutation result",
      "4 Endpoints",
      "5 Authentication",
      "6.1 Webhooks",
      "7 Errors",
      "8 Limits",
    ]);
    const clauseOpen = (id: string) =>
      new RegExp(
        `data-status="[a-z-]+"><details( open)?><summary><span class="badge[^>]+>[^<]+</span><code class="cid">${id.replace(/\./g, "\\.")}<`,
      ).exec(page)?.[1] === " open";
    expect(clauseOpen("paging.has-more-extra-row")).toBe(true);
    expect(clauseOpen("auth.control-plane-503")).toBe(true);
    expect(clauseOpen("paging.envelope-fields")).toBe(false);
    const notShown = page.slice(page.indexOf('<section class="notshown">'));
    expect(notShown).toMatch(/^<section class="notshown"><h2>Not shown in the spec<\/h2><details>/);
    expect(notShown).toContain("errors.403-messages");
    expect(notShown).toContain("the spec does not show the signature header names");
    expect(page.indexOf("errors.403-messages")).toBeGreaterThan(page.indexOf('<section class="notshown">'));
  });

  it("shows the message, seed/path, replay command and each exchange of a failure", () => {
    const page = renderHtml(sampleReport());
    expect(page).toContain("Counterexample: [{&quot;agents&quot;:3,&quot;limit&quot;:2}]");
    expect(page).toContain("<span>seed</span> <code>42</code>");
    expect(page).toContain("<span>path</span> <code>6:1:0</code>");
    expect(page).toContain(
      '<pre class="cmd"><code>npx cap-conformance run --target target.json --clause paging.has-more-extra-row --seed 42</code></pre>',
    );
    expect(page).toContain('<span class="m">GET</span> http://127.0.0.1:41234/v1/tools?limit=0 → ');
    expect(page).toContain('<span class="s s-bad">422</span>');
    expect(page).toContain('<span class="s s-none">no response</span>');
    expect(page).toContain('<th scope="row">authorization</th><td>[REDACTED]</td>');
    // Each exchange replays with curl, the credential read from the role's variable.
    expect(page).toContain(
      '<div class="lbl">Replay with curl</div><pre class="cmd"><code>curl -i -X POST http://127.0.0.1:41234/v1/agents \\\n' +
        "  -H &quot;authorization: Bearer $CAP_TOKEN_ADMIN&quot; \\\n" +
        "  -H &#39;accept: application/json&#39; \\\n",
    );
    expect(page).toContain(
      "Each exchange replays with its curl line. The credentials are read from $CAP_TOKEN_ADMIN; secret values",
    );
    // JSON bodies are pretty-printed.
    expect(page).toContain('<pre class="body">{\n  &quot;detail&quot;: {\n    &quot;message&quot;');
    expect(page).toContain("Skipped: needs a wired target");
    expect(page).toContain(
      "Tested through a profile assumption:</b> webhook.test: POST /v1/webhooks/{webhook_id}/test",
    );
  });

  it("is self-contained: no external URL is loaded and only its own hashed script may run", () => {
    const page = renderHtml(sampleReport());
    expect(page).not.toMatch(/<link|@import|url\(|\ssrc=/i);
    const hrefs = [...page.matchAll(/href="([^"]*)"/g)].map((m) => m[1]!);
    expect(hrefs.length).toBeGreaterThan(0);
    for (const h of hrefs) expect(h).toMatch(/^#c\d+$/);
    const scripts = scriptBodies(page);
    expect(scripts).toHaveLength(1);
    const hash = createHash("sha256").update(scripts[0]!).digest("base64");
    const csp = /<meta http-equiv="Content-Security-Policy" content="([^"]+)">/.exec(page)?.[1];
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain(`script-src 'sha256-${hash}'`);
  });

  it("escapes hostile strings from the report everywhere", () => {
    const page = renderHtml(hostileReport());
    expect(tagNames(page).filter((t) => !OWN_TAGS.has(t))).toEqual([]);
    expect(scriptBodies(page)).toHaveLength(1);
    expect((page.match(/<\/script>/g) ?? []).length).toBe(1);
    expect(page).not.toMatch(/<img|<!\[CDATA\[|<!--/);
    expect(page).not.toMatch(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/);
    expect(page).toContain("&lt;img src=x onerror=alert(1)&gt;");
    expect(page).toContain("&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;");
    expect(page).toContain("\\x00\\x07\\x1B[31m\\x7F");
    // Attribute values hold only what the renderer put there.
    for (const m of page.matchAll(/\s([a-z-]+)="([^"]*)"/g)) {
      expect(m[2], m[0]).not.toMatch(/[<>]/);
    }
  });

  it("caps huge bodies so the page stays openable", () => {
    const report = sampleReport();
    const x = report.clauses.find((c) => c.id === "paging.has-more-extra-row")!.checks[0]!.failure!.exchanges[1]!;
    x.response_body = "y".repeat(2_000_000);
    const page = renderHtml(report);
    expect(page.length).toBeLessThan(200_000);
    expect(page).toContain(`[${2_000_000 - 64 * 1024} more characters]`);
  });
});
