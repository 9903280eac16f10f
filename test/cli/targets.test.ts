// `serve` + `run --target` from separate processes, and a target that never answers.
import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect, test } from "vitest";
import { BIN, ROOT, runCli } from "../helpers/cli.ts";

async function waitFor(condition: () => boolean, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`condition not met within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

test("serve --fault writes a target file; run --target against it exits 1 on a declared clause", {
  timeout: 120_000,
}, async () => {
  const dir = mkdtempSync(join(tmpdir(), "cap-serve-"));
  const targetFile = join(dir, "target.json");
  const server = spawn(process.execPath, [BIN, "serve", "--out", targetFile, "--fault", "limit-clamped"], {
    cwd: ROOT,
    stdio: "ignore",
  });
  try {
    await waitFor(() => existsSync(targetFile), 30_000);
    const target = JSON.parse(readFileSync(targetFile, "utf8")) as { regions: unknown[]; wired: boolean };
    expect(target.regions).toHaveLength(1);
    const result = await runCli([
      "run",
      "--target",
      targetFile,
      "--suite",
      "paging",
      "--quiet",
      "--report-dir",
      join(dir, "r"),
    ]);
    expect(result.code, result.stdout + result.stderr).toBe(1);
    expect(result.stdout).toContain("paging.limit-above-ceiling-422");
  } finally {
    server.kill("SIGTERM");
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

test("unknown flags, suites, clauses and faults are usage errors (exit 2)", async () => {
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
