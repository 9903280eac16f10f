// The sizes ARCHITECTURE.md states ("Its size today") are the code's: a clause, fault or variant added or
// removed without the sentence changing fails here.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { expect, it } from "vitest";
import { FAULTS } from "../simulators/platform/faults/index.ts";
import { HOSTILE } from "../simulators/platform/hostile/index.ts";
import { VARIANTS } from "../simulators/platform/variants/index.ts";
import { CLAUSES, CLAUSES_BY_AREA } from "../spec/clauses/index.ts";
import { OPERATIONS } from "../spec/operations.ts";
import { ROOT } from "./helpers/cli.ts";

const doc = readFileSync(join(ROOT, "ARCHITECTURE.md"), "utf8");
const sentence = /Its size today[^:]*: ([\s\S]*?)\n\n/.exec(doc)?.[1]?.replace(/\s+/g, " ") ?? "";

/** The number the sentence puts before `words`, or undefined where it names none. */
function stated(words: string): number | undefined {
  const m = new RegExp(`(\\d+) ${words}\\b`).exec(sentence);
  return m === null ? undefined : Number(m[1]);
}

const kindCount = (kind: string): number => CLAUSES.filter((clause) => clause.kind === kind).length;

it.each([
  ["clauses", CLAUSES.length],
  ["areas", Object.keys(CLAUSES_BY_AREA).length],
  ["testable", kindCount("testable")],
  ["needs-wiring", kindCount("needs-wiring")],
  ["needs-test-control", kindCount("needs-test-control")],
  ["not-shown", kindCount("not-shown")],
  ["operations", Object.keys(OPERATIONS).length],
  ["planted faults", Object.keys(FAULTS).length],
  ["legal variants", Object.keys(VARIANTS).length],
  ["hostile behaviours", Object.keys(HOSTILE).length],
])("ARCHITECTURE.md states the number of %s the code has", (words, count) => {
  expect(stated(words), `"N ${words}" in ARCHITECTURE.md's "Its size today"`).toBe(count);
});

it("the kinds it states add up to the clauses", () => {
  const kinds = ["testable", "needs-wiring", "needs-test-control", "not-shown"].map((k) => stated(k) ?? 0);
  expect(kinds.reduce((a, b) => a + b, 0)).toBe(stated("clauses"));
});
