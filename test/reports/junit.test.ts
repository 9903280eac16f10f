import { describe, expect, it } from "vitest";
import { sampleReport, withSummary } from "../../fixtures/sample-report.ts";
import { visibleControls } from "../../reports/escape.ts";
import { renderJunit } from "../../reports/junit.ts";
import { HOSTILE, hostileReport } from "./hostile.ts";
import { children, parseXml, textOf, type XmlElement } from "./xml.ts";

function cases(root: XmlElement): XmlElement[] {
  return children(root, "testsuite").flatMap((s) => children(s, "testcase"));
}

const props = (tc: XmlElement, name: string) =>
  children(children(tc, "properties")[0]!, "property")
    .filter((p) => p.attrs.name === name)
    .map((p) => p.attrs.value);

function byName(root: XmlElement, prefix: string): XmlElement {
  const found = cases(root).filter((c) => c.attrs.name!.startsWith(prefix));
  expect(found, prefix).toHaveLength(1);
  return found[0]!;
}

describe("renderJunit", () => {
  it("is well-formed XML whose counts match its test cases", () => {
    const root = parseXml(renderJunit(sampleReport()));
    expect(root.name).toBe("testsuites");
    const all = cases(root);
    const count = (tag: string) => all.filter((c) => children(c, tag).length > 0).length;
    // 11 distinct checks (one shared by two clauses, one shared by two clauses) + 2 not-shown clauses.
    expect(root.attrs).toMatchObject({ tests: "13", failures: "2", errors: "1", skipped: "3" });
    expect([all.length, count("failure"), count("error"), count("skipped")]).toEqual([13, 2, 1, 3]);
    for (const suite of children(root, "testsuite")) {
      const own = children(suite, "testcase");
      expect(suite.attrs.tests).toBe(String(own.length));
      expect(suite.attrs.failures).toBe(String(own.filter((c) => children(c, "failure").length > 0).length));
      expect(suite.attrs.errors).toBe(String(own.filter((c) => children(c, "error").length > 0).length));
      expect(suite.attrs.skipped).toBe(String(own.filter((c) => children(c, "skipped").length > 0).length));
    }
    expect(children(root, "testsuite").map((s) => s.attrs.name)).toEqual([
      "paging",
      "agents",
      "auth",
      "errors",
      "webhooks",
    ]);
  });

  it("says it counts checks, where the other formats count clauses, and gives the clause counts beside", () => {
    const xml = renderJunit(sampleReport());
    // sampleReport: 3 failed clauses, judged by fewer failed checks (one check names two of them).
    expect(xml).toContain("<!-- cap-conformance: FAIL, and 1 clause errored (not judged): 3 failed, 1 errored,");
    expect(xml).toContain("<!-- junit.xml counts checks (a testcase per check, and one per clause no check judged)");
    expect(xml).toContain('<property name="counts" value="checks"/><property name="clauses.failed" value="3"/>');
  });

  it("names every clause of the report in some test case's properties", () => {
    const report = sampleReport();
    const root = parseXml(renderJunit(report));
    const named = new Set(cases(root).flatMap((c) => props(c, "clause")));
    expect([...named].sort()).toEqual(report.clauses.map((c) => c.id).sort());
  });

  it("writes a check shared by two clauses once, with both clause ids and sections", () => {
    const root = parseXml(renderJunit(sampleReport()));
    const tc = byName(root, "limit=0 answers 422");
    expect(tc.attrs.name).toBe(
      "limit=0 answers 422 with one error line per problem [errors.errors-always-array, paging.limit-range]",
    );
    expect(props(tc, "clause")).toEqual(["errors.errors-always-array", "paging.limit-range"]);
    expect(props(tc, "section")).toEqual(["7", "8"]);
  });

  it("puts message, seed, path, reproduce line and exchanges in a failure", () => {
    const root = parseXml(renderJunit(sampleReport()));
    const failure = children(byName(root, "has_more is true"), "failure")[0]!;
    expect(failure.attrs.message).toBe("GET /v1/agents?limit=2&offset=0 returned has_more=false but 3 agents exist");
    const text = textOf(failure);
    expect(text).toContain("Property failed after 7 tests");
    expect(text).toContain("seed: 42");
    expect(text).toContain("path: 6:1:0");
    expect(text).toContain(
      "reproduce: npx cap-conformance run --target target.json --clause paging.has-more-extra-row --seed 42",
    );
    expect(text).toContain("2. GET http://127.0.0.1:41234/v1/agents?limit=2&offset=0 -> 200 (6 ms)");
    expect(text).toContain('"has_more":false');
    expect(byName(root, "has_more is true").attrs.time).toBe("1.843");
  });

  it("reports errored checks as <error> and skipped ones with their reason", () => {
    const root = parseXml(renderJunit(sampleReport()));
    const error = children(byName(root, "control plane outage"), "error")[0]!;
    expect(error.attrs.message).toContain("did not answer POST /_admin/outage");
    expect(textOf(error)).toContain("-> no response (5.0 s)");
    const skipped = children(byName(root, "a demoted editor"), "skipped")[0]!;
    expect(skipped.attrs.message).toBe("needs a wired target: the target file says wired=false for region r2");
    const notShown = byName(root, "webhooks.signature-headers");
    expect(children(notShown, "skipped")[0]!.attrs.message).toBe(
      "not shown in the spec: the spec does not show the signature header names",
    );
  });

  it("truncates large bodies and keeps only the last exchanges", () => {
    const report = sampleReport();
    const failure = report.clauses.find((c) => c.id === "paging.has-more-extra-row")!.checks[0]!.failure!;
    const last = failure.exchanges[1]!;
    failure.exchanges = Array.from({ length: 25 }, () => ({ ...last, response_body: "x".repeat(100_000) }));
    const xml = renderJunit(report);
    expect(xml.length).toBeLessThan(60_000);
    const text = textOf(children(byName(parseXml(xml), "has_more is true"), "failure")[0]!);
    expect(text).toContain("exchanges (25):");
    expect(text).toContain("15 earlier kept exchanges omitted");
    expect(text).toContain("[98000 more characters]");
  });

  it("escapes hostile strings everywhere, including characters XML 1.0 forbids", () => {
    const xml = renderJunit(hostileReport());
    const root = parseXml(xml); // throws on anything malformed
    expect(xml).not.toContain("<script");
    expect(xml).not.toContain("<img");
    expect(xml).not.toContain("]]>");
    const safe = visibleControls(HOSTILE);
    expect(safe).toContain("\\x00");
    const failure = children(byName(root, "has_more is true"), "failure")[0]!;
    expect(textOf(failure).startsWith(safe)).toBe(true);
    expect(failure.attrs.message).toBe(safe.split(/\r?\n/)[0]);
    expect(props(byName(root, "has_more is true"), "clause")).toEqual([`paging.has-more-extra-row${safe}`]);
    expect(root.attrs.name).toBe("cap-conformance");
    expect(children(children(root, "testsuite")[0]!, "properties")[0]!.children.length).toBeGreaterThan(0);
  });

  it("reports harness errors as errored test cases of a 'harness' suite", () => {
    const report = { ...sampleReport(), harness_errors: ["suites/calls.suite.ts: Cannot find module\n  at load"] };
    const root = parseXml(renderJunit(report));
    const suite = children(root, "testsuite").find((s) => s.attrs.name === "harness")!;
    expect(suite.attrs).toMatchObject({ tests: "1", errors: "1" });
    const error = children(children(suite, "testcase")[0]!, "error")[0]!;
    expect(error.attrs.message).toBe("suites/calls.suite.ts: Cannot find module");
    expect(textOf(error)).toContain("  at load");
    expect(root.attrs).toMatchObject({ tests: "14", errors: "2" });
  });

  it("still renders a clause that has no checks with its own status", () => {
    const report = sampleReport();
    const clause = report.clauses.find((c) => c.id === "auth.role-reread")!;
    clause.checks = [];
    const root = parseXml(renderJunit(withSummary(report)));
    const tc = byName(root, "auth.role-reread");
    expect(children(tc, "skipped")[0]!.attrs.message).toBe(clause.reason);
  });
});

describe("the XML checker used above", () => {
  it.each([
    ["<a>&foo;</a>", "unknown entity"],
    ["<a>\u0001</a>", "not allowed in XML 1.0"],
    ["<a>x]]>y</a>", "]]> in text"],
    ["<a><b></a>", "closes"],
    ['<a b="<"/>', "raw <"],
    ['<a b="1" b="2"/>', "duplicate attribute"],
    ["<a>&#0;</a>", "not an XML character"],
    ["<a>x & y</a>", "unterminated reference"],
    ["<a/><b/>", "content after the root"],
  ])("rejects %j", (xml, problem) => {
    expect(() => parseXml(xml)).toThrow(problem);
  });
});
