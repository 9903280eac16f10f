// `cap-conformance faults`, `hostile` and `clauses`: what the tool knows, as text or JSON.

import { listChecks } from "../runner/list-checks.ts";
import { UNIVERSAL_RULES } from "../runner/universal-rules.ts";
import { FAULTS } from "../simulators/platform/faults/index.ts";
import { HOSTILE } from "../simulators/platform/hostile/index.ts";
import { CLAUSES } from "../spec/clauses/index.ts";
import { OPTIONAL_BEHAVIOURS, optionalCheckId } from "../spec/optional-behaviours.ts";

export function faultsCommand(argv: string[]): number {
  const rows = Object.entries(FAULTS).map(([name, fault]) => ({
    name,
    description: fault.description,
    clauses: [...fault.clauses],
  }));
  if (argv.includes("--json")) {
    console.log(JSON.stringify(rows, null, 2));
  } else {
    for (const row of rows)
      console.log(`${row.name.padEnd(36)} ${row.description}\n${" ".repeat(37)}breaks ${row.clauses.join(", ")}`);
  }
  return 0;
}

export function hostileCommand(argv: string[]): number {
  const rows = Object.entries(HOSTILE).map(([name, hostile]) => ({
    name,
    description: hostile.description,
    clauses: [...hostile.clauses],
  }));
  if (argv.includes("--json")) {
    console.log(JSON.stringify(rows, null, 2));
  } else {
    for (const row of rows)
      console.log(`${row.name.padEnd(20)} ${row.description}\n${" ".repeat(21)}met by ${row.clauses.join(", ")}`);
  }
  return 0;
}

export async function clausesCommand(argv: string[]): Promise<number> {
  // The rules applied to every response are checks too (runner/build-report.ts turns them into results).
  const universal = UNIVERSAL_RULES.map((rule) => ({
    suite: "every-response",
    name: rule.name,
    clauses: rule.clauses,
  }));
  const checks = [...(await listChecks()), ...universal];
  if (argv.includes("--checks")) {
    console.log(JSON.stringify(checks, null, 2));
    return 0;
  }
  const rows = CLAUSES.map((clause) => ({
    ...clause,
    checks: checks.filter((c) => c.clauses.includes(clause.id)).map((c) => `${c.suite}: ${c.name}`),
  }));
  if (argv.includes("--json")) {
    console.log(JSON.stringify(rows, null, 2));
    return 0;
  }
  for (const row of rows) {
    console.log(`${row.id} §${row.section} [${row.kind}]${row.assumption ? ` (assumes ${row.assumption})` : ""}`);
    console.log(`    ${row.statement}`);
    for (const check of row.checks) console.log(`    ✓ ${check}`);
    if (row.checks.length === 0 && row.kind !== "not-shown") console.log("    (no check)");
  }
  console.log("\nOptional behaviours (a profile declares each must-work, must-be-absent or not-tested):");
  for (const behaviour of OPTIONAL_BEHAVIOURS) {
    const id = optionalCheckId(behaviour.id);
    console.log(`${id} §${behaviour.section}`);
    console.log(`    must-work: ${behaviour.works}\n    must-be-absent: ${behaviour.absent}`);
    for (const check of checks.filter((c) => c.clauses.includes(id)))
      console.log(`    ✓ ${check.suite}: ${check.name}`);
  }
  return 0;
}
