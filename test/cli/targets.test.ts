// `serve` + `run --target` from separate processes, and a target that never answers.
import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync } from "node:fs";
import { createServer as createHttpServer } from "node:http";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect, test } from "vitest";
import { Report } from "../../spec/report.ts";
import { BIN, ROOT, runCli, serve } from "../helpers/cli.ts";
import { until } from "../helpers/until.ts";

test("serve --fault writes a target file; run finds it by --target, CAP_TARGET or CAP_BASE_URL and CAP_TOKEN_*, and exits 1 on a declared clause", {
  timeout: 180_000,
}, async () => {
  const dir = mkdtempSync(join(tmpdir(), "cap-serve-"));
  const served = await serve(["--fault", "limit-clamped"], dir);
  try {
    const target = JSON.parse(readFileSync(served.targetFile, "utf8")) as {
      regions: Array<{ base_url: string }>;
      credentials: Record<"admin" | "editor" | "viewer", string>;
    };
    expect(target.regions, "serve starts two regions by default, as run does").toHaveLength(2);
    const paging = ["run", "--suite", "paging", "--clause", "paging.limit-above-ceiling-422", "--quiet"];
    const ways: Array<[string, string[], NodeJS.ProcessEnv]> = [
      ["--target", ["--target", served.targetFile], {}],
      ["CAP_TARGET", [], { CAP_TARGET: served.targetFile }],
      [
        "CAP_BASE_URL and CAP_TOKEN_*",
        [],
        {
          CAP_BASE_URL: target.regions[0]!.base_url,
          CAP_TOKEN_ADMIN: target.credentials.admin,
          CAP_TOKEN_EDITOR: target.credentials.editor,
          CAP_TOKEN_VIEWER: target.credentials.viewer,
        },
      ],
    ];
    for (const [way, args, env] of ways) {
      const result = await runCli([...paging, ...args, "--report-dir", join(dir, way.replace(/\W+/g, "-"))], { env });
      expect(result.code, `${way}: ${result.stdout}${result.stderr}`).toBe(1);
      expect(result.stdout, way).toContain("paging.limit-above-ceiling-422");
    }
  } finally {
    await served.stop();
  }
});

test("a server given only by --base-url and tokens (not wired) passes every clause it can be checked on; the rest skip with a reason", {
  timeout: 180_000,
}, async () => {
  const dir = mkdtempSync(join(tmpdir(), "cap-unwired-"));
  const served = await serve([], dir);
  try {
    const target = JSON.parse(readFileSync(served.targetFile, "utf8")) as {
      regions: Array<{ base_url: string }>;
      credentials: Record<"admin" | "editor" | "viewer", string>;
    };
    const { admin, editor, viewer } = target.credentials;
    const result = await runCli(
      // `--flag=value`: a token may begin with "-", which as a separate argument parseArgs refuses as ambiguous.
      ["run", "--base-url", target.regions[0]!.base_url, `--token-admin=${admin}`, `--token-editor=${editor}`].concat([
        `--token-viewer=${viewer}`,
        "--quiet",
        "--report-dir",
        join(dir, "r"),
      ]),
      { timeoutMs: 170_000 },
    );
    expect(result.code, result.stdout + result.stderr).toBe(0);
    expect(result.stderr, "no suite file broke on the missing wiring").not.toContain("error:");
    const report = Report.parse(JSON.parse(readFileSync(join(dir, "r", "report.json"), "utf8")));
    expect(report.summary.passed).toBeGreaterThan(100);
    const paging = report.clauses.find((c) => c.id === "paging.has-more-extra-row");
    expect(paging?.status, "paging is checked on the endpoints that need no wiring").toBe("passed");
    for (const clause of report.clauses.filter((c) => c.status === "skipped")) {
      expect(clause.reason, clause.id).toBeTruthy();
    }
    // Kinds follow what the checks need: a clause skipped for want of wiring is needs-wiring, for want of test
    // control needs-test-control; one that passed without either is testable.
    const kindOf: Record<string, string> = {
      "the target is not wired to the simulators": "needs-wiring",
      "the target has no test_control hooks": "needs-test-control",
    };
    const wrongKinds = report.clauses
      .filter((c) => (c.status === "skipped" && kindOf[c.reason ?? ""] !== undefined) || c.status === "passed")
      .filter((c) => (c.status === "passed" ? c.kind !== "testable" : c.kind !== kindOf[c.reason ?? ""]))
      .map((c) => `${c.id} is ${c.kind} but ${c.status === "passed" ? "passed" : `skipped: ${c.reason}`}`);
    expect(wrongKinds).toEqual([]);
  } finally {
    await served.stop();
  }
});

test("a target that accepts connections and never answers ends in exit 2 within twice --timeout-ms", {
  timeout: 60_000,
}, async () => {
  const sockets: import("node:net").Socket[] = [];
  const silent = createServer((socket) => sockets.push(socket));
  await new Promise<void>((resolve) => silent.listen(0, "127.0.0.1", resolve));
  const port = (silent.address() as { port: number }).port;
  try {
    const result = await runCli(
      [
        "run",
        "--base-url",
        `http://127.0.0.1:${port}`,
        "--token-admin",
        "a-secret-token-1",
        "--token-editor",
        "e-token-22",
        "--token-viewer",
        "v-token-333",
        "--timeout-ms",
        "1500",
        "--quiet",
      ],
      { timeoutMs: 30_000 },
    );
    expect(result.code, result.stdout + result.stderr).toBe(2);
    expect(result.stderr).toContain("unreachable");
    expect(result.stderr + result.stdout).not.toContain("a-secret-token-1");
    // Node start-up and tsx compilation come on top of the harness's own bound.
    expect(result.ms).toBeLessThan(2 * 1500 + 8_000);
  } finally {
    for (const socket of sockets) socket.destroy();
    silent.close();
  }
});

test("a target that answers /health and then nothing else ends in exit 2 in bounded time, nothing failed", {
  timeout: 120_000,
}, async () => {
  const hung = createHttpServer((request, response) => {
    // A conforming /health (JSON, so the every-response checks have nothing to fail on if the checks that ask
    // for it start before the breaker trips; which do is a race of side-by-side checks).
    if (request.url === "/health") response.setHeader("content-type", "application/json").end('{"ok":true}');
    // Every other request is left unanswered until the socket closes.
  });
  await new Promise<void>((resolve) => hung.listen(0, "127.0.0.1", resolve));
  const port = (hung.address() as { port: number }).port;
  try {
    const dir = mkdtempSync(join(tmpdir(), "cap-hung-"));
    const result = await runCli(
      ["run", "--base-url", `http://127.0.0.1:${port}`, "--token-admin", "a-secret-token-1", "--token-editor"]
        .concat(["e-token-22", "--token-viewer", "v-token-333", "--timeout-ms", "1500", "--quiet"])
        .concat(["--report-dir", dir]),
      { timeoutMs: 100_000 },
    );
    expect(result.code, result.stdout + result.stderr).toBe(2);
    // Said once on its own line, whichever clauses the console lists first (with requests side by side, those
    // whose own requests timed out may come first).
    expect(result.stdout).toContain("Errored: the target stopped answering");
    const report = Report.parse(JSON.parse(readFileSync(join(dir, "report.json"), "utf8")));
    // A hang is never a failure of the server's conformance: nothing failed, the checks that ran errored.
    expect(report.summary.failed).toBe(0);
    expect(report.summary.errored).toBeGreaterThan(0);
    // Five unanswered requests (the breaker) plus loading the suite files, not one timeout per request.
    expect(report.run.duration_ms).toBeLessThan(60_000);
  } finally {
    hung.closeAllConnections();
    hung.close();
  }
});

test("an interrupted run stops the server its --command started, even while waiting for it", {
  timeout: 60_000,
}, async () => {
  const dir = mkdtempSync(join(tmpdir(), "cap-interrupt-"));
  const pidFile = join(dir, "pid");
  // The server never answers /health (nothing listens on port 9), so the harness is still waiting for it.
  const harness = spawn(
    process.execPath,
    [BIN, "run", "--command", `echo $$ > ${pidFile}; exec sleep 300`, "--base-url", "http://127.0.0.1:9"].concat([
      "--token-admin",
      "a1",
      "--token-editor",
      "e2",
      "--token-viewer",
      "v3",
      "--quiet",
    ]),
    { cwd: ROOT, stdio: "ignore" },
  );
  const harnessExit = new Promise<number | null>((resolve) => harness.once("exit", (code) => resolve(code)));
  await until(() => existsSync(pidFile) && readFileSync(pidFile, "utf8").trim() !== "", 30_000, "the pid file");
  const serverPid = Number(readFileSync(pidFile, "utf8"));
  expect(alive(serverPid)).toBe(true);
  harness.kill("SIGTERM");
  // Interrupted: the harness did not do its job, ERROR (spec/verdict.ts exitCodeOf).
  expect(await harnessExit).toBe(2);
  await until(() => !alive(serverPid), 10_000, "the server stopped");
});

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

// Four CLI starts: each loads the command's modules through tsx, several seconds apiece on a loaded machine.
test("unknown flags, suites, clauses and faults are usage errors (exit 2)", { timeout: 90_000 }, async () => {
  for (const args of [
    ["run", "--nope"],
    ["run", "--suite", "nope"],
    ["run", "--clause", "nope.nope"],
    ["run", "--fault", "nope"],
  ]) {
    const result = await runCli(args, { timeoutMs: 30_000 });
    expect(result.code, `${args.join(" ")}: ${result.stderr}`).toBe(2);
    expect(result.stderr).toMatch(/error: /);
  }
});
