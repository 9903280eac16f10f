// action.yml's steps run as a GitHub runner runs a composite action's: each `run` step by `bash -e` with its `env`
// (the inputs mapped to INPUT_* there), GITHUB_ACTION_PATH, a GITHUB_OUTPUT file per step, one GITHUB_STEP_SUMMARY,
// GITHUB_PATH and GITHUB_ENV files; a step's `if` read as the runner reads it (a step without always() is skipped
// once one has failed); the `uses` steps by stand-ins of what they do here: actions/cache restores a folder saved
// under its key by an earlier job and saves it at the end of a job that missed it, actions/upload-artifact copies
// the folder and answers its URL. An expression the runner here cannot evaluate fails the test, so the action uses
// nothing this test does not emulate. The job's PATH has the machine's own Node (20 here) and no node_modules.
import { spawn } from "node:child_process";
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { basename, delimiter, dirname, join } from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parse } from "yaml";
import { pinnedPackage } from "../bin/node-version.js";
import { ensureK6, k6BuildDir } from "../load/build-k6.ts";
import type { LoadSummary } from "../load/lib/summary-data.ts";
import { Report } from "../spec/report.ts";
import { Target } from "../spec/target.ts";
import { ROOT, runProcess, type Served, serve } from "./helpers/cli.ts";
import { OLDER_NODE } from "./helpers/older-node.ts";
import { BUILD_TIMEOUT_MS, GO_USABLE } from "./load/k6-available.ts";
import { startStandIn } from "./load/stand-in.ts";

interface Step {
  id?: string;
  name?: string;
  if?: string;
  uses?: string;
  with?: Record<string, string>;
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
const PACKAGE = JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8")) as { version: string };

interface ActionRun {
  /** Every step's output, in order. */
  log: string;
  /** The step that failed the job (exit code not 0), if any, and its code. */
  failed?: { step: string; code: number };
  /** The `uses` steps that ran, with what they answered. */
  used: Array<{ uses: string; outputs: Record<string, string> }>;
  summary: string;
  outputs: Record<string, string>;
  /** What the steps wrote to GITHUB_PATH and GITHUB_ENV: what a later step of the job would inherit. */
  leftForLaterSteps: string;
}

/** What outlives a job: the repository's cache (actions/cache) and the run's artifacts, and the runner's folders. */
interface Runner {
  cacheStore: string;
  artifacts: string;
  toolCache: string;
  env: NodeJS.ProcessEnv;
}

function runStep(script: string, env: NodeJS.ProcessEnv, cwd: string): Promise<{ code: number; out: string }> {
  return new Promise((resolve, reject) => {
    // How the runner starts a `shell: bash` step.
    const child = spawn("bash", ["--noprofile", "--norc", "-eo", "pipefail", "-c", script], { cwd, env });
    let out = "";
    child.stdout.on("data", (chunk: Buffer) => (out += chunk));
    child.stderr.on("data", (chunk: Buffer) => (out += chunk));
    const timer = setTimeout(() => child.kill("SIGKILL"), 360_000);
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

/** The stand-ins of the `uses` steps: what each does here, and what it leaves for the end of the job. */
function usesStep(
  runner: Runner,
  uses: string,
  inputs: Record<string, string>,
  atEnd: Array<() => void>,
): Record<string, string> {
  if (uses === "actions/cache@v4") {
    const saved = join(runner.cacheStore, inputs["key"]!);
    if (existsSync(saved)) {
      cpSync(saved, inputs["path"]!, { recursive: true });
      return { "cache-hit": "true" };
    }
    atEnd.push(() => {
      if (existsSync(inputs["path"]!)) cpSync(inputs["path"]!, saved, { recursive: true });
    });
    return { "cache-hit": "false" };
  }
  if (uses === "actions/upload-artifact@v4") {
    const to = join(runner.artifacts, inputs["name"]!);
    cpSync(inputs["path"]!, to, { recursive: true });
    return { "artifact-id": "1", "artifact-url": pathToFileURL(to).href };
  }
  throw new Error(`action.yml uses ${uses}, which this test does not emulate`);
}

async function runAction(inputs: Record<string, string>, workspace: string, runner: Runner): Promise<ActionRun> {
  for (const name of Object.keys(inputs)) expect(ACTION.inputs, `input ${name}`).toHaveProperty(name);
  const input = (name: string) => inputs[name] ?? ACTION.inputs[name]?.default ?? "";
  const stepOutputs: Record<string, Record<string, string>> = {};
  const value = (expr: string): string => {
    let m = /^inputs\.([\w-]+)$/.exec(expr);
    if (m) return input(m[1]!);
    m = /^steps\.([\w-]+)\.outputs\.([\w-]+)$/.exec(expr);
    if (m) return stepOutputs[m[1]!]?.[m[2]!] ?? "";
    m = /^'([^']*)'$/.exec(expr);
    if (m) return m[1]!;
    if (expr === "runner.os") return "Linux";
    if (expr === "runner.arch") return "X64";
    throw new Error(`action.yml uses an expression this test does not emulate: ${expr}`);
  };
  const evaluate = (text: string) => text.replace(/\$\{\{\s*([^}]+?)\s*\}\}/g, (_, expr: string) => value(expr));
  /** A step's `if`: always() or the implied success(), and comparisons joined by &&. */
  const runs = (condition: string | undefined, failed: boolean): boolean => {
    const terms = (condition ?? "success()").split("&&").map((term) => term.trim());
    if (failed && !terms.includes("always()")) return false;
    return terms
      .filter((term) => term !== "always()" && term !== "success()")
      .every((term) => {
        const m = /^(\S+)\s*(==|!=)\s*(\S+)$/.exec(term);
        if (m === null) throw new Error(`an if this test cannot judge: ${condition}`);
        return (value(m[1]!) === value(m[3]!)) === (m[2] === "==");
      });
  };
  const files = {
    summary: join(workspace, "step-summary.md"),
    path: join(workspace, "github-path"),
    env: join(workspace, "github-env"),
  };
  for (const file of Object.values(files)) writeFileSync(file, "");
  const run: ActionRun = { log: "", used: [], summary: "", outputs: {}, leftForLaterSteps: "" };
  const atEnd: Array<() => void> = [];
  expect(ACTION.runs.using).toBe("composite");
  for (const [index, step] of ACTION.runs.steps.entries()) {
    if (!runs(step.if, run.failed !== undefined)) continue;
    if (step.uses !== undefined) {
      const withInputs = Object.fromEntries(Object.entries(step.with ?? {}).map(([k, v]) => [k, evaluate(String(v))]));
      const outputs = usesStep(runner, step.uses, withInputs, atEnd);
      run.used.push({ uses: step.uses, outputs });
      if (step.id !== undefined) stepOutputs[step.id] = outputs;
      continue;
    }
    expect(step.shell, `step ${step.name}: shell`).toBe("bash");
    const outputFile = join(workspace, `output-${index}`);
    const stepEnv = Object.fromEntries(Object.entries(step.env ?? {}).map(([k, v]) => [k, evaluate(String(v))]));
    const { code, out } = await runStep(
      evaluate(step.run!),
      {
        ...runner.env,
        ...stepEnv,
        GITHUB_ACTION_PATH: ROOT,
        GITHUB_OUTPUT: outputFile,
        GITHUB_STEP_SUMMARY: files.summary,
        GITHUB_PATH: files.path,
        GITHUB_ENV: files.env,
        GITHUB_WORKSPACE: workspace,
        RUNNER_OS: "Linux",
        RUNNER_ARCH: "X64",
        RUNNER_TOOL_CACHE: runner.toolCache,
        RUNNER_TEMP: workspace,
      },
      workspace,
    );
    run.log += `== ${step.name ?? step.id}\n${out}`;
    if (step.id !== undefined) stepOutputs[step.id] = parseOutputs(outputFile);
    if (code !== 0 && run.failed === undefined) run.failed = { step: step.name ?? String(index), code };
  }
  for (const save of atEnd.reverse()) save();
  run.summary = readFileSync(files.summary, "utf8");
  run.leftForLaterSteps = readFileSync(files.path, "utf8") + readFileSync(files.env, "utf8");
  run.outputs = Object.fromEntries(Object.entries(ACTION.outputs).map(([name, o]) => [name, evaluate(o.value)]));
  return run;
}

const dir = mkdtempSync(join(tmpdir(), "cap-action-"));
let faulty: Served;
let clean: Served;
let target: Target;
let tarball: string;
/** The failing run's report.json, whose failed clauses the second test declares expected. */
let failingReport: string | undefined;

/**
 * A runner's environment: this one's without what would change how the steps behave (GitHub's and npm's variables,
 * NODE_OPTIONS), its PATH without node_modules and without the Node 24 of ~/.cache: the machine's own Node.
 */
function runnerEnv(): NodeJS.ProcessEnv {
  const env = Object.fromEntries(
    Object.entries(process.env).filter(([name]) => !/^(GITHUB_|RUNNER_|npm_|NODE_OPTIONS$|INIT_CWD$)/i.test(name)),
  );
  const path = (process.env.PATH ?? "")
    .split(delimiter)
    .filter((entry) => !entry.includes("node_modules") && !entry.includes(join("cap-conformance", "node")));
  return { ...env, PATH: [...(OLDER_NODE ? [dirname(OLDER_NODE)] : []), ...path].join(delimiter) };
}

const runner: Runner = {
  cacheStore: join(dir, "cache-store"),
  artifacts: join(dir, "artifacts"),
  toolCache: join(dir, "tool-cache"),
  env: runnerEnv(),
};

beforeAll(async () => {
  for (const folder of [runner.cacheStore, runner.artifacts, runner.toolCache]) mkdirSync(folder);
  // The compiled package, as a registry would serve it (`package` input; by default the action installs
  // cap-conformance@<its own version> from the job's registry, where this project is not published).
  const pack = await runProcess("npm", ["pack", "--json", "--pack-destination", dir], {
    cwd: ROOT,
    timeoutMs: 600_000,
  });
  expect(pack.code, pack.stderr).toBe(0);
  tarball = join(dir, `cap-conformance-${PACKAGE.version}.tgz`);
  mkdirSync(join(dir, "faulty"));
  mkdirSync(join(dir, "clean"));
  faulty = await serve(["--fault", "limit-clamped"], join(dir, "faulty"), 60_000);
  clean = await serve([], join(dir, "clean"), 60_000);
  target = Target.parse(JSON.parse(readFileSync(faulty.targetFile, "utf8")));
}, 700_000);

afterAll(async () => {
  await faulty?.stop();
  await clean?.stop();
  rmSync(dir, { recursive: true, force: true });
});

describe("action.yml, run as a runner runs it", () => {
  it("installs the compiled package, runs a planted fault with args: the job fails, summary and annotations, the job's Node left alone", {
    timeout: 600_000,
  }, async () => {
    const workspace = mkdtempSync(join(dir, "ws-"));
    const run = await runAction(
      {
        package: tarball,
        target: faulty.targetFile,
        seed: "7",
        suite: "paging",
        "report-dir": "out",
        har: "exchanges/failed.har",
        // Quoted, as a workflow author may write it: split as a shell splits it.
        args: "--num-runs 3 --clause 'paging.limit-range,paging.default-limit'",
      },
      workspace,
      runner,
    );
    expect(run.failed, run.log).toEqual({ step: "Verdict", code: 1 });
    expect(run.outputs).toEqual({
      "exit-code": "1",
      verdict: "FAIL",
      "report-dir": join(workspace, "out"),
      har: join(workspace, "exchanges", "failed.har"),
      "report-url": "",
    });
    expect(existsSync(join(workspace, "exchanges", "failed.har"))).toBe(true);
    // The compiled package at the version given, installed in the tool folder a cache keeps; the first time, a miss.
    expect(run.used).toEqual([{ uses: "actions/cache@v4", outputs: { "cache-hit": "false" } }]);
    expect(run.log).toContain(`cap-conformance: ${tarball}, installed in ${runner.toolCache}`);
    // The job's Node is left as it was: nothing written for later steps (no setup-node, no GITHUB_PATH), and the
    // pinned Node, when the job's is too old, used in the action's own steps only.
    expect(run.leftForLaterSteps).toBe("");
    expect(readFileSync(join(ROOT, "action.yml"), "utf8")).not.toMatch(/setup-node@|>> "\$GITHUB_(PATH|ENV)"/);
    if (OLDER_NODE !== undefined) {
      expect(run.log).toContain(
        `it runs on ${pinnedPackage(process.platform, process.arch)} from the npm registry, in this action's steps only`,
      );
    }
    const report = Report.parse(JSON.parse(readFileSync(join(workspace, "out", "report.json"), "utf8")));
    expect(report.run.num_runs).toBe(3);
    expect(report.tool.version).toBe(PACKAGE.version);
    expect(report.clauses.find((c) => c.id === "paging.limit-range")?.status).toBe("failed");
    expect(report.clauses.filter((c) => c.checks.length > 0 && c.status !== "skipped").length).toBeLessThan(10);

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

  it("passes the job when the expectations file declares the failures: ::notice lines; the install a cache hit", {
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
      {
        package: tarball,
        target: faulty.targetFile,
        seed: "7",
        suite: "paging",
        expectations: "expected.json",
        "report-dir": "out",
        args: "--clause paging.limit-range,paging.default-limit",
      },
      workspace,
      runner,
    );
    expect(run.failed, run.log).toBeUndefined();
    expect(run.outputs).toMatchObject({ "exit-code": "0", verdict: "PASS" });
    expect(run.used).toEqual([{ uses: "actions/cache@v4", outputs: { "cache-hit": "true" } }]);
    expect(run.log).toContain(`cap-conformance: ${tarball}, already in ${runner.toolCache}`);
    expect(run.log).not.toMatch(/^::error /m);
    const notices = run.log.split("\n").filter((line) => line.startsWith("::notice "));
    expect(notices.length).toBe(failing.length);
    expect(notices[0]).toContain("Expected failure: limit is clamped (planted fault)");
  });

  it("passes a clean server, with a certification bundle whose vendor and product come through args", {
    timeout: 300_000,
  }, async () => {
    const workspace = mkdtempSync(join(dir, "ws-"));
    const run = await runAction(
      {
        package: tarball,
        target: clean.targetFile,
        seed: "7",
        suite: "catalog",
        har: "none",
        bundle: "bundle",
        args: '--vendor Acme --product "Acme Agents" --product-version 1.2.3',
      },
      workspace,
      runner,
    );
    expect(run.failed, run.log).toBeUndefined();
    expect(run.outputs).toMatchObject({ "exit-code": "0", verdict: "PASS", har: "" });
    expect(run.summary).toContain("## ✓ cap-conformance: PASS");
    const product = JSON.parse(readFileSync(join(workspace, "bundle", "product.json"), "utf8")) as object;
    expect(product).toMatchObject({ vendor: "Acme", product: "Acme Agents", version: "1.2.3" });
    expect(existsSync(join(workspace, "conformance", "failed.har"))).toBe(false);
  });
});

describe.skipIf(!GO_USABLE)("action.yml in load mode", () => {
  /** The runner's cache folder starts empty: k6 is there only when actions/cache restores it. */
  const loadRunner: Runner = { ...runner, env: { ...runner.env, CAP_CACHE_DIR: join(dir, "runner-cache") } };
  let failing: { target: object; close(): Promise<void> };
  let failingTarget: string;

  beforeAll(async () => {
    // The k6 build of these pins, as an earlier job saved it under the key the action asks for.
    const built = dirname((await ensureK6({ log: (line) => console.log(`[k6 build] ${line}`) })).bin);
    expect(built).toBe(k6BuildDir());
    cpSync(built, join(runner.cacheStore, `cap-conformance-k6-Linux-X64-${basename(built)}`), { recursive: true });
    failing = await startStandIn({ failEvery: 10 });
    failingTarget = join(dir, "failing-target.json");
    writeFileSync(failingTarget, JSON.stringify(failing.target), { mode: 0o600 });
  }, BUILD_TIMEOUT_MS);

  afterAll(async () => {
    await failing?.close();
  });

  it("runs a scenario split over two instances: summary.md and the report's link in the job summary, k6 from the cache", {
    timeout: 600_000,
  }, async () => {
    const workspace = mkdtempSync(join(dir, "ws-"));
    const run = await runAction(
      {
        mode: "load",
        package: tarball,
        target: clean.targetFile,
        scenario: "api-mix",
        duration: "3s",
        instances: "2",
        thresholds: "CAP_P95_MS=2000\n",
        args: "--rate 5",
        "report-dir": "load",
      },
      workspace,
      loadRunner,
    );
    expect(run.failed, run.log).toBeUndefined();
    const reportDir = join(workspace, "load");
    const artifact = join(runner.artifacts, "cap-conformance-load-api-mix");
    expect(run.outputs).toEqual({
      "exit-code": "0",
      verdict: "PASS",
      "report-dir": reportDir,
      har: "",
      "report-url": pathToFileURL(artifact).href,
    });
    expect(run.used.map((u) => [u.uses, u.outputs])).toEqual([
      ["actions/cache@v4", { "cache-hit": "true" }],
      ["actions/cache@v4", { "cache-hit": "true" }],
      ["actions/upload-artifact@v4", { "artifact-id": "1", "artifact-url": pathToFileURL(artifact).href }],
    ]);
    // k6 came from the cache: nothing built.
    expect(run.log).toContain(`k6: ${join(dir, "runner-cache", "k6", basename(k6BuildDir()), "k6")} (the cached build`);
    expect(run.log).not.toContain("[k6 build]");
    const summary = JSON.parse(readFileSync(join(reportDir, "summary.json"), "utf8")) as LoadSummary;
    expect(summary.merged).toHaveLength(2);
    expect(summary.thresholds).toContainEqual({
      metric: "http_req_duration{kind:api}",
      expression: "p(95)<2000",
      ok: true,
    });
    expect(run.summary).toBe(
      `${readFileSync(join(reportDir, "summary.md"), "utf8")}[The load report](${pathToFileURL(artifact).href}): report.html (the run over time), dashboard.html (k6's), summary.json, junit.xml.\n`,
    );
    expect(run.summary).toMatch(/^## ✓ cap-conformance load api-mix: PASS\n/);
    expect(run.summary).toContain("merged from 2 instances");
    for (const file of ["report.html", "summary.json", "junit.xml", "instance-1/dashboard.html"]) {
      expect(existsSync(join(artifact, file)), file).toBe(true);
    }
  });

  it("fails the job on a crossed threshold (a server failing one request in ten), the report still linked", {
    timeout: 300_000,
  }, async () => {
    const workspace = mkdtempSync(join(dir, "ws-"));
    const run = await runAction(
      {
        mode: "load",
        package: tarball,
        target: failingTarget,
        scenario: "api-mix",
        duration: "3s",
        thresholds: "CAP_P95_MS=2000",
        "artifact-name": "failing-load",
        "report-dir": "load",
      },
      workspace,
      loadRunner,
    );
    expect(run.failed, run.log).toEqual({ step: "Verdict", code: 99 });
    expect(run.outputs).toMatchObject({ "exit-code": "99", verdict: "FAIL" });
    expect(run.summary).toMatch(/^## ✗ cap-conformance load api-mix: FAIL\n/);
    expect(run.summary).toContain("| rate&lt;0.01 | http_req_failed{kind:api} | **crossed** |");
    expect(run.summary).toContain(`[The load report](${pathToFileURL(join(runner.artifacts, "failing-load")).href})`);
  });

  it("refuses a threshold setting it does not know, before running anything", { timeout: 300_000 }, async () => {
    const workspace = mkdtempSync(join(dir, "ws-"));
    const run = await runAction(
      { mode: "load", package: tarball, target: clean.targetFile, thresholds: "CAP_RATE=500" },
      workspace,
      loadRunner,
    );
    expect(run.failed?.step).toBe("Run the load scenario");
    expect(run.log).toContain("::error title=cap-conformance::thresholds: CAP_RATE is not one of CAP_P95_MS");
    expect(run.outputs["exit-code"]).toBe("");
  });
});
