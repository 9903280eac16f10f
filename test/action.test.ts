// action.yml's steps run as a GitHub runner runs a composite action's: each `run` step by `bash -e` with its `env`
// (the inputs mapped to INPUT_* there), GITHUB_ACTION_PATH, a GITHUB_OUTPUT file per step and one
// GITHUB_STEP_SUMMARY file; `if: always()` steps run after a failure, others do not; `uses` steps (setup-node)
// are the runner's to do and are only listed. An expression the runner here cannot evaluate fails the test, so the
// action uses nothing this test does not emulate.
import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parse } from "yaml";
import { Target } from "../spec/target.ts";
import { ROOT, type Served, serve } from "./helpers/cli.ts";

interface Step {
  id?: string;
  name?: string;
  if?: string;
  uses?: string;
  shell?: string;
  run?: string;
  env?: Record<string, string>;
}

interface Action {
  inputs: Record<string, { default?: string }>;
  outputs: Record<string, { value: string }>;
  runs: { using: string; steps: Step[] };
}

const ACTION = parse(readFileSync(join(ROOT, "action.yml"), "utf8")) as Action;

interface ActionRun {
  /** Every step's output, in order. */
  log: string;
  /** The step that failed the job (exit code not 0), if any, and its code. */
  failed?: { step: string; code: number };
  skippedUses: string[];
  summary: string;
  outputs: Record<string, string>;
}

function runStep(script: string, env: NodeJS.ProcessEnv, cwd: string): Promise<{ code: number; out: string }> {
  return new Promise((resolve, reject) => {
    // How the runner starts a `shell: bash` step.
    const child = spawn("bash", ["--noprofile", "--norc", "-eo", "pipefail", "-c", script], { cwd, env });
    let out = "";
    child.stdout.on("data", (chunk: Buffer) => (out += chunk));
    child.stderr.on("data", (chunk: Buffer) => (out += chunk));
    const timer = setTimeout(() => child.kill("SIGKILL"), 240_000);
    child.on("error", reject);
    child.on("close", (code) => {
      clearTimeout(timer);
      resolve({ code: code ?? 1, out });
    });
  });
}

function parseOutputs(file: string): Record<string, string> {
  if (!existsSync(file)) return {};
  const pairs = readFileSync(file, "utf8")
    .split("\n")
    .filter((line) => line.includes("="))
    .map((line) => [line.slice(0, line.indexOf("=")), line.slice(line.indexOf("=") + 1)]);
  return Object.fromEntries(pairs);
}

async function runAction(
  inputs: Record<string, string>,
  workspace: string,
  env: NodeJS.ProcessEnv,
): Promise<ActionRun> {
  for (const name of Object.keys(inputs)) expect(ACTION.inputs, `input ${name}`).toHaveProperty(name);
  const value = (name: string) => inputs[name] ?? ACTION.inputs[name]?.default ?? "";
  const stepOutputs: Record<string, Record<string, string>> = {};
  const evaluate = (text: string) =>
    text.replace(/\$\{\{\s*([^}]+?)\s*\}\}/g, (_, expr: string) => {
      let m = /^inputs\.([\w-]+)$/.exec(expr);
      if (m) return value(m[1]!);
      m = /^steps\.([\w-]+)\.outputs\.([\w-]+)$/.exec(expr);
      if (m) return stepOutputs[m[1]!]?.[m[2]!] ?? "";
      if (expr === "github.action_path") return ROOT;
      throw new Error(`action.yml uses an expression this test does not emulate: ${expr}`);
    });
  const summaryFile = join(workspace, "step-summary.md");
  writeFileSync(summaryFile, "");
  const run: ActionRun = { log: "", skippedUses: [], summary: "", outputs: {} };
  expect(ACTION.runs.using).toBe("composite");
  for (const [index, step] of ACTION.runs.steps.entries()) {
    if (step.uses !== undefined) {
      run.skippedUses.push(step.uses);
      continue;
    }
    if (step.if !== undefined && step.if !== "always()") throw new Error(`an if this test cannot judge: ${step.if}`);
    if (run.failed !== undefined && step.if !== "always()") continue;
    expect(step.shell, `step ${step.name}: shell`).toBe("bash");
    const outputFile = join(workspace, `output-${index}`);
    const stepEnv = Object.fromEntries(Object.entries(step.env ?? {}).map(([k, v]) => [k, evaluate(String(v))]));
    const { code, out } = await runStep(
      evaluate(step.run!),
      {
        ...env,
        ...stepEnv,
        GITHUB_ACTION_PATH: ROOT,
        GITHUB_OUTPUT: outputFile,
        GITHUB_STEP_SUMMARY: summaryFile,
        GITHUB_WORKSPACE: workspace,
      },
      workspace,
    );
    run.log += `== ${step.name ?? step.id}\n${out}`;
    if (step.id !== undefined) stepOutputs[step.id] = parseOutputs(outputFile);
    if (code !== 0 && run.failed === undefined) run.failed = { step: step.name ?? String(index), code };
  }
  run.summary = readFileSync(summaryFile, "utf8");
  run.outputs = Object.fromEntries(Object.entries(ACTION.outputs).map(([name, o]) => [name, evaluate(o.value)]));
  return run;
}

const dir = mkdtempSync(join(tmpdir(), "cap-action-"));
let served: Served;
let target: Target;
/** The failing run's report.json, whose failed clauses the second test declares expected. */
let failingReport: string | undefined;

beforeAll(async () => {
  served = await serve(["--fault", "limit-clamped"], dir, 60_000);
  target = Target.parse(JSON.parse(readFileSync(served.targetFile, "utf8")));
}, 90_000);

afterAll(async () => {
  await served?.stop();
  rmSync(dir, { recursive: true, force: true });
});

/** The runner's environment without anything that would change how the steps behave here. */
function runnerEnv(): NodeJS.ProcessEnv {
  const { GITHUB_STEP_SUMMARY: _s, GITHUB_OUTPUT: _o, NODE_OPTIONS: _n, ...env } = process.env;
  return env;
}

describe("action.yml, run as a runner runs it", () => {
  it("fails the job on a failing clause: summary.md in the job summary, an ::error per failing clause, outputs set", {
    timeout: 300_000,
  }, async () => {
    const workspace = mkdtempSync(join(dir, "ws-"));
    const run = await runAction(
      { target: served.targetFile, seed: "7", suite: "paging", "report-dir": "out" },
      workspace,
      runnerEnv(),
    );
    expect(run.skippedUses).toEqual(["actions/setup-node@v4"]);
    expect(run.failed, run.log).toEqual({ step: "Verdict", code: 1 });
    expect(run.outputs).toEqual({
      "exit-code": "1",
      verdict: "FAIL",
      "report-dir": join(workspace, "out"),
      har: join(workspace, "out", "failed.har"),
    });
    expect(run.summary).toBe(readFileSync(join(workspace, "out", "summary.md"), "utf8"));
    failingReport = join(workspace, "out", "report.json");
    expect(run.summary).toContain("## ✗ cap-conformance: FAIL");
    const errors = run.log.split("\n").filter((line) => line.startsWith("::error "));
    expect(errors.some((line) => line.startsWith("::error title=paging.limit-range failed::§8 "))).toBe(true);
    // One line each: the message's own newlines are escaped, so a server's text cannot start a command.
    for (const line of errors) expect(line).toMatch(/^::error title=[^:]+::.+%0A.+$/);
    // The run's own output is fenced off from workflow commands.
    expect(run.log).toMatch(/::stop-commands::cap-conformance-\d+\n[\s\S]*::cap-conformance-\d+::/);
    for (const secret of Object.values(target.credentials)) expect(run.log + run.summary).not.toContain(secret);
  });

  it("passes the job when the expectations file declares the failures: ::notice lines instead", {
    timeout: 300_000,
  }, async () => {
    const workspace = mkdtempSync(join(dir, "ws-"));
    expect(failingReport, "the failing run's report (the test above)").toBeDefined();
    const first = JSON.parse(readFileSync(failingReport!, "utf8")) as {
      clauses: Array<{ id: string; status: string }>;
    };
    const failing = first.clauses.filter((c) => c.status === "failed").map((c) => c.id);
    expect(failing.length).toBeGreaterThan(0);
    writeFileSync(
      join(workspace, "expected.json"),
      JSON.stringify(failing.map((clause) => ({ clause, reason: "limit is clamped (planted fault)" }))),
    );
    const run = await runAction(
      { target: served.targetFile, seed: "7", suite: "paging", expectations: "expected.json", "report-dir": "out" },
      workspace,
      runnerEnv(),
    );
    expect(run.failed, run.log).toBeUndefined();
    expect(run.outputs).toMatchObject({ "exit-code": "0", verdict: "PASS" });
    expect(run.log).not.toMatch(/^::error /m);
    const notices = run.log.split("\n").filter((line) => line.startsWith("::notice "));
    expect(notices.length).toBe(failing.length);
    expect(notices[0]).toContain("Expected failure: limit is clamped (planted fault)");
  });
});
