// The report builder: a clause's status is the worst of its checks, a clause no check reached says why, and the
// universal rules become checks of their own.
import { describe, expect, it } from "vitest";
import { NO_TEST_CONTROL, NOT_WIRED } from "../../../runner/framework/skip-reasons.ts";
import { buildReport, type RunInfo } from "../../../runner/orchestration/build-report.ts";
import type { CollectedCheck } from "../../../runner/orchestration/collector.ts";
import type { Clause } from "../../../spec/clause.ts";
import type { CheckResult } from "../../../spec/report.ts";

const clause = (id: string, kind: Clause["kind"] = "testable"): Clause => ({ id, section: "2.1", statement: id, kind });
const result = (name: string, status: CheckResult["status"]): CheckResult => ({
  name,
  suite: "demo",
  status,
  duration_ms: 1,
  reason: status === "skipped" ? "the target is not wired to the simulators" : null,
  failure: null,
});
const collected = (clauses: string[], r: CheckResult, universal: CollectedCheck["universal"] = {}): CollectedCheck => ({
  clauses,
  result: r,
  universal,
});
const target = {
  regions: [{ name: "r1", base_url: "http://127.0.0.1:1" }],
  credentials: {},
  wired: false,
  profile: "default",
};
const info = (narrowed = false): RunInfo => ({
  toolVersion: "0.0.0",
  specSha256: "x",
  seed: 1,
  numRuns: 1,
  startedAt: new Date(0),
  finishedAt: new Date(1000),
  narrowed,
});
const build = (clauses: Clause[], checks: CollectedCheck[], narrowed = false) =>
  // biome-ignore lint/suspicious/noExplicitAny: a minimal target is enough for the builder
  buildReport(clauses, checks, target as any, info(narrowed));

describe("buildReport", () => {
  it("gives a clause the worst status of its checks: failed > errored > passed > skipped", () => {
    const report = build(
      [clause("a.x"), clause("a.y"), clause("a.z")],
      [
        collected(["a.x", "a.y"], result("one", "passed")),
        collected(["a.x"], result("two", "failed")),
        collected(["a.y"], result("three", "errored")),
        collected(["a.z"], result("four", "skipped")),
        collected(["a.z"], result("five", "passed")),
      ],
    );
    expect(report.clauses.map((c) => c.status)).toEqual(["failed", "errored", "passed"]);
    expect(report.summary).toMatchObject({ passed: 1, failed: 1, errored: 1 });
  });

  it("errors, never fails, the clauses of a check whose failure was about another of its clauses", () => {
    const failed: CheckResult = {
      ...result("owner", "failed"),
      failure: { message: "the step read X", exchanges: [], reproduce: null, clauses: ["a.owner"] },
    };
    const report = build([clause("a.owner"), clause("a.sibling")], [collected(["a.owner", "a.sibling"], failed)]);
    const [owner, sibling] = report.clauses;
    expect(owner).toMatchObject({ status: "failed", checks: [{ status: "failed" }] });
    expect(sibling!.status).toBe("errored");
    expect(sibling!.checks[0]!.failure!.message).toBe("could not be prepared: a.owner broke first: the step read X");
    expect(report.summary).toMatchObject({ failed: 1, errored: 1 });
  });

  it("lists a clause's checks by suite and name, whatever order they finished in", () => {
    const finished = [
      collected(["a.x"], { ...result("b: second", "failed"), suite: "paging" }),
      collected(["a.x"], { ...result("z: last", "passed"), suite: "agents" }),
      collected(["a.x"], { ...result("a: first", "failed"), suite: "paging" }),
    ];
    const names = (checks: CollectedCheck[]) => build([clause("a.x")], checks).clauses[0]!.checks.map((c) => c.name);
    expect(names(finished)).toEqual(["z: last", "a: first", "b: second"]);
    expect(names([...finished].reverse())).toEqual(["z: last", "a: first", "b: second"]);
  });

  it("names a skipped clause after its kind when its checks skipped for different wants", () => {
    const skippedFor = (name: string, reason: string): CheckResult => ({ ...result(name, "skipped"), reason });
    const checks = [
      collected(["d.x", "d.y"], skippedFor("a: needs both", NO_TEST_CONTROL)),
      collected(["d.x", "d.y"], skippedFor("b: needs wiring", NOT_WIRED)),
    ];
    const report = build([clause("d.x", "needs-wiring"), clause("d.y", "needs-test-control")], checks);
    expect(report.clauses.map((c) => [c.status, c.reason])).toEqual([
      ["skipped", NOT_WIRED],
      ["skipped", NO_TEST_CONTROL],
    ]);
  });

  it("says why a clause has no verdict: its skip reason, not shown, not selected, or not covered", () => {
    const report = build(
      [clause("a.skip"), clause("a.open", "not-shown"), clause("a.none")],
      [collected(["a.skip"], result("s", "skipped"))],
    );
    expect(report.clauses.map((c) => [c.status, c.reason])).toEqual([
      ["skipped", "the target is not wired to the simulators"],
      ["not-shown", "the spec leaves this open (not shown)"],
      ["skipped", "no check covers this clause yet"],
    ]);
    expect(build([clause("a.none")], [], true).clauses[0]?.reason).toBe("not selected by --clause/--suite");
  });

  it("turns the universal rules' observations into checks that fail on any violation", () => {
    const seen = (violations: string[]) => ({ envelope: { seen: 3, violations } });
    const report = build(
      [clause("errors.envelope")],
      [
        collected(["a.x"], result("first", "passed"), seen([])),
        collected(["a.x"], result("second", "passed"), seen(["GET /v1/x → 404: body is not {detail}"])),
      ],
    );
    const envelope = report.clauses[0]!;
    expect(envelope.status).toBe("failed");
    // The first line alone (what a console or a JUnit attribute shows) names the violation.
    expect(envelope.checks[0]?.failure?.message.split("\n")[0]).toBe(
      '1 of 6 responses broke the rule; the first: GET /v1/x → 404: body is not {detail} (during "second")',
    );
  });

  it("passes a rule read one way of two contradicting sentences, and says so on its clause", () => {
    const note = "a 422 with one problem listed its line in errors";
    const report = build(
      [clause("errors.single-problem-empty-errors")],
      [
        collected(["a.x"], result("first", "passed"), {
          "single-problem": { seen: 2, violations: [], ambiguities: [note] },
        }),
      ],
    );
    const single = report.clauses[0]!;
    expect(single.status).toBe("passed");
    expect(single.ambiguity).toBe(note);
    expect(report.summary.ambiguous).toBe(1);
  });
});
