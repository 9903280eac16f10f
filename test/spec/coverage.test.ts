// Every check names only known clauses, and every clause that can be tested has a check, except the
// ones recorded in uncovered-clauses.json: that list may only shrink (the test fails when a clause
// gains a check and is still listed, and when a clause loses its check).
import { readFileSync } from "node:fs";
import { expect, test } from "vitest";
import { CLAUSE_BY_ID } from "../../spec/clauses/index.ts";
import { OPTIONAL_BEHAVIOURS, OPTIONAL_BY_CHECK_ID } from "../../spec/optional-behaviours.ts";
import { runCli } from "../helpers/cli.ts";

interface Row {
  id: string;
  kind: string;
  checks: string[];
}

test("checks name known clauses; uncovered clauses are exactly the recorded gaps", { timeout: 240_000 }, async () => {
  const result = await runCli(["clauses", "--json"], { timeoutMs: 110_000 });
  expect(result.code, result.stderr).toBe(0);
  const rows = JSON.parse(result.stdout) as Row[];
  expect(rows.length).toBe(CLAUSE_BY_ID.size);

  const listed = await runCli(["clauses", "--json", "--checks"], { timeoutMs: 110_000 });
  const checks = JSON.parse(listed.stdout) as Array<{ suite: string; name: string; clauses: string[] }>;
  expect(checks.length).toBeGreaterThan(0);
  for (const check of checks) {
    expect(check.clauses.length, `${check.suite}: ${check.name} names no clause`).toBeGreaterThan(0);
    for (const id of check.clauses)
      expect(
        CLAUSE_BY_ID.has(id) || OPTIONAL_BY_CHECK_ID.has(id),
        `${check.suite}: ${check.name} names unknown ${id}`,
      ).toBe(true);
  }

  for (const behaviour of OPTIONAL_BEHAVIOURS) {
    const id = `optional.${behaviour.id}`;
    expect(
      checks.some((check) => check.clauses.includes(id)),
      `optional behaviour ${behaviour.id} has a check`,
    ).toBe(true);
  }

  const uncovered = rows
    .filter((r) => r.kind !== "not-shown" && r.checks.length === 0)
    .map((r) => r.id)
    .sort();
  const recorded = (
    JSON.parse(readFileSync(new URL("./uncovered-clauses.json", import.meta.url), "utf8")) as string[]
  ).sort();
  expect(
    uncovered.filter((id) => !recorded.includes(id)),
    "clauses that lost their check",
  ).toEqual([]);
  expect(
    recorded.filter((id) => !uncovered.includes(id)),
    "clauses now covered: remove them from uncovered-clauses.json",
  ).toEqual([]);
});

test("the spec shipped in spec/ is the shared spec, byte for byte", () => {
  let shared: Buffer;
  try {
    shared = readFileSync(new URL("../../../shared/spec/platform-api.md", import.meta.url));
  } catch {
    return; // an installed copy has no shared/ beside it
  }
  expect(readFileSync(new URL("../../spec/platform-api.md", import.meta.url)).equals(shared)).toBe(true);
});
