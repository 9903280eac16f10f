// Certification features end to end: a bundle with no secret in it, expectations, --command, --image.
import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, expect, test } from "vitest";
import { BIN, ROOT, runCli } from "../helpers/cli.ts";

const dir = mkdtempSync(join(tmpdir(), "cap-cert-"));
const targetFile = join(dir, "target.json");
let server: ReturnType<typeof spawn>;

beforeAll(async () => {
  server = spawn(process.execPath, [BIN, "serve", "--out", targetFile, "--fault", "limit-clamped"], {
    cwd: ROOT,
    stdio: "ignore",
  });
  const deadline = Date.now() + 30_000;
  while (!existsSync(targetFile)) {
    if (Date.now() > deadline) throw new Error("serve wrote no target file in 30 s");
    await new Promise((r) => setTimeout(r, 50));
  }
});

afterAll(() => {
  server.kill("SIGTERM");
});

test("a certification bundle holds the reports, product.json and the log, and no credential", {
  timeout: 120_000,
}, async () => {
  const bundle = join(dir, "bundle");
  const result = await runCli([
    "run",
    "--target",
    targetFile,
    "--suite",
    "paging,auth,errors",
    "--seed",
    "5",
    "--report-dir",
    join(dir, "r1"),
    "--bundle",
    bundle,
    "--vendor",
    "Acme",
    "--product",
    "Acme CAP",
    "--product-version",
    "1.2.3",
  ]);
  expect(result.code, result.stderr).toBe(1);
  expect(readdirSync(bundle).sort()).toEqual([
    "junit.xml",
    "product.json",
    "report.html",
    "report.json",
    "run.log",
    "summary.md",
  ]);
  expect(JSON.parse(readFileSync(join(bundle, "product.json"), "utf8"))).toMatchObject({
    vendor: "Acme",
    version: "1.2.3",
  });
  const credentials = Object.values(JSON.parse(readFileSync(targetFile, "utf8")).credentials as Record<string, string>);
  for (const file of readdirSync(bundle)) {
    const text = readFileSync(join(bundle, file), "utf8");
    for (const secret of credentials) expect(text.includes(secret), `${file} contains a credential`).toBe(false);
    expect(text, file).not.toMatch(/whsec_[A-Za-z0-9+/=]{16,}/);
  }
  expect(readFileSync(join(bundle, "run.log"), "utf8")).toContain("paging.limit-above-ceiling-422");
});

test("an expected failure does not fail the run; a stale expectation fails it with --strict-expectations", {
  timeout: 120_000,
}, async () => {
  const expected = join(dir, "expect.json");
  writeFileSync(
    expected,
    JSON.stringify([
      { clause: "paging.limit-above-ceiling-422", reason: "we clamp on purpose" },
      { clause: "paging.limit-range", reason: "same bug" },
    ]),
  );
  const known = await runCli([
    "run",
    "--target",
    targetFile,
    "--suite",
    "paging",
    "--seed",
    "5",
    "--quiet",
    "--expect",
    expected,
    "--report-dir",
    join(dir, "r2"),
  ]);
  expect(known.code, known.stdout + known.stderr).toBe(0);
  expect(known.stdout).toContain("2 expected failure(s), 0 stale");

  const stale = join(dir, "stale.json");
  writeFileSync(stale, JSON.stringify([{ clause: "paging.default-limit", reason: "was broken once" }]));
  const args = [
    "run",
    "--target",
    targetFile,
    "--suite",
    "paging",
    "--clause",
    "paging.default-limit",
    "--seed",
    "5",
    "--quiet",
    "--expect",
    stale,
  ];
  const lenient = await runCli([...args, "--report-dir", join(dir, "r3")]);
  expect(lenient.code, lenient.stdout).toBe(0);
  expect(lenient.stdout).toContain("1 stale");
  const strict = await runCli([...args, "--strict-expectations", "--report-dir", join(dir, "r4")]);
  expect(strict.code, strict.stdout).toBe(1);
});

test("--command starts the server as a process, checks it and stops it", { timeout: 120_000 }, async () => {
  const commandTarget = join(dir, "cmd-target.json");
  const result = await runCli([
    "run",
    "--command",
    `node ${BIN} serve --out ${commandTarget}`,
    "--target",
    commandTarget,
    "--suite",
    "paging",
    "--seed",
    "5",
    "--quiet",
    "--report-dir",
    join(dir, "r5"),
  ]);
  expect(result.code, result.stdout + result.stderr).toBe(0);
});

test("--image without a Docker engine is exit 2 with a clear message", { timeout: 60_000 }, async () => {
  const result = await runCli(["run", "--image", "example/server:latest", "--quiet"], {
    env: { DOCKER_HOST: "unix:///nonexistent/docker.sock" },
  });
  expect(result.code, result.stdout + result.stderr).toBe(2);
  expect(result.stderr).toMatch(/Docker engine/);
});
