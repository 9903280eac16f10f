// --profile end to end: a vendor profile that moves paths and declares optional behaviours passes on a
// platform that serves it, fails (naming each broken declaration) on one that does not, and a file that
// is not a profile stops the run before anything starts.
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, expect, test } from "vitest";
import { type Stack, startStack } from "../../simulators/stack.ts";
import type { Report } from "../../spec/report.ts";
import { ROOT, runCli } from "../helpers/cli.ts";

const dir = mkdtempSync(join(tmpdir(), "cap-profile-"));
const VENDOR = join(ROOT, "examples/vendor-profile.json");
const SUITES = "optional,webhooks";
let stack: Stack;
const defaultTarget = join(dir, "default-target.json");

beforeAll(async () => {
  // A platform serving the default profile: every path where the default puts it, no version header.
  stack = await startStack({ minuteMs: 50 });
  writeFileSync(defaultTarget, JSON.stringify(stack.target), { mode: 0o600 });
});

afterAll(async () => {
  await stack?.close();
});

function report(reportDir: string): Report {
  return JSON.parse(readFileSync(join(reportDir, "report.json"), "utf8")) as Report;
}

const run = (args: string[], reportDir: string) =>
  runCli(["run", "--suite", SUITES, "--seed", "3", "--quiet", "--no-shrink", "--report-dir", reportDir, ...args]);

test("a vendor profile passes on the reference platform serving it, each declaration checked", {
  timeout: 120_000,
}, async () => {
  const reportDir = join(dir, "served");
  const result = await run(["--profile", VENDOR], reportDir);
  expect(result.code, result.stdout + result.stderr).toBe(0);
  const r = report(reportDir);
  expect(r.target.profile).toBe(VENDOR);
  expect(r.optional?.map((o) => [o.id, o.declaration, o.status])).toEqual([
    ["knowledge-delete", "must-be-absent", "passed"],
    ["body-size-limit", "must-work", "passed"],
    ["version-header", "must-work", "passed"],
  ]);
  // The webhook clauses were reached through the profile's paths (POST /v1/hooks), not the default's.
  const shape = r.clauses.find((c) => c.id === "webhooks.shape")!;
  expect(shape.status).toBe("passed");
  expect(result.stdout).toContain("✓ knowledge-delete (§4.1) must-be-absent: passed");
  // The knowledge base the server may not delete stays behind, and every report says so with the sweep command.
  const kept = r.leftovers?.find((l) => l.resource.startsWith("knowledge base "));
  expect(kept?.reason).toBe("the profile declares knowledge-delete absent, so it stays");
  expect(result.stdout).toContain(`resource(s) named ${r.run.prefix}*`);
  const html = readFileSync(join(reportDir, "report.html"), "utf8");
  expect(html).toContain("Left behind (");
  expect(html).toContain("Optional behaviours");
  expect(html).toContain("optional.version-header");
  const junit = readFileSync(join(reportDir, "junit.xml"), "utf8");
  expect(junit).toContain('<testsuite name="optional"');
});

test("an operation the profile declares absent is not among the endpoints the auth checks hold to a 401", {
  timeout: 120_000,
}, async () => {
  // The vendor's server has no knowledge-base delete: its 405 before any credential check is no auth failure.
  const reportDir = join(dir, "served-auth");
  const result = await run(["--profile", VENDOR, "--suite", "auth"], reportDir);
  expect(result.code, result.stdout + result.stderr).toBe(0);
  expect(report(reportDir).clauses.find((c) => c.id === "auth.missing-401")!.status).toBe("passed");
});

test("the same profile fails on a server that does not follow it: moved paths and every declaration", {
  timeout: 120_000,
}, async () => {
  const reportDir = join(dir, "mismatch");
  const result = await run(["--target", defaultTarget, "--profile", VENDOR], reportDir);
  expect(result.code, result.stdout + result.stderr).toBe(1);
  const r = report(reportDir);
  // The webhook create at the moved path is the one step that breaks: its own clause fails, the rest that need it are errored.
  expect(r.clauses.find((c) => c.id === "webhooks.secret-at-create")!.status).toBe("failed");
  expect(r.optional?.map((o) => [o.id, o.status])).toEqual([
    ["knowledge-delete", "failed"],
    ["body-size-limit", "failed"],
    ["version-header", "failed"],
  ]);
  const failure = r.optional![1]!.checks[0]!.failure!;
  expect(failure.message).toMatch(/262145-byte body over the 262144-byte limit/);
  // The request body is clipped in the report, never the whole quarter megabyte.
  expect(failure.exchanges.at(-1)!.request_body!.length).toBeLessThan(20_000);
  expect(failure.reproduce).toContain(`--profile ${VENDOR}`);
  expect(readFileSync(join(reportDir, "summary.md"), "utf8")).toContain(
    "Optional behaviours (declared by the profile)",
  );
});

test("declared the other way, the reference platform's defaults fail too (the absent checks can fail)", {
  timeout: 120_000,
}, async () => {
  const profile = join(dir, "absent.json");
  const declarations = {
    "knowledge-delete": "must-be-absent",
    "body-size-limit": "must-be-absent",
    "version-header": "must-be-absent",
  };
  writeFileSync(profile, JSON.stringify({ name: "absent", version_header: "content-type", optional: declarations }));
  const reportDir = join(dir, "absent");
  const result = await run(["--target", defaultTarget, "--profile", profile, "--suite", "optional"], reportDir);
  expect(result.code, result.stdout + result.stderr).toBe(1);
  expect(report(reportDir).optional?.map((o) => [o.id, o.status])).toEqual([
    ["knowledge-delete", "failed"],
    ["body-size-limit", "failed"],
    ["version-header", "failed"],
  ]);
});

test("the default profile tests no optional behaviour and says why", { timeout: 120_000 }, async () => {
  const reportDir = join(dir, "default");
  const result = await run(["--target", defaultTarget, "--suite", "optional"], reportDir);
  // Every check skipped: nothing was verified, which a gate must not read as a pass.
  expect(result.code, result.stdout + result.stderr).toBe(2);
  expect(result.stdout).toContain("Nothing was checked");
  for (const o of report(reportDir).optional ?? []) {
    expect([o.declaration, o.status, o.reason]).toEqual([
      "not-tested",
      "skipped",
      `the profile declares ${o.id} not tested`,
    ]);
  }
});

test("a file that is not a profile is exit 2 naming the bad field, before any server starts", async () => {
  const bad = join(dir, "bad.json");
  writeFileSync(bad, JSON.stringify({ optional: { "knowledge-delete": "maybe" }, max_body_byte: 10 }));
  const result = await runCli(["run", "--profile", bad, "--quiet"], { timeoutMs: 30_000 });
  expect(result.code).toBe(2);
  expect(result.stderr).toMatch(/optional\.knowledge-delete/);
  expect(result.stderr).toMatch(/max_body_byte/);
  expect(result.stdout).not.toMatch(/Embedded reference platform/);
});

test("a misspelt operation or a path with other placeholders than the default's is exit 2 naming it", async () => {
  const bad = join(dir, "bad-operations.json");
  writeFileSync(
    bad,
    JSON.stringify({
      operations: {
        "webhook.creat": { method: "POST", path: "/v1/webhooks", section: "4.1" },
        "agent.get": { method: "GET", path: "/v1/agents/{id}", section: "4" },
        "webhook.rotate-secret": { method: "POST", path: "/v1/webhooks/rotate", section: "4.1" },
        // Moved, with the default's placeholder: fine.
        "kb.get": { method: "GET", path: "/v1/knowledge-bases/{kb_id}", section: "4.1" },
      },
    }),
  );
  const result = await runCli(["run", "--profile", bad, "--quiet"], { timeoutMs: 30_000 });
  expect(result.code).toBe(2);
  expect(result.stderr).toContain("operations.webhook.creat: unknown operation (did you mean webhook.create?)");
  expect(result.stderr).toContain(
    "operations.agent.get.path: placeholders {id} must be the default's {agent_id} (/v1/agents/{agent_id})",
  );
  expect(result.stderr).toContain("operations.webhook.rotate-secret.path: placeholders none must be the default's");
  expect(result.stderr).not.toMatch(/kb\.get/);
  expect(result.stdout).not.toMatch(/Embedded reference platform/);
});
