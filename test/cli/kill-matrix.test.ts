// The kill matrix: every planted fault makes the run fail on one of the clauses it declares, the way a
// user would see it: `serve --fault NAME` (in this process), then `run --target` against it in its own. Each run is
// narrowed to the checks that name a declared clause (wherever they live), which keeps the matrix fast
// and says exactly which check killed it; failures of other clauses in those checks are recorded as
// collateral. Writes reports/out/kill-matrix.json and kill-matrix.md (the README's summary).
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect, test } from "vitest";
import { FAULTS } from "../../simulators/platform/faults/index.ts";
import { type OptionalBehaviourId, optionalCheckId } from "../../spec/optional-behaviours.ts";
import { Report } from "../../spec/report.ts";
import { pool, ROOT, runCli, serveInProcess } from "../helpers/cli.ts";
import { type Evidence, keptEvidence } from "../helpers/kept-evidence.ts";

interface Kill {
  fault: string;
  /** What the failures kept of the exchanges they are about (helpers/kept-evidence.ts). */
  evidence: Evidence;
  exit: number | null;
  killed: boolean;
  by: string[];
  collateral: string[];
  ms: number;
}

test("every planted fault is caught by one of its declared clauses", { timeout: 1_500_000 }, async () => {
  const dir = mkdtempSync(join(tmpdir(), "cap-kill-"));
  // Three at a time: a fault's run mostly waits (simulated minutes, the 5 s webhook limit, keep-alives).
  const kills = await pool(
    3,
    Object.entries(FAULTS).map(([fault, spec]) => async (): Promise<Kill> => {
      const reportDir = join(dir, fault);
      mkdirSync(reportDir, { recursive: true });
      // A busy machine may take a while to start a server: its start is not what the matrix measures. The
      // servers run in this process (serve's own process is the variant matrix's, the checks' the run's).
      const profileArgs: string[] = [];
      if ("profile" in spec) {
        const file = join(reportDir, "profile.json");
        writeFileSync(file, JSON.stringify({ name: `fault ${fault}`, ...spec.profile }));
        profileArgs.push("--profile", file);
      }
      const served = await serveInProcess(["--fault", fault, ...profileArgs], reportDir, 120_000);
      // A kill needs one failure, not a minimal counterexample: no shrinking, fewer runs per property.
      const args = [
        "run",
        "--target",
        served.targetFile,
        "--seed",
        "1",
        "--num-runs",
        "10",
        "--no-shrink",
        "--quiet",
        "--report-dir",
        reportDir,
      ];
      args.push("--clause", spec.clauses.join(","));
      const result = await runCli(args, { timeoutMs: 120_000 }).finally(() => served.stop());
      let failed: string[] = [];
      let evidence: Evidence = { failures: 0, named: 0, marked: 0, problems: ["no report.json"] };
      try {
        const report = Report.parse(JSON.parse(readFileSync(join(reportDir, "report.json"), "utf8")));
        // An optional behaviour a fault's profile declares is reported apart from the clauses, under its check id.
        const optional = (report.optional ?? []).filter((o) => o.status === "failed");
        failed = [
          ...report.clauses.filter((c) => c.status === "failed").map((c) => c.id),
          ...optional.map((o) => optionalCheckId(o.id as OptionalBehaviourId)),
        ];
        evidence = keptEvidence(report);
      } catch {
        failed = [];
      }
      const by = failed.filter((id) => (spec.clauses as readonly string[]).includes(id));
      return {
        fault,
        evidence,
        exit: result.code,
        killed: result.code === 1 && by.length > 0,
        by,
        collateral: failed.filter((id) => !by.includes(id)),
        ms: result.ms,
      };
    }),
  );
  mkdirSync(join(ROOT, "reports/out"), { recursive: true });
  const sum = (key: "failures" | "named" | "marked") => kills.reduce((n, k) => n + k.evidence[key], 0);
  const evidence = { failures: sum("failures"), named: sum("named"), marked: sum("marked") };
  writeFileSync(
    join(ROOT, "reports/out/kill-matrix.json"),
    `${JSON.stringify({ faults: kills.length, killed: kills.filter((k) => k.killed).length, evidence, kills }, null, 2)}\n`,
  );
  writeFileSync(join(ROOT, "reports/out/kill-matrix.md"), killMatrixMarkdown(kills));
  const survivors = kills.filter((k) => !k.killed).map((k) => `${k.fault} (exit ${k.exit})`);
  expect(survivors, "faults no declared clause caught").toEqual([]);
  // For every planted fault, a failing check whose message names the exchange its assertion is about keeps that
  // exchange, marked, however many came after it (issue 32: the evidence always holds the failure).
  const lost = kills.flatMap((k) => k.evidence.problems.map((p) => `${k.fault}: ${p}`));
  expect(lost, "failures whose exchange was not kept and marked").toEqual([]);
});

function killMatrixMarkdown(kills: Kill[]): string {
  const byArea = new Map<string, Kill[]>();
  for (const kill of kills) {
    const area = (FAULTS[kill.fault as keyof typeof FAULTS].clauses[0] ?? "?").split(".")[0]!;
    byArea.set(area, [...(byArea.get(area) ?? []), kill]);
  }
  const lines = [
    `${kills.filter((k) => k.killed).length} of ${kills.length} planted faults killed by a declared clause.`,
    "",
    "| area | faults | killed | killed by |",
    "|---|---|---|---|",
  ];
  for (const [area, group] of [...byArea].sort()) {
    const by = [...new Set(group.flatMap((k) => k.by))].sort();
    lines.push(`| ${area} | ${group.length} | ${group.filter((k) => k.killed).length} | ${by.join(", ")} |`);
  }
  return `${lines.join("\n")}\n`;
}
