// One failure, one clause: a test-fire that answers wrongly (the planted webhook-test-fire-queued) fails the
// clause whose statement the test-fire's answer is, and only that one; the delivery checks and the paging
// checks of the deliveries list that fire test-fires to set themselves up are errored, "could not be
// prepared", naming that clause. Before, the same wrong answer failed every clause of every such check.
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, expect, test } from "vitest";
import { Report } from "../../spec/report.ts";
import { runCli } from "../helpers/cli.ts";

const dir = mkdtempSync(join(tmpdir(), "cap-one-failure-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const OWNER = "webhooks.test-fire-inline";

test("a broken shared set-up step fails the clause it is about and errors, never fails, the others", {
  timeout: 240_000,
}, async () => {
  const reportDir = join(dir, "report");
  const clauses = [OWNER, "delivery.signature-valid", "delivery.user-agent", "paging.envelope-fields"];
  const run = await runCli(
    ["run", "--fault", "webhook-test-fire-queued", "--suite", "webhooks,delivery,paging", "--clause"].concat([
      clauses.join(","),
      "--seed",
      "1",
      "--quiet",
      "--report-dir",
      reportDir,
    ]),
    { timeoutMs: 200_000 },
  );
  expect(run.code, run.stdout + run.stderr).toBe(1);
  const report = Report.parse(JSON.parse(readFileSync(join(reportDir, "report.json"), "utf8")));
  const failed = report.clauses.filter((c) => c.status === "failed").map((c) => c.id);
  expect(failed).toEqual([OWNER]);
  for (const id of clauses.slice(1)) {
    const clause = report.clauses.find((c) => c.id === id)!;
    expect(clause.status, id).toBe("errored");
    const errored = clause.checks.filter((c) => c.status === "errored");
    expect(errored.length, id).toBeGreaterThan(0);
    for (const check of errored) {
      expect(check.failure?.message, `${id}: ${check.name}`).toContain(
        `could not be prepared: a test-fire broke, which is ${OWNER}'s statement`,
      );
    }
  }
});
