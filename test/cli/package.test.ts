// The published package as a team takes it in: `npm pack` (which builds dist/), `npm install <tarball>` into an
// empty folder outside the repository, then the commands from there with no TypeScript toolchain installed.
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { delimiter, dirname, join, relative } from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { ensureK6 } from "../../load/build-k6.ts";
import { Report } from "../../spec/report.ts";
import { type CliResult, type Launcher, ROOT, runProcess, type Served, startWithTarget } from "../helpers/cli.ts";
import { OLDER_NODE } from "../helpers/older-node.ts";
import { BUILD_TIMEOUT_MS, GO_USABLE } from "../load/k6-available.ts";

const PACKAGE = JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8")) as { version: string };
const NPM_TIMEOUT_MS = 600_000;
/**
 * The package installed the same way at b7b1dc6 (2026-11-28: testcontainers, vitest and vite 8 with rolldown and
 * lightningcss among its dependencies): npm's count of installed packages and `du -sk node_modules`.
 */
const BEFORE = { packages: 270, kib: 133_284 };
let installed: { packages: number; kib: number } | undefined;

let work: string;
let consumer: string;
let tarball: string;
let packed: { files: Array<{ path: string }>; size: number; entryCount: number };
const timings: string[] = [];

/** Runs a step, keeping how long it took for the summary printed at the end. */
async function timed(label: string, step: () => Promise<CliResult>): Promise<CliResult> {
  const result = await step();
  timings.push(`${label}: ${(result.ms / 1000).toFixed(1)} s`);
  return result;
}

/** Every file under a folder, relative to it, sorted. */
const filesUnder = (dir: string): string[] =>
  readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => relative(dir, join(entry.parentPath, entry.name)))
    .sort();

const output = (result: CliResult) => `exit ${result.code}\n${result.stdout}\n${result.stderr}`;

/** `npx cap-conformance ...` in the consumer folder, as a user types it (--no: never from the registry; --: the
 * flags after it are the command's, not npx's own --version). */
function npx(args: string[], timeoutMs = 300_000): Promise<CliResult> {
  return runProcess("npx", ["--no", "--", "cap-conformance", ...args], {
    cwd: consumer,
    timeoutMs,
    env: { NODE_OPTIONS: "" },
  });
}

beforeAll(async () => {
  work = mkdtempSync(join(tmpdir(), "cap-package-"));
  const pack = await timed("npm pack (builds dist/)", () =>
    runProcess("npm", ["pack", "--json", "--pack-destination", work], { cwd: ROOT, timeoutMs: NPM_TIMEOUT_MS }),
  );
  expect(pack.code, output(pack)).toBe(0);
  // The prepack script's own lines come first; npm's JSON answer is the array after them.
  [packed] = JSON.parse(pack.stdout.slice(pack.stdout.indexOf("[\n"))) as [typeof packed];
  tarball = join(work, `cap-conformance-${PACKAGE.version}.tgz`);
  consumer = join(work, "consumer");
  mkdirSync(consumer);
  writeFileSync(join(consumer, "package.json"), JSON.stringify({ name: "consumer", private: true, type: "module" }));
  const install = await timed("npm install <tarball>", () =>
    runProcess("npm", ["install", "--no-audit", "--no-fund", "--prefer-offline", tarball], {
      cwd: consumer,
      timeoutMs: NPM_TIMEOUT_MS,
    }),
  );
  expect(install.code, output(install)).toBe(0);
}, 2 * NPM_TIMEOUT_MS);

afterAll(() => {
  console.log(
    `package test: tarball ${packed?.size ?? "?"} bytes, ${packed?.entryCount ?? "?"} files; installed ${installed?.packages ?? "?"} packages, ${installed?.kib ?? "?"} KiB (before: ${BEFORE.packages}, ${BEFORE.kib} KiB)\n  ${timings.join("\n  ")}`,
  );
  if (work !== undefined) rmSync(work, { recursive: true, force: true });
});

describe("the packed and installed package", () => {
  test("the tarball holds compiled JavaScript, declarations of the exports and no tests", () => {
    const paths = packed.files.map((f) => f.path);
    const top = new Set(paths.map((p) => p.split("/")[0]));
    expect([...top].sort()).toEqual(["README.md", "bin", "dist", "examples", "package.json"]);
    for (const suite of [
      "dist/suites/agents.suite.js",
      "dist/runner/orchestration/worker-setup.js",
      "dist/cli/main.js",
    ]) {
      expect(paths).toContain(suite);
    }
    // TypeScript only as declarations, and as the k6 scripts `load` hands esbuild (never loaded by Node).
    const typeScript = paths.filter(
      (p) => p.endsWith(".ts") && !p.endsWith(".d.ts") && !/^dist\/load\/(scenarios|lib|types)\//.test(p),
    );
    expect(typeScript).toEqual([]);
    expect(paths.filter((p) => /(^|\/)test\/|\.test\.|_test\.go$/.test(p))).toEqual([]);
    for (const entry of ["target", "report", "profile"]) expect(paths).toContain(`dist/spec/${entry}.d.ts`);
  });

  test("installed, it is at most half of what it was: packages and disk use, measured", async () => {
    const lock = JSON.parse(readFileSync(join(consumer, "node_modules", ".package-lock.json"), "utf8")) as {
      packages: Record<string, { hasInstallScript?: boolean; link?: boolean }>;
    };
    // npm's hidden lockfile lists what is installed on disk, cap-conformance itself included.
    const packages = Object.entries(lock.packages).filter(([path, entry]) => path !== "" && !entry.link);
    const du = await runProcess("du", ["-sk", join(consumer, "node_modules")], { cwd: consumer, timeoutMs: 60_000 });
    const kib = Number(du.stdout.split("\t")[0]);
    installed = { packages: packages.length, kib };
    expect(packages.length).toBeLessThanOrEqual(BEFORE.packages / 2);
    expect(kib).toBeLessThanOrEqual(BEFORE.kib / 2);
    // The one install script left is esbuild's (vite's bundler, and `load`'s), which esbuild runs without: it only
    // checks the platform binary npm already installed as an optional dependency.
    expect(packages.filter(([, entry]) => entry.hasInstallScript).map(([path]) => path)).toEqual([
      "node_modules/esbuild",
    ]);
    for (const absent of ["testcontainers", "ssh2", "protobufjs", "rolldown", "lightningcss", "@fast-check/vitest"]) {
      expect(existsSync(join(consumer, "node_modules", absent)), absent).toBe(false);
    }
  });

  test("run --image without testcontainers, an optional dependency: exit 2 naming the install command", async () => {
    const run = await npx(["run", "--image", "example.invalid/server:1", "--report-dir", "image"], 120_000);
    expect(run.code, output(run)).toBe(2);
    expect(run.stderr).toContain("npm install --save-dev --save-exact testcontainers@12.2.0");
  });

  test.skipIf(OLDER_NODE === undefined)(
    `on an older Node (${OLDER_NODE ?? "none on PATH"}) it stops at once, and the command it names runs it`,
    { timeout: 300_000 },
    async () => {
      const bin = join(consumer, "node_modules", "cap-conformance", "bin", "cap-conformance.js");
      const refused = await runProcess(OLDER_NODE!, [bin, "--version"], { cwd: consumer, timeoutMs: 30_000 });
      expect(refused.code, output(refused)).toBe(2);
      const fix = refused.stderr.trim().split("\n").at(-1)!.trim();
      expect(fix).toMatch(/^npx -y -p node-[\w-]+@24\.\d+\.\d+ -- cap-conformance --version$/);
      // The command as the user types it, on a PATH whose node is the older one: npx brings Node 24 for the run.
      const [command, ...args] = fix.split(" ");
      const path = `${dirname(OLDER_NODE!)}${delimiter}${process.env.PATH}`;
      const fixed = await runProcess(command!, args, { cwd: consumer, timeoutMs: 240_000, env: { PATH: path } });
      expect(fixed.stdout.trim(), output(fixed)).toBe(PACKAGE.version);
    },
  );

  test("it installs outside the repository without a TypeScript toolchain", () => {
    expect(relative(ROOT, consumer).startsWith("..")).toBe(true);
    for (const toolchain of ["tsx", "typescript", "ts-node"]) {
      expect(existsSync(join(consumer, "node_modules", toolchain)), toolchain).toBe(false);
    }
    expect(existsSync(join(consumer, "node_modules", "cap-conformance", "dist", "cli", "main.js"))).toBe(true);
  });

  test("--version, faults and clauses answer from there", { timeout: 300_000 }, async () => {
    const version = await timed("--version", () => npx(["--version"]));
    expect(version.stdout.trim(), output(version)).toBe(PACKAGE.version);
    const faults = await timed("faults --json", () => npx(["faults", "--json"]));
    expect(faults.code, output(faults)).toBe(0);
    expect((JSON.parse(faults.stdout) as unknown[]).length).toBeGreaterThan(10);
    // clauses collects every suite file (compiled .js) through vitest with the worker setup.
    const clauses = await timed("clauses --json", () => npx(["clauses", "--json"]));
    expect(clauses.code, output(clauses)).toBe(0);
    const rows = JSON.parse(clauses.stdout) as Array<{ id: string; checks: string[] }>;
    expect(rows.filter((r) => r.checks.length > 0).length).toBeGreaterThan(250);
  });

  test("a narrowed run against the embedded platform passes and its report reads with the exported schema", {
    timeout: 300_000,
  }, async () => {
    const run = await timed("run --suite catalog,service", () =>
      npx(["run", "--suite", "catalog,service", "--seed", "7", "--quiet", "--report-dir", "narrow"]),
    );
    expect(run.code, output(run)).toBe(0);
    // A consumer's own script reading report.json through the package's exports map.
    writeFileSync(
      join(consumer, "read-report.js"),
      [
        'import { readFileSync } from "node:fs";',
        'import { Report } from "cap-conformance/report";',
        'import { Target } from "cap-conformance/target";',
        'import { loadProfile } from "cap-conformance/profile";',
        'const report = Report.parse(JSON.parse(readFileSync("narrow/report.json", "utf8")));',
        'console.log(JSON.stringify({ passed: report.summary.passed, target: typeof Target.parse, profile: loadProfile("default").operations["agent.create"].path }));',
      ].join("\n"),
    );
    const read = await runProcess(process.execPath, ["read-report.js"], { cwd: consumer, timeoutMs: 60_000 });
    expect(read.code, output(read)).toBe(0);
    const seen = JSON.parse(read.stdout) as { passed: number; target: string; profile: string };
    expect(seen.passed).toBeGreaterThan(0);
    expect(seen).toMatchObject({ target: "function", profile: "/v1/agents" });
  });

  test("the exports' type declarations type-check a consumer's TypeScript", { timeout: 300_000 }, async () => {
    writeFileSync(
      join(consumer, "use-types.ts"),
      [
        'import type { Report } from "cap-conformance/report";',
        'import { Target, type TargetInput } from "cap-conformance/target";',
        'import type { Profile } from "cap-conformance/profile";',
        'const input: TargetInput = { regions: [{ name: "r1", base_url: "http://127.0.0.1:1" }], credentials: { admin: "a", editor: "e", viewer: "v" } };',
        "export const target: Target = Target.parse(input);",
        "export const failed = (report: Report): number => report.summary.failed;",
        'export const path = (profile: Profile): string => profile.operations["agent.create"].path;',
        "// @ts-expect-error: a report has no such field",
        "export const wrong = (report: Report) => report.no_such_field;",
      ].join("\n"),
    );
    writeFileSync(
      join(consumer, "tsconfig.json"),
      JSON.stringify({
        compilerOptions: { module: "NodeNext", moduleResolution: "NodeNext", strict: true, noEmit: true, types: [] },
        files: ["use-types.ts"],
      }),
    );
    // The checkout's compiler, run against the consumer's folder: the consumer itself installs none.
    const check = await timed("tsc on a consumer's file", () =>
      runProcess(join(ROOT, "node_modules", ".bin", "tsc"), ["-p", consumer], { cwd: consumer, timeoutMs: 240_000 }),
    );
    expect(check.code, output(check)).toBe(0);
  });

  // About the cached build: skipped without Go to build one, and with K6_BIN, which the run would take instead.
  test.skipIf(!GO_USABLE || Boolean(process.env.K6_BIN))(
    "load from there: the checkout's k6 build found by its pins, the reports under the current folder, nothing written into the package",
    { timeout: BUILD_TIMEOUT_MS },
    async () => {
      // The checkout's build of these pins (built here if no test built it yet): the installed package must find it.
      const built = await ensureK6({ log: (line) => console.log(`[k6 build] ${line}`) });
      const installed = join(consumer, "node_modules", "cap-conformance");
      const before = filesUnder(installed);
      const load = await timed("load --scenario api-mix --duration 3s", () =>
        runProcess("npx", ["--no", "--", "cap-conformance", "load", "--scenario", "api-mix", "--duration", "3s"], {
          cwd: consumer,
          timeoutMs: 240_000,
          env: { NODE_OPTIONS: "", CAP_P95_MS: "2000" },
        }),
      );
      expect(load.code, output(load)).toBe(0);
      expect(load.stderr).toContain(`k6: ${built.bin} (the cached build of these pins)`);
      expect(load.stderr).not.toContain("[k6 build]");
      const reports = join(consumer, "reports", "out", "load", "api-mix");
      for (const file of ["summary.json", "junit.xml", "report.html"])
        expect(existsSync(join(reports, file)), file).toBe(true);
      expect(filesUnder(installed)).toEqual(before);
    },
  );

  test("serve from there, and a full run against it passes", { timeout: 900_000 }, async () => {
    const dir = mkdtempSync(join(consumer, "serve-"));
    // The installed bin itself (what npx runs), so SIGTERM reaches the server and not an npx wrapper.
    const launcher: Launcher = {
      command: join(consumer, "node_modules", ".bin", "cap-conformance"),
      args: [],
      cwd: consumer,
    };
    const started = Date.now();
    const served: Served = await startWithTarget("serve", [], dir, 120_000, launcher);
    timings.push(`serve until its target file: ${((Date.now() - started) / 1000).toFixed(1)} s`);
    try {
      const run = await timed("full run --target (the served platform)", () =>
        npx(["run", "--target", served.targetFile, "--seed", "42", "--quiet", "--report-dir", "full"], 840_000),
      );
      expect(run.code, output(run)).toBe(0);
      const report = Report.parse(JSON.parse(readFileSync(join(consumer, "full", "report.json"), "utf8")));
      expect(report.summary).toMatchObject({ failed: 0, errored: 0 });
      expect(report.summary.passed).toBeGreaterThan(250);
    } finally {
      const stopped = await served.stop();
      expect(stopped.signal ?? stopped.code, "serve stops on SIGTERM").not.toBe("SIGKILL");
    }
  });
});
