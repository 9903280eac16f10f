// Schemathesis (the version .ci/schemathesis-requirements.txt pins) against `cap-conformance serve` through the
// exported document and its configuration, the way README tells a user to run it: every check, every phase
// (examples, coverage, fuzzing, and the stateful phase following the document's links), and no failure.
// Skipped, saying why, only where Python or Schemathesis cannot be installed; with CI set that is a failure
// instead, since .ci/run installs it first.
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect, test } from "vitest";
import { Target } from "../../spec/target.ts";
import { ROOT, runCli, runProcess, serve } from "../helpers/cli.ts";

const INSTALL = join(ROOT, ".ci", "install-schemathesis");
const required = !["", "0", "false"].includes((process.env.CI ?? "").toLowerCase());

/** The folder holding `st`, or why there is none. */
async function installSchemathesis(): Promise<{ bin: string } | { why: string }> {
  const installed = await runProcess("bash", [INSTALL], { cwd: ROOT, timeoutMs: 600_000 }).catch((error: Error) => ({
    code: null,
    stdout: "",
    stderr: error.message,
  }));
  if (installed.code === 0) return { bin: installed.stdout.trim() };
  return { why: `.ci/install-schemathesis failed (${installed.code}): ${installed.stderr.trim().slice(-400)}` };
}

/** The events of Schemathesis's NDJSON report, each `{EventName: fields}`. */
function events(dir: string): Array<Record<string, Record<string, unknown>>> {
  const file = readdirSync(dir).find((name) => name.endsWith(".ndjson"));
  if (file === undefined) return [];
  return readFileSync(join(dir, file), "utf8")
    .split("\n")
    .filter((line) => line.trim() !== "")
    .map((line) => JSON.parse(line) as Record<string, Record<string, unknown>>);
}

test("Schemathesis, every check and every phase, reports no failure against serve through the exported document", {
  timeout: 1_800_000,
}, async (ctx) => {
  const installed = await installSchemathesis();
  if ("why" in installed) {
    if (required) throw new Error(`${installed.why}; CI is set and .ci/run installs Schemathesis`);
    ctx.skip(true, `Schemathesis cannot be installed here, skipping: ${installed.why}`);
    return;
  }
  const dir = mkdtempSync(join(tmpdir(), "cap-schemathesis-"));
  const served = await serve(["--regions", "1"], dir);
  try {
    const document = join(dir, "openapi.json");
    const config = join(dir, "schemathesis.toml");
    const exported = await runCli(["openapi", "--out", document, "--schemathesis-config", config], {
      timeoutMs: 60_000,
    });
    expect(exported.code, exported.stderr).toBe(0);
    const target = Target.parse(JSON.parse(readFileSync(served.targetFile, "utf8")));
    const reports = join(dir, "reports");
    const run = await runProcess(
      join(installed.bin, "st"),
      [
        "--config-file",
        config,
        "run",
        document,
        "--url",
        target.regions[0]!.base_url,
        "--checks",
        "all",
        "--max-examples",
        "20",
        "--seed",
        "42",
        // Nothing is kept between runs (no example database in the temporary folder), so each run is the same.
        "--generation-database",
        "none",
        "--report",
        "ndjson",
        "--report-dir",
        reports,
      ],
      {
        cwd: dir,
        env: { CAP_TOKEN_ADMIN: target.credentials.admin, NO_COLOR: "1" },
        timeoutMs: 1_700_000,
      },
    );
    const output = `${run.stdout.slice(-6_000)}\n${run.stderr.slice(-2_000)}`;
    expect(run.code, output).toBe(0);
    // The closing line counts what was found: "No issues found in 12.3s" or "2 warnings in 300.1s" pass;
    // warnings (operations that mostly got 404s or 4xx) are advice, not a check that failed.
    const closing = /^=+ (.+) in [\d.]+s =+$/m.exec(run.stdout)?.[1];
    expect(closing, output).toBeDefined();
    expect(closing, output).not.toMatch(/failure|error/);
    // Every phase ran to success (none was skipped for want of support), and the stateful one chained calls.
    const seen = events(reports);
    const phases = seen
      .flatMap((event) => (event.PhaseFinished === undefined ? [] : [event.PhaseFinished]))
      .map((finished) => `${(finished.phase as { name: string }).name}: ${finished.status}`);
    expect(phases, output).toEqual(
      expect.arrayContaining(["coverage: success", "fuzzing: success", "stateful: success"]),
    );
    const stateful = seen.filter(
      (event) => event.ScenarioFinished !== undefined && event.ScenarioFinished.phase === "stateful",
    );
    expect(stateful.length, "stateful scenarios").toBeGreaterThan(0);
  } finally {
    await served.stop();
    rmSync(dir, { recursive: true, force: true });
  }
});
