// The equivalent-mutant list's keys survive markdown: a key holding backticks (an empty template literal as
// the replacement) is written in a longer fence and read back whole, and every row of the list parses.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { PACKAGE_ROOT } from "../../runner/framework/package-info.ts";
import { MUTATION_AREAS } from "./areas.ts";
import { codeSpan, readEquivalents } from "./equivalents.ts";

describe("codeSpan", () => {
  it("fences a key by a run of backticks longer than any inside it", () => {
    expect(codeSpan('a.ts:3 StringLiteral ""')).toBe('`a.ts:3 StringLiteral ""`');
    expect(codeSpan("a.ts:3 StringLiteral ``")).toBe("``` a.ts:3 StringLiteral `` ```");
  });
});

describe("equivalent.md", () => {
  const rows = readFileSync(join(PACKAGE_ROOT, "test/mutation/equivalent.md"), "utf8")
    .split("\n")
    .filter((line) => /^\| [a-z-]+ \|/.test(line) && !line.startsWith("| area |"));

  it("reads every row of every area, keys with backticks and escaped bars included", () => {
    const read = Object.keys(MUTATION_AREAS).reduce((sum, area) => sum + readEquivalents(area).size, 0);
    expect(read).toBe(rows.length);
    const agents = readEquivalents("agents");
    expect(
      [...agents.keys()].some((key) => key.includes("StringLiteral `") && key.endsWith(" → ``")),
      "a key fenced by three backticks is read whole, its own backticks kept",
    ).toBe(true);
    const patch = readEquivalents("patch");
    expect(
      [...patch.keys()].some((key) => key.includes("||")),
      "a key with `||` is read with its bars unescaped",
    ).toBe(true);
  });
});
