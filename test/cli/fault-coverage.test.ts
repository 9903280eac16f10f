// A check no fault can fail is a defect (ARCHITECTURE.md, "The kill matrix"): every clause a check verifies is
// declared by a planted fault, but for the gaps listed in fault-gaps.ts, each with why. The list only shrinks: a
// new check needs its fault, and a gap that gains one must leave the list.
import { expect, test } from "vitest";
import { FAULTS } from "../../simulators/platform/faults/index.ts";
import { runCli } from "../helpers/cli.ts";
import { FAULT_GAPS } from "./fault-gaps.ts";

test("every clause a check verifies is declared by a planted fault, but for the listed gaps", {
  timeout: 180_000,
}, async () => {
  const listed = await runCli(["clauses", "--json", "--checks"], { timeoutMs: 170_000 });
  expect(listed.code, listed.stderr).toBe(0);
  const checks = JSON.parse(listed.stdout) as Array<{ clauses: string[] }>;
  const declared = new Set(Object.values(FAULTS).flatMap((spec): readonly string[] => spec.clauses));
  const unfaulted = [...new Set(checks.flatMap((check) => check.clauses))].filter((id) => !declared.has(id)).sort();
  expect(
    unfaulted,
    "checked clauses no planted fault declares (a new one needs its fault; one that has one leaves fault-gaps.ts)",
  ).toEqual(Object.keys(FAULT_GAPS).sort());
});
