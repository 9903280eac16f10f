// junit.xml: one <testsuite> per suite area, one <testcase> per check (a check covering several clauses appears
// once, naming all of them), plus one skipped <testcase> per clause that has no check (not-shown, or skipped
// before any check ran). Read by GitHub test reporters and Jenkins. A failed check whose every clause is an
// expected failure (--expect) is written as skipped, naming the expectation: the run passed, so CI must not go red.
import { areaOf } from "../spec/clause.ts";
import type { CheckResult, ClauseResult, Report } from "../spec/report.ts";
import { bannersOf } from "./banners.ts";
import { xmlAttr, xmlText } from "./escape.ts";
import { failureText } from "./exchange-text.ts";
import { expectationLine, isExpectedFailure, isStaleExpectation } from "./expected.ts";
import { countsLine, firstLine, junitSeconds, truncate, verdictHeadline } from "./format.ts";
import { optionalRows } from "./optional-rows.ts";

type CaseStatus = CheckResult["status"];

interface TestCase {
  name: string;
  classname: string;
  durationMs: number;
  status: CaseStatus;
  clauses: ClauseResult[];
  /** The check behind the case; absent for a clause with no check. */
  check?: CheckResult;
  /** Set for an error outside any check (then `clauses` is empty). */
  harnessError?: string;
  /** A failed check all of whose clauses were expected to fail: written as skipped. */
  expectedFailure?: boolean;
}

const SEVERITY: Record<CaseStatus, number> = { passed: 0, skipped: 1, failed: 2, errored: 3 };
const MESSAGE_ATTR_MAX = 500;

/** The clause id's area prefix; report ids are not validated, so an id without one goes to "clauses". */
function areaOfId(id: string): string {
  return id.includes(".") && !id.startsWith(".") ? areaOf(id) : "clauses";
}

function suiteOf(check: CheckResult, clause: ClauseResult): string {
  return check.suite || areaOfId(clause.id);
}

/** Test cases grouped by suite, in first-appearance order. */
function collectCases(report: Report): Map<string, TestCase[]> {
  const suites = new Map<string, TestCase[]>();
  const byKey = new Map<string, TestCase>();
  const add = (suite: string, tc: TestCase) => {
    const list = suites.get(suite);
    if (list === undefined) suites.set(suite, [tc]);
    else list.push(tc);
  };
  for (const clause of [...report.clauses, ...optionalRows(report)]) {
    if (clause.checks.length === 0) {
      const area = areaOfId(clause.id);
      add(area, {
        name: clause.id,
        classname: `cap-conformance.${area}`,
        durationMs: 0,
        status: clause.status === "not-shown" ? "skipped" : clause.status,
        clauses: [clause],
      });
      continue;
    }
    for (const check of clause.checks) {
      const suite = suiteOf(check, clause);
      const key = `${suite}\u0000${check.name}`;
      const seen = byKey.get(key);
      if (seen !== undefined) {
        if (!seen.clauses.includes(clause)) seen.clauses.push(clause);
        if (SEVERITY[check.status] > SEVERITY[seen.status]) {
          seen.status = check.status;
          seen.check = check;
        }
        continue;
      }
      const tc: TestCase = {
        name: check.name,
        classname: `cap-conformance.${suite}`,
        durationMs: check.duration_ms,
        status: check.status,
        clauses: [clause],
        check,
      };
      byKey.set(key, tc);
      add(suite, tc);
    }
  }
  for (const tc of byKey.values()) markExpected(tc);
  return suites;
}

/** A failure is expected only when every clause the check names is an expected failure: one unexpected clause
 * keeps it a failure. */
function markExpected(tc: TestCase): void {
  if (tc.status !== "failed" || !tc.clauses.every(isExpectedFailure)) return;
  tc.status = "skipped";
  tc.expectedFailure = true;
}

function caseName(tc: TestCase): string {
  if (tc.check === undefined) return tc.name;
  return `${tc.name} [${tc.clauses.map((c) => c.id).join(", ")}]`;
}

function clauseLines(tc: TestCase): string[] {
  return tc.clauses.map((c) => `clause ${c.id} (section ${c.section}): ${c.statement}`);
}

function skipReason(tc: TestCase): string {
  const clause = tc.clauses[0]!;
  if (tc.check === undefined && clause.status === "not-shown") {
    return `not shown in the spec: ${clause.reason ?? clause.statement}`;
  }
  return tc.check?.reason ?? clause.reason ?? "skipped";
}

/** The skipped element of an expected failure: the expectation's reason in its message, the failure as text. */
function expectedBody(tc: TestCase): string {
  const lines = tc.clauses.map((c) => `${c.id}: ${expectationLine(c)}`);
  const failure = tc.check?.failure ?? null;
  const text = failure === null ? lines.join("\n") : `${lines.join("\n")}\n\n${failureText(failure, clauseLines(tc))}`;
  const message = `expected failure (--expect): ${tc.clauses.map((c) => c.expected!.reason).join("; ")}`;
  return `<skipped message="${xmlAttr(truncate(message, MESSAGE_ATTR_MAX))}"/>\n      <system-out>${xmlText(text)}</system-out>`;
}

function caseBody(tc: TestCase): string {
  const failure = tc.check?.failure ?? null;
  if (tc.expectedFailure) return expectedBody(tc);
  if (tc.harnessError !== undefined) {
    const message = tc.harnessError;
    return `<error message="${xmlAttr(truncate(firstLine(message), MESSAGE_ATTR_MAX))}">${xmlText(truncate(message, 20_000))}</error>`;
  }
  switch (tc.status) {
    case "passed": {
      // A stale expectation is news for whoever keeps the expectations file; system-out is where CI shows it.
      const stale = tc.clauses.filter(isStaleExpectation).map((c) => `${c.id}: ${expectationLine(c)}`);
      return stale.length === 0 ? "" : `<system-out>${xmlText(stale.join("\n"))}</system-out>`;
    }
    case "skipped":
      return `<skipped message="${xmlAttr(truncate(skipReason(tc), MESSAGE_ATTR_MAX))}"/>`;
    case "failed":
    case "errored": {
      const tag = tc.status === "failed" ? "failure" : "error";
      const message = failure?.message ?? tc.clauses[0]?.reason ?? `clause ${tc.status} without a check result`;
      const text =
        failure === null ? [message, "", ...clauseLines(tc)].join("\n") : failureText(failure, clauseLines(tc));
      return `<${tag} message="${xmlAttr(truncate(firstLine(message), MESSAGE_ATTR_MAX))}">${xmlText(text)}</${tag}>`;
    }
  }
}

function renderCase(tc: TestCase): string {
  const sections = [...new Set(tc.clauses.map((c) => c.section))];
  const props = [
    ...tc.clauses.map((c) => `<property name="clause" value="${xmlAttr(c.id)}"/>`),
    ...sections.map((s) => `<property name="section" value="${xmlAttr(s)}"/>`),
    ...tc.clauses
      .filter((c) => c.assumption)
      .map((c) => `<property name="assumption" value="${xmlAttr(c.assumption!)}"/>`),
    ...tc.clauses
      .filter((c) => c.ambiguity !== undefined)
      .map((c) => `<property name="ambiguity" value="${xmlAttr(c.ambiguity!)}"/>`),
    // Which clauses --expect declared, for tools that read properties: the expected ones and the stale ones.
    ...tc.clauses.filter(isExpectedFailure).map((c) => `<property name="expected-failure" value="${xmlAttr(c.id)}"/>`),
    ...tc.clauses
      .filter(isStaleExpectation)
      .map((c) => `<property name="stale-expectation" value="${xmlAttr(c.id)}"/>`),
  ];
  const body = caseBody(tc);
  return [
    `    <testcase classname="${xmlAttr(tc.classname)}" name="${xmlAttr(caseName(tc))}" time="${junitSeconds(tc.durationMs)}">`,
    ...(props.length === 0 ? [] : [`      <properties>${props.join("")}</properties>`]),
    ...(body === "" ? [] : [`      ${body}`]),
    "    </testcase>",
  ].join("\n");
}

interface Counts {
  tests: number;
  failures: number;
  errors: number;
  skipped: number;
  ms: number;
}

function countCases(cases: readonly TestCase[]): Counts {
  return {
    tests: cases.length,
    failures: cases.filter((c) => c.status === "failed").length,
    errors: cases.filter((c) => c.status === "errored").length,
    skipped: cases.filter((c) => c.status === "skipped").length,
    ms: cases.reduce((sum, c) => sum + c.durationMs, 0),
  };
}

const countAttrs = (c: Counts, ms: number) =>
  `tests="${c.tests}" failures="${c.failures}" errors="${c.errors}" skipped="${c.skipped}" time="${junitSeconds(ms)}"`;

/** JUnit's XSD wants a timestamp without zone or fraction; report times are UTC. */
function junitTimestamp(iso: string): string | undefined {
  const t = Date.parse(iso);
  return Number.isNaN(t) ? undefined : new Date(t).toISOString().slice(0, 19);
}

/** JUnit's unit is a test case, so its counts are of checks; a check may judge several clauses, a clause several checks. */
export const COUNTS_NOTE =
  "junit.xml counts checks (a testcase per check, and one per clause no check judged); the clause counts are in the comment above, report.json and summary.md";

function runProperties(report: Report): string {
  const props: Array<[string, string]> = [
    ["counts", "checks"],
    ["clauses.failed", String(report.summary.failed)],
    ["tool.version", report.tool.version],
    ["spec.sha256", report.spec.sha256],
    ["profile", report.target.profile],
    ["wired", String(report.target.wired)],
    ["seed", String(report.run.seed)],
    ["num_runs", String(report.run.num_runs)],
    ...report.target.regions.map((r): [string, string] => [`region.${r.name}`, r.base_url]),
  ];
  return props.map(([n, v]) => `<property name="${xmlAttr(n)}" value="${xmlAttr(v)}"/>`).join("");
}

/**
 * Errors outside any check get their own suite, so CI shows them as errors rather than losing them; a run that
 * did not finish is one of them.
 */
function harnessCases(report: Report): TestCase[] {
  const incomplete = bannersOf(report).find((b) => b.kind === "incomplete")?.text;
  const named: Array<[string, string]> = [
    ...(report.setup?.faults ?? []).map((fault): [string, string] => [`setup problem: ${firstLine(fault)}`, fault]),
    ...(incomplete === undefined ? [] : [["the run did not finish", incomplete] as [string, string]]),
    ...(report.harness_errors ?? []).map((message, i): [string, string] => [`harness error ${i + 1}`, message]),
  ];
  return named.map(([name, message]) => ({
    name,
    classname: "cap-conformance.harness",
    durationMs: 0,
    status: "errored",
    clauses: [],
    harnessError: message,
  }));
}

export function renderJunit(report: Report): string {
  const suites = collectCases(report);
  const harness = harnessCases(report);
  if (harness.length > 0) suites.set("harness", harness);
  const all = [...suites.values()].flat();
  const timestamp = junitTimestamp(report.run.started_at);
  const stamp = timestamp === undefined ? "" : ` timestamp="${timestamp}"`;
  const props = runProperties(report);
  const out = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<!-- cap-conformance: ${xmlComment(verdictHeadline(report))}: ${xmlComment(countsLine(report.summary, report.expectations))} -->`,
    // What the counts below count, said where a reader of the XML meets them: the other formats count clauses.
    `<!-- ${xmlComment(COUNTS_NOTE)} -->`,
    ...bannersOf(report).map((b) => `<!-- ${xmlComment(b.text)} -->`),
    `<testsuites name="cap-conformance" ${countAttrs(countCases(all), report.run.duration_ms)}${stamp}>`,
  ];
  for (const [suite, cases] of suites) {
    const counts = countCases(cases);
    out.push(`  <testsuite name="${xmlAttr(suite)}" ${countAttrs(counts, counts.ms)}${stamp}>`);
    out.push(`    <properties>${props}</properties>`);
    for (const tc of cases) out.push(renderCase(tc));
    out.push("  </testsuite>");
  }
  out.push("</testsuites>", "");
  return out.join("\n");
}

/** Text safe inside an XML comment ("--" may not appear there). */
function xmlComment(text: string): string {
  return text.replace(/-{2,}/g, "-");
}
