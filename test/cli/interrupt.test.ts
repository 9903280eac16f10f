// An interrupted run did not do its job: exit 2 and every format marked INCOMPLETE, whenever the interrupt comes
// and however the run was started. Before the first check (here: still waiting for a --command server), and
// through npx, where a terminal's Ctrl-C reaches the whole foreground process group: npm, the shell npm runs the
// command in, the harness and its workers.
import { type ChildProcess, spawn } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, realpathSync } from "node:fs";
import { constants, tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, expect, test } from "vitest";
import { Report } from "../../spec/report.ts";
import { BIN, ROOT, type Served, serve } from "../helpers/cli.ts";
import { until } from "../helpers/until.ts";

const dir = mkdtempSync(join(tmpdir(), "cap-interrupt-"));
let served: Served | undefined;
afterAll(async () => {
  await served?.stop();
});

/** Starts a command in a process group of its own, as a terminal runs a foreground job; answers its exit status
 * as a shell shows it (128 + the signal's number for one killed by a signal). */
function startGroup(command: string, args: string[]): { child: ChildProcess; exited: Promise<number | null> } {
  const child = spawn(command, args, { cwd: ROOT, stdio: "ignore", detached: true });
  const exited = new Promise<number | null>((resolve) =>
    child.once("exit", (code, signal) => resolve(code ?? (signal === null ? null : 128 + constants.signals[signal]))),
  );
  return { child, exited };
}

/** Ctrl-C: SIGINT to every process of the group. */
function interruptGroup(child: ChildProcess): void {
  process.kill(-child.pid!, "SIGINT");
}

function reportIn(reportDir: string): Report | undefined {
  try {
    return Report.parse(JSON.parse(readFileSync(join(reportDir, "report.json"), "utf8")));
  } catch {
    return undefined;
  }
}

function expectIncomplete(reportDir: string, reason: RegExp): void {
  const report = reportIn(reportDir)!;
  expect(report.incomplete?.reason).toMatch(reason);
  expect(readFileSync(join(reportDir, "summary.md"), "utf8")).toContain("INCOMPLETE: the run did not finish");
  expect(readFileSync(join(reportDir, "junit.xml"), "utf8")).toContain('name="the run did not finish"');
}

test("interrupted before the first check, while the server starts: exit 2 and an INCOMPLETE report", {
  timeout: 60_000,
}, async () => {
  const reportDir = join(dir, "early");
  const pidFile = join(dir, "server.pid");
  // The server never answers /health (nothing listens on port 9): the run is still waiting for it.
  const run = startGroup(process.execPath, [
    BIN,
    "run",
    "--command",
    `echo $$ > ${pidFile}; exec sleep 300`,
    "--base-url",
    "http://127.0.0.1:9",
    "--token-admin=a1",
    "--token-editor=e2",
    "--token-viewer=v3",
    "--quiet",
    "--report-dir",
    reportDir,
  ]);
  await until(() => existsSync(pidFile) && readFileSync(pidFile, "utf8").trim() !== "", 30_000, "the server started");
  interruptGroup(run.child);
  expect(await run.exited).toBe(2);
  expectIncomplete(reportDir, /^interrupted by SIGINT before the first check$/);
  expect(reportIn(reportDir)!.summary.passed + reportIn(reportDir)!.summary.failed).toBe(0);
});

test("Ctrl-C through npx mid-run: the harness writes an INCOMPLETE report and exits 2", {
  timeout: 240_000,
}, async () => {
  served = await serve([], dir, 60_000);
  // The keep-alive check waits 15 s: the run is still going when the first verdicts are in.
  const args = ["--clause", "catalog.top-level-keys,streams.keepalive-15s", "--seed", "1", "--quiet"];
  const outcome = async (name: string, npxFlags: string[]) => {
    const reportDir = join(dir, name);
    const run = startGroup("npx", [
      ...npxFlags,
      "cap-conformance",
      "run",
      "--target",
      served!.targetFile,
      ...args,
      "--report-dir",
      reportDir,
    ]);
    await until(() => (reportIn(reportDir)?.incomplete?.checks_finished ?? 0) > 0, 150_000, "the first verdicts");
    interruptGroup(run.child);
    const code = await run.exited;
    expectIncomplete(reportDir, /^interrupted by SIGINT$/);
    return code;
  };
  // npm runs the command through its script shell and exits as the shell did. bash exits as the harness did: 2.
  expect(await outcome("npx-bash", ["--script-shell=/bin/bash"])).toBe(2);
  // dash (Debian's /bin/sh, npm's default) re-raises a SIGINT it received while it waited, whatever the command
  // exited with, and npm then exits 130 (README, "run flags": Exit codes). The report is the same.
  const sh = realpathSync("/bin/sh");
  expect(await outcome("npx-sh", [])).toBe(sh.endsWith("dash") ? 130 : 2);
});
