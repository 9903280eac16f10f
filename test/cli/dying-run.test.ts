// A run that dies still leaves its report (ARCHITECTURE.md, "A report even when the run dies"): killed outright
// (SIGKILL, as the kernel kills a process out of memory) it leaves the report.json written as its checks
// finished, marked incomplete; interrupted (SIGTERM, as CI cancels a job) it writes every format marked
// incomplete and exits 2. Each run pairs a quick check with the 15 s keep-alive wait, so it is still going
// when the first verdicts are in.
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect, test } from "vitest";
import { STILL_RUNNING } from "../../cli/live-report.ts";
import { Report } from "../../spec/report.ts";
import { BIN, ROOT, serve } from "../helpers/cli.ts";

const CLAUSES = "catalog.top-level-keys,streams.keepalive-15s";

function startRun(targetFile: string, reportDir: string): { child: ChildProcess; exited: Promise<number | null> } {
  const args = [
    "run",
    "--target",
    targetFile,
    "--clause",
    CLAUSES,
    "--seed",
    "1",
    "--quiet",
    "--report-dir",
    reportDir,
  ];
  const child = spawn(process.execPath, [BIN, ...args], { cwd: ROOT, stdio: "ignore" });
  return { child, exited: new Promise((resolve) => child.once("exit", (code) => resolve(code))) };
}

function reportIn(dir: string): Report | undefined {
  try {
    return Report.parse(JSON.parse(readFileSync(join(dir, "report.json"), "utf8")));
  } catch {
    return undefined;
  }
}

/** Waits until the run's report holds a verdict, while the run is still going. */
async function firstVerdicts(dir: string, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + 60_000;
  while ((reportIn(dir)?.incomplete?.checks_finished ?? 0) === 0) {
    if (child.exitCode !== null) throw new Error(`the run ended (exit ${child.exitCode}) before it was stopped`);
    if (Date.now() > deadline) throw new Error("no verdict in report.json within 60 s");
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

test("a run killed or interrupted mid-way leaves a report marked incomplete with the verdicts reached", {
  timeout: 180_000,
}, async () => {
  const dir = mkdtempSync(join(tmpdir(), "cap-dying-"));
  const served = await serve([], dir);
  try {
    const killed = startRun(served.targetFile, join(dir, "killed"));
    const interrupted = startRun(served.targetFile, join(dir, "interrupted"));
    await Promise.all([
      firstVerdicts(join(dir, "killed"), killed.child),
      firstVerdicts(join(dir, "interrupted"), interrupted.child),
    ]);
    killed.child.kill("SIGKILL");
    interrupted.child.kill("SIGTERM");
    expect(await killed.exited).toBeNull();
    expect(await interrupted.exited, "an interrupted run exits with its report's verdict").toBe(2);

    const dead = reportIn(join(dir, "killed"))!;
    expect(dead.incomplete?.reason).toBe(STILL_RUNNING);
    const checks = dead.clauses.flatMap((c) => c.checks).filter((c) => c.suite !== "every-response");
    expect(checks.length, "the verdicts reached before the kill").toBeGreaterThanOrEqual(1);
    expect(readFileSync(join(dir, "killed", "junit.xml"), "utf8")).toContain("the run did not finish");

    const cut = reportIn(join(dir, "interrupted"))!;
    expect(cut.incomplete?.reason).toBe("interrupted by SIGTERM");
    expect(cut.incomplete?.checks_finished).toBeGreaterThanOrEqual(1);
    for (const file of ["summary.md", "report.html", "junit.xml"]) {
      expect(readFileSync(join(dir, "interrupted", file), "utf8"), file).toContain(
        "INCOMPLETE: the run did not finish",
      );
    }
  } finally {
    await served.stop();
  }
});
