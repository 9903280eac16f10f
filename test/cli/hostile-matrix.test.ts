// The hostile matrix, beside the kill matrix: every hostile behaviour (simulators/platform/hostile/) run the way a
// user would meet it, `serve --hostile NAME` in its own process, then `run --target` against it, narrowed to the
// checks that meet it. The harness must survive each: end within RUN_WITHIN_MS, stay under PEAK_RSS_MB (the run
// process and its vitest workers, from /proc), exit 1 or 2 (never 0, never a crash), and write a report.json;
// where a limit of the harness is what stopped it, the report names that limit. Writes
// reports/out/hostile-matrix.json and hostile-matrix.md (the README's table).
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect, test } from "vitest";
import { HOSTILE, type HostileName } from "../../simulators/platform/hostile/index.ts";
import { Report } from "../../spec/report.ts";
import { pool, ROOT, runCli, serve } from "../helpers/cli.ts";

/** Bounds of one hostile run (README, "Limits"): start-up on a loaded 2-core machine included. */
const RUN_WITHIN_MS = 120_000;
const PEAK_RSS_MB = 1024;
/** Three at a time: most runs wait (a trickle, a timeout), and three keep the matrix near a minute and a half. */
const AT_ONCE = 3;

/** The limit a run's report must name, where one of the harness's caps is what stopped it. */
const NAMES_LIMIT: Partial<Record<HostileName, RegExp>> = {
  "huge-body": /body cap of 16 MiB/,
  "endless-body": /body cap of 16 MiB/,
  "gzip-bomb": /body cap of 16 MiB/,
  "endless-sse-line": /line cap of 1 MiB/,
  "many-headers": /header cap of 16 KiB/,
};

interface HostileRun {
  hostile: string;
  exit: number | null;
  ms: number;
  peak_rss_mb: number;
  report: boolean;
  verdict: string;
  /** The first message of an errored or failed check (or of a set-up error): what the harness said. */
  said: string;
  problems: string[];
}

test("the harness survives every hostile behaviour in bounded time and memory, with a report", {
  timeout: 600_000,
}, async () => {
  const dir = mkdtempSync(join(tmpdir(), "cap-hostile-"));
  const runs = await pool(
    AT_ONCE,
    Object.entries(HOSTILE).map(([name, spec]) => async (): Promise<HostileRun> => {
      const reportDir = join(dir, name);
      mkdirSync(reportDir, { recursive: true });
      const served = await serve(["--hostile", name], reportDir);
      const args = ["run", "--target", served.targetFile, "--clause", spec.clauses.join(",")];
      args.push("--seed", "1", "--num-runs", "5", "--no-shrink", "--quiet", "--report-dir", reportDir);
      const result = await runCli(args, { timeoutMs: RUN_WITHIN_MS, peakRss: true, resolveOnTimeout: true }).finally(
        () => served.stop(),
      );
      const problems: string[] = [];
      let reportText = "";
      let report: Report | undefined;
      try {
        reportText = readFileSync(join(reportDir, "report.json"), "utf8");
        report = Report.parse(JSON.parse(reportText));
      } catch (error) {
        problems.push(`no readable report.json (${(error as Error).message.split("\n")[0]})`);
      }
      if (result.timedOut) problems.push(`did not end within ${RUN_WITHIN_MS} ms`);
      if (result.code !== 1 && result.code !== 2) problems.push(`exit ${result.code}, not 1 or 2`);
      const peak = result.peakRssMb ?? 0;
      if (peak > PEAK_RSS_MB) problems.push(`peak RSS ${peak} MiB over ${PEAK_RSS_MB} MiB`);
      const limit = NAMES_LIMIT[name as HostileName];
      if (limit !== undefined && !limit.test(reportText)) problems.push(`the report does not name the limit ${limit}`);
      // What the harness said of the answer: the first check that errored or failed, else a set-up error.
      const problem = report?.clauses
        .flatMap((c) => c.checks)
        .find((c) => c.status === "errored" || c.status === "failed");
      const said = problem?.failure?.message ?? report?.harness_errors?.[0]?.replace(/^\S*suites\//, "suites/");
      return {
        hostile: name,
        exit: result.code,
        ms: result.ms,
        peak_rss_mb: peak,
        report: report !== undefined,
        verdict: report === undefined ? "none" : verdictWord(report),
        said: (said ?? "")
          .split("\n")[0]!
          .replace(/http:\/\/127\.0\.0\.1:\d+/g, "")
          .slice(0, 200),
        problems,
      };
    }),
  );
  mkdirSync(join(ROOT, "reports/out"), { recursive: true });
  writeFileSync(join(ROOT, "reports/out/hostile-matrix.json"), `${JSON.stringify({ runs }, null, 2)}\n`);
  writeFileSync(join(ROOT, "reports/out/hostile-matrix.md"), hostileMatrixMarkdown(runs));
  const broken = runs.filter((r) => r.problems.length > 0).map((r) => `${r.hostile}: ${r.problems.join("; ")}`);
  expect(broken, "hostile behaviours the harness did not survive").toEqual([]);
});

function verdictWord(report: Report): string {
  const { failed, errored } = report.summary;
  return `${failed} failed, ${errored} errored${report.incomplete ? ", incomplete" : ""}`;
}

function hostileMatrixMarkdown(runs: HostileRun[]): string {
  const lines = [
    `Each run: \`serve --hostile NAME\`, then \`run --target\` narrowed to the checks that meet it; bounds ${RUN_WITHIN_MS / 1000} s and ${PEAK_RSS_MB} MiB.`,
    "",
    "| hostile behaviour | exit | time | peak RSS | what the harness said |",
    "|---|---|---|---|---|",
  ];
  for (const run of runs) {
    const said = run.said.replaceAll("|", "\\|");
    lines.push(`| ${run.hostile} | ${run.exit} | ${(run.ms / 1000).toFixed(1)} s | ${run.peak_rss_mb} MiB | ${said} |`);
  }
  return `${lines.join("\n")}\n`;
}
