// Certification features end to end: a bundle with no secret in it, expectations, --command, --image.
import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, expect, test } from "vitest";
import { readSecrets } from "../../runner/client/secret-registry.ts";
import { type Target, targetSecrets } from "../../spec/target.ts";
import { BIN, ROOT, runCli } from "../helpers/cli.ts";

const dir = mkdtempSync(join(tmpdir(), "cap-cert-"));
const targetFile = join(dir, "target.json");
let server: ReturnType<typeof spawn>;

beforeAll(async () => {
  // limit-clamped fails paging clauses (the expectations below); the other two make failing checks record
  // exchanges that carry full webhook secrets and provider keys, which the bundle must still not contain.
  const faults = ["limit-clamped", "webhook-secret-on-read", "byok-list-full-value"].flatMap((f) => ["--fault", f]);
  server = spawn(process.execPath, [BIN, "serve", "--out", targetFile, ...faults], { cwd: ROOT, stdio: "ignore" });
  const deadline = Date.now() + 30_000;
  while (!existsSync(targetFile)) {
    if (Date.now() > deadline) throw new Error("serve wrote no target file in 30 s");
    await new Promise((r) => setTimeout(r, 50));
  }
});

afterAll(() => {
  server.kill("SIGTERM");
});

test("a certification bundle holds the reports, product.json and the log, and no secret the run used", {
  timeout: 180_000,
}, async () => {
  const bundle = join(dir, "bundle");
  // Where run keeps its registry of secret values, so this test can hold the bundle against every one of them.
  const registry = join(dir, "secrets.jsonl");
  const result = await runCli(
    [
      "run",
      "--target",
      targetFile,
      "--suite",
      "webhooks,delivery,byok,auth",
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
    ],
    { env: { CAP_SECRETS_FILE: registry }, timeoutMs: 150_000 },
  );
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
  const target = JSON.parse(readFileSync(targetFile, "utf8")) as Target;
  const registered = readSecrets(registry);
  // Independently of the harness: every key the provider simulator ever issued (checks store them with PUT /v1/byok).
  const provider = (await (
    await fetch(`${target.simulators.provider}/_admin/keys`, { signal: AbortSignal.timeout(10_000) })
  ).json()) as { default_key: string; keys: string[] };
  // The registry holds each kind: the target's tokens, cookie and carrier auth token, webhook secrets made at
  // create and rotate, provider keys, a secret value PUT by a check, control-plane tokens of members made by checks.
  for (const secret of targetSecrets(target)) expect(registered).toContain(secret);
  expect(target.carrier_account?.authToken).toBeDefined();
  expect(registered.filter((s) => s.startsWith("whsec_")).length).toBeGreaterThan(10);
  for (const key of provider.keys.filter((k) => k !== provider.default_key)) expect(registered).toContain(key);
  expect(registered).toContain("capct-value-1234");
  expect(registered.length).toBeGreaterThan(targetSecrets(target).length + provider.keys.length + 10);
  const secrets = [...new Set([...targetSecrets(target), provider.default_key, ...provider.keys, ...registered])];
  for (const file of readdirSync(bundle)) {
    const text = readFileSync(join(bundle, file), "utf8");
    for (const secret of secrets) expect(text.includes(secret), `${file} contains …${secret.slice(-4)}`).toBe(false);
    expect(text, file).not.toMatch(/whsec_[A-Za-z0-9+/=]{16,}/);
  }
  // The planted faults put the secrets in failing exchanges; the report shows them masked.
  const report = readFileSync(join(bundle, "report.json"), "utf8");
  expect(report).toContain("webhooks.get-hint-only");
  expect(report).toContain("[REDACTED…");
  expect(readFileSync(join(bundle, "run.log"), "utf8")).toContain("byok.key-list-masked");
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
  // The reports agree with the exit code: no JUnit failure, the HTML marks both with the reason.
  const junit = readFileSync(join(dir, "r2", "junit.xml"), "utf8");
  expect(junit).toMatch(/<testsuites name="cap-conformance" tests="\d+" failures="0" errors="0"/);
  expect(junit).toContain('<property name="expected-failure" value="paging.limit-above-ceiling-422"/>');
  expect(junit).toContain('<skipped message="expected failure (--expect): we clamp on purpose');
  const page = readFileSync(join(dir, "r2", "report.html"), "utf8");
  expect(page).toContain('<header class="verdict v-pass">');
  expect(page).toContain("Expected failure (--expect). Reason: we clamp on purpose");
  expect(readFileSync(join(dir, "r2", "summary.md"), "utf8")).toContain("| ⊗ Expected failure | 2 |");

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
