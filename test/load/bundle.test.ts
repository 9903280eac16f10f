// Every scenario bundles, and the bundle imports nothing k6 cannot resolve itself.
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { bundleScenario, scenarioNames } from "../../load/bundle.ts";

const out = mkdtempSync(join(tmpdir(), "cap-load-bundle-"));
afterAll(() => rmSync(out, { recursive: true, force: true }));

/** Module specifiers of every static import, dynamic import and require in the bundle. */
function importsOf(code: string): string[] {
  const specifiers = [
    ...code.matchAll(/^\s*import\s+(?:[^"'`;]*?\s+from\s+)?["']([^"']+)["']/gm),
    ...code.matchAll(/\bimport\(\s*["']([^"']+)["']\s*\)/g),
    ...code.matchAll(/\brequire\(\s*["']([^"']+)["']\s*\)/g),
  ].map((m) => m[1]!);
  return [...new Set(specifiers)].sort();
}

describe("load scenario bundles", () => {
  it("knows the four scenarios", () => {
    expect(scenarioNames()).toEqual(["api-mix", "calls", "soak", "streams"]);
  });

  it.each(scenarioNames())("%s bundles with only k6 imports", async (name) => {
    const code = readFileSync(await bundleScenario(name, out), "utf8");
    const imports = importsOf(code);
    expect(imports.length).toBeGreaterThan(0);
    for (const specifier of imports) expect(specifier).toMatch(/^k6(\/[\w/-]+)?$/);
    // No remote module (jslib and the like): the run must not need the network.
    expect(code).not.toMatch(/from\s+["']https?:/);
    expect(code).toMatch(/export\s*\{[^}]*\bhandleSummary\b/);
    expect(code).toMatch(/export\s*\{[^}]*\boptions\b/);
  });

  it("streams and soak use k6/x/sse; api-mix and calls do not need it", async () => {
    const uses = async (name: string) => importsOf(readFileSync(await bundleScenario(name, out), "utf8"));
    expect(await uses("streams")).toContain("k6/x/sse");
    expect(await uses("soak")).toContain("k6/x/sse");
    expect(await uses("api-mix")).not.toContain("k6/x/sse");
    expect(await uses("calls")).not.toContain("k6/x/sse");
  });

  it("refuses an unknown scenario by name", async () => {
    await expect(bundleScenario("nope", out)).rejects.toThrow(/unknown scenario "nope"; known: api-mix/);
  });
});
