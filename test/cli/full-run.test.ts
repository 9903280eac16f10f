// The README's promise: `cap-conformance run` against the embedded platform passes, three times
// over with the same verdict, and writes report.json (schema 1) and junit.xml.
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect, test } from "vitest";
import { Report } from "../../spec/report.ts";
import { runCli } from "../helpers/cli.ts";

test("the full run on the reference platform passes, stable over --repeat 3", { timeout: 300_000 }, async () => {
  const dir = mkdtempSync(join(tmpdir(), "cap-full-"));
  const result = await runCli(["run", "--repeat", "3", "--report-dir", dir, "--quiet"], { timeoutMs: 280_000 });
  expect(result.code, `${result.stdout}\n${result.stderr}`).toBe(0);
  expect(result.stdout).toContain("Stable: every clause had the same verdict in 3 runs.");
  const report = Report.parse(JSON.parse(readFileSync(join(dir, "report.json"), "utf8")));
  expect(report.summary.failed).toBe(0);
  expect(report.summary.errored).toBe(0);
  for (const section of ["2.1", "5", "7"]) {
    expect(
      report.clauses.some((c) => c.section === section && c.status === "passed"),
      `a passed clause in §${section}`,
    ).toBe(true);
  }
  expect(readFileSync(join(dir, "junit.xml"), "utf8")).toContain("<testsuite");
});
