// The kill matrix: every planted fault makes the run fail on one of the clauses it declares, with
// the suites narrowed to the areas of those clauses. Writes reports/out/kill-matrix.json.
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect, test } from "vitest";
import { availableSuites } from "../../cli/run-suites.ts";
import { FAULTS } from "../../simulators/platform/faults/index.ts";
import { areaOf } from "../../spec/clause.ts";
import { Report } from "../../spec/report.ts";
import { pool, ROOT, runCli } from "../helpers/cli.ts";

interface Kill {
  fault: string;
  exit: number | null;
  killed: boolean;
  by: string[];
  collateral: string[];
  ms: number;
}

test("every planted fault is caught by one of its declared clauses", { timeout: 900_000 }, async () => {
  const suites = availableSuites();
  const dir = mkdtempSync(join(tmpdir(), "cap-kill-"));
  const kills = await pool(
    2,
    Object.entries(FAULTS).map(([fault, spec]) => async (): Promise<Kill> => {
      const areas = [...new Set(spec.clauses.map(areaOf))].filter((a) => suites.includes(a));
      const reportDir = join(dir, fault);
      const args = ["run", "--fault", fault, "--seed", "1", "--quiet", "--report-dir", reportDir];
      if (areas.length > 0) args.push("--suite", areas.join(","));
      const result = await runCli(args, { timeoutMs: 120_000 });
      let failed: string[] = [];
      try {
        const report = Report.parse(JSON.parse(readFileSync(join(reportDir, "report.json"), "utf8")));
        failed = report.clauses.filter((c) => c.status === "failed").map((c) => c.id);
      } catch {
        failed = [];
      }
      const by = failed.filter((id) => (spec.clauses as readonly string[]).includes(id));
      return {
        fault,
        exit: result.code,
        killed: result.code === 1 && by.length > 0,
        by,
        collateral: failed.filter((id) => !by.includes(id)),
        ms: result.ms,
      };
    }),
  );
  mkdirSync(join(ROOT, "reports/out"), { recursive: true });
  writeFileSync(
    join(ROOT, "reports/out/kill-matrix.json"),
    `${JSON.stringify({ faults: kills.length, killed: kills.filter((k) => k.killed).length, kills }, null, 2)}\n`,
  );
  const survivors = kills.filter((k) => !k.killed).map((k) => `${k.fault} (exit ${k.exit})`);
  expect(survivors, "faults no declared clause caught").toEqual([]);
});
