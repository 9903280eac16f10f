// The hostile matrix, beside the kill matrix: every hostile behaviour (simulators/platform/hostile/) run the way a
// user would meet it, `serve --hostile NAME` in its own process, then `run --target` against it, narrowed to the
// checks that meet it. The harness must survive each: end within RUN_WITHIN_MS, stay under PEAK_RSS_MB (the run
// process and its vitest workers, from /proc), exit 1 or 2 (never 0, never a crash), and write a report.json
// that says what happened (MUST_SAY: the cap that stopped it, or what was wrong with the answer). Writes
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

/**
 * What each run's report must say: the cap that stopped the harness, or what was wrong with the answer (a
 * timeout, a failed connection, a body that is not JSON, a 429), so a reader knows the server, not the harness,
 * is at fault.
 */
const MUST_SAY: Record<HostileName, RegExp> = {
  "huge-body":
    /GET \S*\/v1\/agents\S*: the response body exceeded the body cap of 16 MiB \(its Content-Length is 200000000\)/,
  "endless-body": /body cap of 16 MiB \(after \d+ bytes\)/,
  "gzip-bomb": /body cap of 16 MiB \(after \d+ bytes\)/,
  trickle: /no answer within 10000 ms/,
  "invalid-utf8": /the body is not UTF-8/,
  "invalid-json": /the body is not JSON/,
  "endless-sse-line": /line cap of 1 MiB/,
  "many-headers": /header cap of 16 KiB/,
  "connection-reset": /the connection failed/,
  "redirect-loop": /→ 307/,
  "429-storm": /the API answered 429/,
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
      const mustSay = MUST_SAY[name as HostileName];
      if (!mustSay.test(reportText)) problems.push(`the report does not say ${mustSay}`);
      // What the harness said of the answer: the errored or failed check saying MUST_SAY, else the first such
      // check, else a set-up error.
      const messages = (report?.clauses ?? [])
        .flatMap((c) => c.checks)
        .filter((c) => c.status === "errored" || c.status === "failed")
        .map((c) => c.failure?.message ?? "");
      const said =
        messages.find((m) => mustSay.test(m)) ??
        messages[0] ??
        report?.harness_errors?.[0]?.replace(/^\S*suites\//, "suites/");
      return {
        hostile: name,
        exit: result.code,
        ms: result.ms,
        peak_rss_mb: peak,
        report: report !== undefined,
        verdict: report === undefined ? "none" : verdictWord(report),
        said: (said ?? "")
          .replace(/\s+/g, " ")
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
