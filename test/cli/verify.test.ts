// `verify BUNDLE` checks a certification bundle as a certifier would: a full run's bundle passes; a narrowed one,
// an edited one and one hiding a failure without a reason each fail, naming why (README, "Certification").
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { sha256 } from "../../reports/bundle.ts";
import { OUTPUTS, RENDERED } from "../../reports/formats.ts";
import { Report } from "../../spec/report.ts";
import { runCli } from "../helpers/cli.ts";

const dir = mkdtempSync(join(tmpdir(), "cap-verify-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const PRODUCT = ["--vendor", "Acme", "--product", "Acme CAP", "--product-version", "1.2.3"];

async function bundleOf(name: string, args: string[]): Promise<string> {
  const bundle = join(dir, name);
  const made = await runCli(
    ["run", ...args, "--quiet", "--report-dir", join(dir, `${name}-reports`), "--bundle", bundle, ...PRODUCT],
    {
      timeoutMs: 280_000,
    },
  );
  expect(made.stdout, made.stderr).toContain(`Bundle: ${bundle}`);
  return bundle;
}

async function verify(bundle: string) {
  return runCli(["verify", bundle], { timeoutMs: 60_000 });
}

/** What a careful hand does after editing report.json: re-render the other files and write the digests again. */
function reseal(bundle: string, edit: (report: Report) => void): void {
  const report = Report.parse(JSON.parse(readFileSync(join(bundle, "report.json"), "utf8")));
  edit(report);
  writeFileSync(join(bundle, "report.json"), OUTPUTS.json.render(report));
  for (const name of RENDERED) writeFileSync(join(bundle, OUTPUTS[name].file!), OUTPUTS[name].render(report));
  const product = JSON.parse(readFileSync(join(bundle, "product.json"), "utf8")) as { files: Record<string, string> };
  for (const file of readdirSync(bundle).filter((f) => f !== "product.json")) {
    product.files[file] = sha256(readFileSync(join(bundle, file)));
  }
  writeFileSync(join(bundle, "product.json"), JSON.stringify(product, null, 2));
}

describe("cap-conformance verify", () => {
  let full: string;

  it("passes the bundle of a full run that passed", { timeout: 300_000 }, async () => {
    full = await bundleOf("full", ["--seed", "3"]);
    const product = JSON.parse(readFileSync(join(full, "product.json"), "utf8")) as Record<string, unknown>;
    expect(product).toMatchObject({ certification: "certification run", verdict: "PASS", exit_code: 0 });
    const result = await verify(full);
    expect(result.code, result.stdout + result.stderr).toBe(0);
    expect(result.stdout).toContain("VERIFIED:");
    expect(result.stdout).not.toContain("✗");
  });

  it("fails an edited bundle: the file's digest, and what the report renders", { timeout: 60_000 }, async () => {
    const edited = join(dir, "edited");
    cpSync(full, edited, { recursive: true });
    const path = join(edited, "report.json");
    writeFileSync(path, readFileSync(path, "utf8").replace(/"seed": \d+/, '"seed": 4'));
    const result = await verify(edited);
    expect(result.code, result.stdout).toBe(1);
    expect(result.stdout).toMatch(/✗ report\.json was changed after the run: its sha256 is/);
    expect(result.stdout).toContain("✗ summary.md is not what report.json renders: one of them was edited");
  });

  it("fails a narrowed run's bundle, saying it is partial and how", { timeout: 200_000 }, async () => {
    const narrowed = await bundleOf("narrowed", ["--suite", "errors", "--seed", "3"]);
    expect(readFileSync(join(narrowed, "product.json"), "utf8")).toContain(
      '"certification": "partial: not a certification run: only the suites errors (--suite)"',
    );
    expect(readFileSync(join(narrowed, "report.html"), "utf8")).toContain(
      "cap-conformance report · partial: not a certification run",
    );
    const result = await verify(narrowed);
    expect(result.code, result.stdout).toBe(1);
    expect(result.stdout).toContain("✗ partial, not a certification run: only the suites errors (--suite)");
  });

  it("fails a bundle that hides a failure without a reason, even resealed", { timeout: 200_000 }, async () => {
    const expectFile = join(dir, "expect.json");
    writeFileSync(
      expectFile,
      JSON.stringify([{ clause: "paging.limit-above-ceiling-422", reason: "we clamp on purpose" }]),
    );
    const hiding = await bundleOf("hiding", [
      "--fault",
      "limit-clamped",
      "--clause",
      "paging.limit-above-ceiling-422",
      "--seed",
      "3",
      "--expect",
      expectFile,
    ]);
    reseal(hiding, (report) => {
      // The expectation taken out of the recorded file, its reason emptied: the failure still reads as expected.
      report.run.selection!.expectations!.entries = [];
      const clause = report.clauses.find((c) => c.id === "paging.limit-above-ceiling-422")!;
      expect(clause.expected).toBeDefined();
      clause.expected!.reason = " ";
    });
    const result = await verify(hiding);
    expect(result.code, result.stdout).toBe(1);
    expect(result.stdout).toContain(
      "✗ a failure is hidden without a reason: paging.limit-above-ceiling-422 marked expected with no reason in the recorded expectations file",
    );
    // Resealed: every digest holds, so only reading the report against its selection finds it.
    expect(result.stdout).toContain("✓ report.json: sha256");
  });

  it("exits 2 for a directory that is no bundle", { timeout: 60_000 }, async () => {
    const result = await verify(join(dir, "nothing-here"));
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/error: .*nothing-here is no bundle: it has no product\.json/);
  });
});
