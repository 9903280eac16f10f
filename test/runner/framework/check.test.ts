// The runner core end to end in seconds: check() and property() in a real vitest with the worker setup and
// the collector, one check per outcome.
import { spawnSync } from "node:child_process";
import { beforeAll, describe, expect, it } from "vitest";
import type { CollectedCheck } from "../../../runner/orchestration/collector.ts";
import { ROOT } from "../../helpers/cli.ts";

let checks: CollectedCheck[];
const byName = (name: string) => {
  const found = checks.find((c) => c.result.name === name);
  if (found === undefined) throw new Error(`no check named ${name}`);
  return found;
};

beforeAll(() => {
  const child = spawnSync(process.execPath, ["--import", "tsx", "test/runner/fixtures/run-fixture.ts"], {
    cwd: ROOT,
    encoding: "utf8",
    timeout: 60_000,
  });
  if (child.status !== 0) throw new Error(`the fixture run failed: ${child.stderr}`);
  const out = JSON.parse(child.stdout) as { checks: CollectedCheck[]; harnessErrors: string[] };
  expect(out.harnessErrors).toEqual([]);
  checks = out.checks;
}, 90_000);

describe("check()", () => {
  it("names its clauses and passes", () => {
    const c = byName("passes");
    expect(c.clauses).toEqual(["demo.pass"]);
    expect(c.result).toMatchObject({ status: "passed", suite: "checks.fixture.ts", failure: null });
  });

  it("reports an assertion as failed, with the message and a replay line naming every clause and the seed", () => {
    const c = byName("fails on an assertion");
    expect(c.clauses).toEqual(["demo.fail", "demo.other"]);
    expect(c.result.status).toBe("failed");
    expect(c.result.failure?.message).toContain("what was compared");
    expect(c.result.failure?.reproduce).toBe("npx cap-conformance run --clause demo.fail,demo.other --seed 7");
  });

  it("errors a check whose own code breaks (a TypeError), never failing the server for it", () => {
    const c = byName("errors when the harness's own code breaks");
    expect(c.result.status).toBe("errored");
    expect(c.result.failure?.message).toMatch(/^the harness could not judge this check: TypeError: /);
  });

  it("errors a check whose shared set-up step breaks, naming the clause whose statement the step is", () => {
    for (const name of ["a shared step breaks in a check that does not own it", "a property whose first step breaks"]) {
      const c = byName(name);
      expect(c.result.status, name).toBe("errored");
      expect(c.result.failure?.message, name).toContain(
        "could not be prepared: the shared step broke, which is demo.owner's statement: what the step read",
      );
    }
  });

  it("fails the check that owns a broken step, for the owner alone", () => {
    const c = byName("a shared step breaks in the check that owns it");
    expect(c.result.status).toBe("failed");
    expect(c.result.failure?.clauses).toEqual(["demo.owner"]);
    expect(c.result.failure?.message).toContain("what the step read");
  });

  it("attributes an assertion made about one clause of two to that clause", () => {
    const c = byName("an assertion about one clause of two fails that one");
    expect(c.result).toMatchObject({ status: "failed", failure: { clauses: ["demo.second"] } });
  });

  it("reports a TargetError as errored, never failed", () => {
    expect(byName("errors when the target does not answer").result.status).toBe("errored");
  });

  it("skips with the true reason when the target lacks a need", () => {
    expect(byName("skips without wiring").result).toMatchObject({
      status: "skipped",
      reason: "the target is not wired to the simulators",
    });
  });

  it("skips with the reason a helper found by asking (skipCheck), never failed or errored", () => {
    expect(byName("skips from a helper, found only by asking").result).toMatchObject({
      status: "skipped",
      reason: "the region has no credits (402) and the target has no test control to fund it",
      failure: null,
    });
    expect(byName("a property that skips from its predicate").result).toMatchObject({
      status: "skipped",
      reason: "nothing to fund it with",
    });
  });

  it("ends a check that never finishes as errored at its own deadline, before vitest's", () => {
    const c = byName("overruns its deadline");
    expect(c.result.status).toBe("errored");
    expect(c.result.failure?.message).toContain("did not finish within 500 ms");
  });

  it("redacts the target's tokens from failure messages", () => {
    const message = byName("leaks no secret").result.failure?.message ?? "";
    expect(message).not.toContain("admin-token-123456");
    expect(message).toContain("[REDACTED");
  });
});

describe("a set-up hook that throws", () => {
  it("errors each check it kept from running, with the hook's error, instead of a bare skip", () => {
    const c = byName("after a broken set-up");
    expect(c.result.status).toBe("errored");
    expect(c.result.failure?.message).toBe(
      "the set-up of its suite file failed, so it could not run: set-up broke: POST /v1/knowledge answered 404",
    );
  });
});

describe("the requests of a check", () => {
  it("are counted per check, also for checks running at once in one worker", () => {
    expect(byName("sends 3 requests").result.requests).toBe(3);
    expect(byName("sends 5 requests").result.requests).toBe(5);
    expect(byName("passes").result.requests).toBe(0);
  });
});

describe("property()", () => {
  it("fails with fast-check's seed and path, and a replay line with the run seed", () => {
    const c = byName("a property with a counterexample");
    expect(c.result.status).toBe("failed");
    expect(c.result.failure?.seed).toEqual(expect.any(Number));
    expect(c.result.failure?.path).toEqual(expect.any(String));
    expect(c.result.failure?.message).toContain("counterexample: [500]");
    expect(c.result.failure?.reproduce).toBe("npx cap-conformance run --clause demo.property --seed 7");
  });

  it("hands `ahead` the values of every run, in the order the runs take them", () => {
    expect(byName("a property told its runs ahead").result).toMatchObject({ status: "passed", failure: null });
  });
});
