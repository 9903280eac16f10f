// ARCHITECTURE.md stays true to the code: every file that cites it names a section it has, and every path it
// names exists.
import { execFileSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { expect, it } from "vitest";
import { ROOT } from "./helpers/cli.ts";

const doc = readFileSync(join(ROOT, "ARCHITECTURE.md"), "utf8");
const headings = new Set([...doc.matchAll(/^##+ (.+)$/gm)].map((m) => m[1]!.trim()));

it("every citation of ARCHITECTURE.md names one of its sections", () => {
  const files = execFileSync("git", ["ls-files"], { cwd: ROOT, encoding: "utf8" }).trim().split("\n");
  const wrong: string[] = [];
  for (const file of files.filter(
    (f) => /\.(ts|json|md|go)$/.test(f) && f !== "ARCHITECTURE.md" && !f.startsWith("test/"),
  )) {
    if (!existsSync(join(ROOT, file))) continue;
    const text = readFileSync(join(ROOT, file), "utf8");
    for (const m of text.matchAll(/ARCHITECTURE\.md(?:, \\?"([^"\\]+)\\?")?/g)) {
      // Code points at a section; prose (README) may name the whole document.
      if (m[1] === undefined) {
        if (!file.endsWith(".md")) wrong.push(`${file}: cites ARCHITECTURE.md without a section`);
      } else if (!headings.has(m[1])) wrong.push(`${file}: no section "${m[1]}"`);
    }
  }
  expect(wrong).toEqual([]);
});

it("every path it names in backticks exists", () => {
  const paths = [
    ...doc.matchAll(/`((?:cli|runner|suites|spec|reports|simulators|load|fixtures|bench|test)\/[^`*<>\s]+)`/g),
  ]
    .map((m) => m[1]!)
    .filter((p) => !p.includes("{"));
  const missing = [...new Set(paths)].filter((p) => !existsSync(join(ROOT, p)));
  expect(missing).toEqual([]);
});
