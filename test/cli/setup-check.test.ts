// A setup mistake is an error, not a verdict on the server (runner/target/setup-check.ts): a wrong token, a base URL with
// a path, a host that answers 404 to everything and a control plane that does not answer each end a run with exit 2
// before its first check, with a message naming the credential or the URL and what to do, and no failed clause. A
// server with a planted fault in its role checks (what the probes look at) still fails its clause, exit 1.

import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createServer, type Server } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Report } from "../../spec/report.ts";
import { Target } from "../../spec/target.ts";
import { runCli, type Served, serveInProcess } from "../helpers/cli.ts";

const dir = mkdtempSync(join(tmpdir(), "cap-setup-"));
let served: Served;
let target: Target;

beforeAll(async () => {
  served = await serveInProcess([], join(dir, "clean"), 60_000);
  target = Target.parse(JSON.parse(readFileSync(served.targetFile, "utf8")));
}, 90_000);

afterAll(async () => {
  await served?.stop();
  rmSync(dir, { recursive: true, force: true });
});

/** A narrowed run (the setup check comes before any selection) with its report read back. */
async function run(name: string, args: string[], env: NodeJS.ProcessEnv = {}) {
  const reportDir = join(dir, name);
  const result = await runCli(
    ["run", ...args, "--clause", "byok.put-admin-only", "--seed", "1", "--quiet", "--report-dir", reportDir],
    { env, timeoutMs: 90_000 },
  );
  const report = Report.parse(JSON.parse(readFileSync(join(reportDir, "report.json"), "utf8")));
  return { ...result, report, summary: readFileSync(join(reportDir, "summary.md"), "utf8") };
}

/** What every setup stop shares: exit 2, the fault on stderr and first in the reports, no clause judged. */
function expectSetupStop(result: Awaited<ReturnType<typeof run>>, names: RegExp): void {
  expect(result.code, result.stdout + result.stderr).toBe(2);
  expect(result.stderr).toMatch(names);
  expect(result.report.setup?.faults?.length).toBeGreaterThan(0);
  expect(result.report.setup!.faults!.join("\n")).toMatch(names);
  expect(result.report.summary.failed).toBe(0);
  expect(result.report.clauses.filter((c) => c.status === "failed" || c.status === "passed")).toEqual([]);
  expect(result.summary).toContain("### ! Setup problem");
  expect(result.stdout).toMatch(/SETUP PROBLEM: the run stopped before its first check/);
  for (const secret of Object.values(target.credentials)) expect(result.stdout + result.stderr).not.toContain(secret);
}

describe("a setup mistake is exit 2 before the first check, never a failed clause", () => {
  it("a wrong admin token names the credential and where it comes from", { timeout: 120_000 }, async () => {
    const result = await run("wrong-token", ["--target", served.targetFile], {
      CAP_TOKEN_ADMIN: "capct-not-a-token-1",
    });
    expectSetupStop(
      result,
      /the admin credential \(credentials\.admin in the target file, --token-admin or CAP_TOKEN_ADMIN\): the control-plane simulator does not know it/,
    );
    expect(result.stderr).not.toContain("capct-not-a-token-1");
  });

  it("a token of the wrong role names the role it has and the one the slot wants", { timeout: 120_000 }, async () => {
    const result = await run("wrong-role", ["--target", served.targetFile], {
      CAP_TOKEN_EDITOR: target.credentials.viewer,
    });
    expectSetupStop(result, /the editor credential .*: it resolves to VIEWER, not EDITOR/);
  });

  it("a base URL with a path names the URL and the origin the API answers at", { timeout: 120_000 }, async () => {
    const base = target.regions[0]!.base_url.replace(/\/$/, "");
    const result = await run("with-path", ["--target", served.targetFile, "--base-url", `${base}/api`]);
    expectSetupStop(
      result,
      new RegExp(
        `the base URL of region r1 \\(${base}/api\\): the API does not answer there: every /v1 path asked answered 404`,
      ),
    );
    expect(result.stderr).toContain(`try --base-url ${base}`);
  });

  it("a host that answers 404 to everything says the client is aimed at the wrong host", {
    timeout: 120_000,
  }, async () => {
    const nothing: Server = createServer((_request, response) => {
      response.writeHead(404, { "content-type": "application/json" });
      response.end(JSON.stringify({ detail: { message: "not found", errors: [] } }));
    });
    await new Promise<void>((resolve) => nothing.listen(0, "127.0.0.1", resolve));
    const url = `http://127.0.0.1:${(nothing.address() as { port: number }).port}`;
    try {
      const result = await run("all-404", [
        "--base-url",
        url,
        "--token-admin",
        "capct-a1",
        "--token-editor",
        "capct-e2",
        "--token-viewer",
        "capct-v3",
      ]);
      expectSetupStop(
        result,
        new RegExp(
          `the base URL of region r1 \\(${url}\\): the API does not answer there: every /v1 path asked answered 404 .*aimed at the wrong host`,
        ),
      );
    } finally {
      nothing.close();
    }
  });

  it("a control plane that does not answer names the simulator and its URL", { timeout: 120_000 }, async () => {
    const controlPlane = target.simulators.control_plane!;
    const offline = (on: boolean) =>
      fetch(`${controlPlane}/_admin/offline`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ offline: on }),
        signal: AbortSignal.timeout(10_000),
      });
    await offline(true);
    try {
      const result = await run("dead-control-plane", ["--target", served.targetFile]);
      expectSetupStop(
        result,
        new RegExp(
          `the control-plane simulator \\(simulators\\.control_plane in the target file, ${controlPlane}\\): it does not answer`,
        ),
      );
    } finally {
      await offline(false);
    }
  });

  it("a planted fault in the role checks the probes look at still fails its clause (exit 1)", {
    timeout: 120_000,
  }, async () => {
    const faulty = await serveInProcess(["--fault", "byok-editor-can-write"], join(dir, "faulty"), 60_000);
    try {
      const result = await run("planted", ["--target", faulty.targetFile]);
      expect(result.code, result.stdout + result.stderr).toBe(1);
      expect(result.report.setup).toBeUndefined();
      expect(result.report.clauses.find((c) => c.id === "byok.put-admin-only")?.status).toBe("failed");
    } finally {
      await faulty.stop();
    }
  });
});
